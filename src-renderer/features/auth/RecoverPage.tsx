// Runs in: renderer. /password/recover: username + recovery code + new password; shows the new code once.
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { AuthShell, Notice, RecoveryCode } from './shared';

export default function RecoverPage() {
  const [form, setForm] = useState({ username: '', recovery_code: '', password: '', password_confirm: '' });
  const [error, setError] = useState('');
  const [code, setCode] = useState('');
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      setCode((await api.call('auth.recover', form)).recovery_code);
    } catch (err) {
      setError(errorMessage(err).replace(/^Invalid input: \w+: /, ''));
    }
  }

  if (code) {
    return (
      <AuthShell title="Password changed">
        <RecoveryCode code={code} />
        <p className="field-hint">Your old recovery code no longer works.</p>
        <a className="btn btn-primary" href={`/login?notice=password-reset&username=${encodeURIComponent(form.username)}`}>
          Log in
        </a>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Reset with a recovery code">
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field-label">Username</span>
          <input className="input" autoComplete="username" value={form.username} onChange={set('username')} autoFocus required />
        </label>
        <label className="field">
          <span className="field-label">Recovery code</span>
          <input
            className="input mono"
            placeholder="XXXXX-XXXXX-XXXXX-XXXXX"
            autoComplete="off"
            spellCheck={false}
            value={form.recovery_code}
            onChange={set('recovery_code')}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">New password</span>
          <input className="input" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} required />
        </label>
        <label className="field">
          <span className="field-label">Repeat new password</span>
          <input className="input" type="password" autoComplete="new-password" value={form.password_confirm} onChange={set('password_confirm')} required />
        </label>
        <button className="btn btn-primary">Reset password</button>
      </form>
      <div className="auth-links">
        <a href="/login">Back to log in</a>
      </div>
    </AuthShell>
  );
}
