// Runs in: renderer. /admin/users (admin): registration open or closed; the accounts with disable/enable,
// promote/demote (never the last admin), a temporary password and deletion. State and actions: useAdminUsers.
import { Page, Spinner } from '../../components/Page';
import { Link } from '../../lib/router';
import { formatDate, formatDateTime, t } from '../../lib/i18n';
import { useAdminUsers } from './useAdminUsers';
import './accounts.css';

export default function AdminUsersPage() {
  const { users, selfId, registrationOpen, update, setTemporaryPassword, remove, toggleRegistration } = useAdminUsers();
  if (users.error)
    return (
      <Page title={t('auth.users')}>
        <p className="error-text">{users.error}</p>
      </Page>
    );
  if (!users.data) return <Spinner />;
  return (
    <Page title={t('auth.users')} subtitle={t('auth.accounts', { count: users.data.length })} wide>
      {registrationOpen !== null && (
        <div className="card admin-registration">
          <h2>{t('auth.registration')}</h2>
          <label className="auth-check">
            <input type="checkbox" checked={registrationOpen} onChange={(e) => void toggleRegistration(e.target.checked)} /> {t('auth.registrationOpenLabel')}
          </label>
          <p className="field-hint">{t('auth.registrationOpenHint')}</p>
        </div>
      )}
      <div className="admin-users-scroll">
        <table className="table admin-users">
          <thead>
            <tr>
              <th>{t('auth.username')}</th>
              <th>{t('auth.email')}</th>
              <th>{t('auth.role')}</th>
              <th>{t('auth.created')}</th>
              <th>{t('auth.lastLogin')}</th>
              <th>{t('auth.status')}</th>
              <th aria-label={t('auth.actions')} />
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => (
              <tr key={u.id} data-testid={`user-${u.username}`}>
                <td>{u.username}</td>
                <td>{u.email ?? '—'}</td>
                <td>{u.role === 'admin' ? <span className="badge">{t('auth.roleAdmin')}</span> : t('auth.roleLearner')}</td>
                <td>{formatDate(u.created)}</td>
                <td>{u.last_login ? formatDateTime(u.last_login) : '—'}</td>
                <td>
                  {u.active ? t('auth.active') : <span className="error-text">{t('auth.disabled')}</span>}
                  {u.must_change_password && <span className="badge admin-must-change">{t('auth.mustChangePassword')}</span>}
                </td>
                <td className="admin-user-actions">
                  <button className="btn btn-small" onClick={() => void update(u, { role: u.role === 'admin' ? 'user' : 'admin' })}>
                    {u.role === 'admin' ? t('auth.makeLearner') : t('auth.makeAdmin')}
                  </button>
                  <button className={`btn btn-small${u.active ? ' btn-danger-ghost' : ''}`} onClick={() => void update(u, { active: !u.active })}>
                    {u.active ? t('auth.disable') : t('auth.enable')}
                  </button>
                  {u.id === selfId ? (
                    <Link className="btn btn-small btn-ghost" to="/profile">
                      {t('auth.yourAccountOnProfile')}
                    </Link>
                  ) : (
                    <>
                      <button className="btn btn-small" onClick={() => void setTemporaryPassword(u)}>
                        {t('auth.setTemporaryPassword')}
                      </button>
                      <button className="btn btn-small btn-danger-ghost" onClick={() => void remove(u)}>
                        {t('auth.deleteUser')}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Page>
  );
}
