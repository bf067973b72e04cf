// Runs in: renderer. /profile: the account (password, recovery code, email confirmation, API tokens, log out);
// in single-user mode only "Connected apps".
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { Field, Page, Spinner } from '../../components/Page';
import { Link } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';
import { ConnectedApps } from './ConnectedApps';
import { RecoveryCode } from './shared';
import './auth.css';

export async function logout() {
  try {
    await api.call('auth.logout', {});
  } finally {
    window.location.assign('/login?notice=logged-out');
  }
}

function PasswordCard() {
  const [form, setForm] = useState({ current_password: '', password: '', password_confirm: '' });
  const [error, setError] = useState('');
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      await api.call('auth.changePassword', form);
      setForm({ current_password: '', password: '', password_confirm: '' });
      toast('success', 'Password changed. Other devices, remember-me and API tokens were signed out.');
    } catch (err) {
      setError(errorMessage(err).replace(/^Invalid input: \w+: /, ''));
    }
  }
  return (
    <form className="card form-narrow" onSubmit={(e) => void submit(e)}>
      <h2>Change password</h2>
      <Field label="Current password">
        <input className="input" type="password" autoComplete="current-password" value={form.current_password} onChange={set('current_password')} />
      </Field>
      <Field label="New password">
        <input className="input" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
      </Field>
      <Field label="Repeat new password" error={error || undefined}>
        <input className="input" type="password" autoComplete="new-password" value={form.password_confirm} onChange={set('password_confirm')} />
      </Field>
      <div className="form-actions">
        <button className="btn btn-primary" disabled={!form.current_password || !form.password}>
          Change password
        </button>
      </div>
    </form>
  );
}

function RecoveryCard() {
  const [pw, setPw] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      setCode((await api.call('auth.newRecoveryCode', { current_password: pw })).recovery_code);
      setPw('');
    } catch (err) {
      setError(errorMessage(err));
    }
  }
  return (
    <form className="card form-narrow" onSubmit={(e) => void submit(e)}>
      <h2>Recovery code</h2>
      {code ? (
        <RecoveryCode code={code} />
      ) : (
        <>
          <p className="field-hint">A new code replaces the old one. You need it to reset your password without email.</p>
          <Field label="Current password" error={error || undefined}>
            <input className="input" type="password" autoComplete="current-password" value={pw} onChange={(e) => setPw(e.target.value)} />
          </Field>
          <div className="form-actions">
            <button className="btn" disabled={!pw}>
              Make a new recovery code
            </button>
          </div>
        </>
      )}
    </form>
  );
}

export default function ProfilePage() {
  const me = useCall('auth.me', {});
  if (!me.data) return <Spinner />;
  const { user, multi_user } = me.data;
  if (!multi_user) {
    return (
      <Page title="Connected apps" subtitle="This Lectio runs in single-user mode: no login, only paired apps.">
        <ConnectedApps multiUser={false} />
      </Page>
    );
  }
  return (
    <Page
      title={user.username}
      subtitle={
        <>
          {user.role === 'admin' ? 'Administrator' : 'Learner'}
          {user.email ? ` · ${user.email}${user.email_verified ? ' (confirmed)' : ' (not confirmed)'}` : ' · no email'}
        </>
      }
      actions={
        <>
          {user.role === 'admin' && (
            <Link className="btn" to="/admin/users">
              Users
            </Link>
          )}
          {user.role === 'admin' && (
            <Link className="btn" to="/admin/server">
              Server
            </Link>
          )}
          <button className="btn" onClick={() => void logout()}>
            Log out
          </button>
        </>
      }
    >
      {user.email && !user.email_verified && (
        <div className="card">
          <button
            className="btn btn-small"
            onClick={() =>
              api.call('auth.resendVerification', {}).then(
                (r) => toast('success', r.message),
                (err: unknown) => toast('error', errorMessage(err)),
              )
            }
          >
            Send the confirmation mail again
          </button>
        </div>
      )}
      <PasswordCard />
      {!user.email && <RecoveryCard />}
      <ConnectedApps multiUser />
    </Page>
  );
}
