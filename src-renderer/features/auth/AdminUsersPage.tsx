// Runs in: renderer. /admin/users (admin): list accounts, disable/enable, promote/demote (never the last admin).
import type { UserDto } from '../../../src-shared/contract/auth';
import { api, errorMessage } from '../../api/client';
import { Page, Spinner } from '../../components/Page';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';
import { formatDate, formatDateTime, t } from '../../lib/i18n';

export default function AdminUsersPage() {
  const users = useCall('admin.users.list', {});
  async function update(u: UserDto, change: { active?: boolean; role?: 'user' | 'admin' }) {
    try {
      await api.call('admin.users.update', { id: u.id!, ...change });
      users.reload();
    } catch (err) {
      toast('error', errorMessage(err));
    }
  }
  if (users.error)
    return (
      <Page title={t('auth.users')}>
        <p className="error-text">{users.error}</p>
      </Page>
    );
  if (!users.data) return <Spinner />;
  return (
    <Page title={t('auth.users')} subtitle={t('auth.accounts', { count: users.data.length })} wide>
      <table className="table">
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
            <tr key={u.id}>
              <td>{u.username}</td>
              <td>{u.email ?? '—'}</td>
              <td>{u.role === 'admin' ? <span className="badge">{t('auth.roleAdmin')}</span> : t('auth.roleLearner')}</td>
              <td>{formatDate(u.created)}</td>
              <td>{u.last_login ? formatDateTime(u.last_login) : '—'}</td>
              <td>{u.active ? t('auth.active') : <span className="error-text">{t('auth.disabled')}</span>}</td>
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <button className="btn btn-small" onClick={() => void update(u, { role: u.role === 'admin' ? 'user' : 'admin' })}>
                  {u.role === 'admin' ? t('auth.makeLearner') : t('auth.makeAdmin')}
                </button>{' '}
                <button className={`btn btn-small${u.active ? ' btn-danger-ghost' : ''}`} onClick={() => void update(u, { active: !u.active })}>
                  {u.active ? t('auth.disable') : t('auth.enable')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
