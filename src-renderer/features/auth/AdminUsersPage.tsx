// Runs in: renderer. /admin/users (admin): list accounts, disable/enable, promote/demote (never the last admin).
import type { UserDto } from '../../../src-shared/contract/auth';
import { api, errorMessage } from '../../api/client';
import { Page, Spinner } from '../../components/Page';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';
import { countOf } from '../../lib/plural';

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
      <Page title="Users">
        <p className="error-text">{users.error}</p>
      </Page>
    );
  if (!users.data) return <Spinner />;
  return (
    <Page title="Users" subtitle={`${countOf(users.data.length, 'account')}`} wide>
      <table className="table">
        <thead>
          <tr>
            <th>Username</th>
            <th>Email</th>
            <th>Role</th>
            <th>Created</th>
            <th>Last login</th>
            <th>Status</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {users.data.map((u) => (
            <tr key={u.id}>
              <td>{u.username}</td>
              <td>{u.email ?? '—'}</td>
              <td>{u.role === 'admin' ? <span className="badge">admin</span> : 'learner'}</td>
              <td>{new Date(u.created).toLocaleDateString()}</td>
              <td>{u.last_login ? new Date(u.last_login).toLocaleString() : '—'}</td>
              <td>{u.active ? 'active' : <span className="error-text">disabled</span>}</td>
              <td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <button className="btn btn-small" onClick={() => void update(u, { role: u.role === 'admin' ? 'user' : 'admin' })}>
                  {u.role === 'admin' ? 'Make learner' : 'Make admin'}
                </button>{' '}
                <button className={`btn btn-small${u.active ? ' btn-danger-ghost' : ''}`} onClick={() => void update(u, { active: !u.active })}>
                  {u.active ? 'Disable' : 'Enable'}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Page>
  );
}
