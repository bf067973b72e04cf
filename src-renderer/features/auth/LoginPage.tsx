// Runs in: renderer. /login: username or email, password, "remember me"; back to the page that sent you here.
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { AuthShell, goTo, Notice, queryParam, useAuthOptions } from './shared';

const NOTICES: Record<string, string> = {
  'logged-out': 'You are logged out.',
  'password-reset': 'Your password was changed. Log in with the new one.',
  'email-verified': 'Your email address is confirmed.',
  'verify-failed': 'That confirmation link is invalid or has expired.',
};

export default function LoginPage() {
  const options = useAuthOptions();
  const [username, setUsername] = useState(queryParam('username'));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState(queryParam('error'));
  const [busy, setBusy] = useState(false);
  const registered = queryParam('registered') === '1';
  const notice = NOTICES[queryParam('notice')];

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      const res = await api.call('auth.login', { username, password, remember, issue_token: false, next: queryParam('next') || undefined });
      goTo(res.next);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  if (options && !options.multi_user) {
    return (
      <AuthShell title="No login needed">
        <p>This Lectio runs in single-user mode: there are no accounts.</p>
        <a className="btn btn-primary" href="/">
          Open Lectio
        </a>
      </AuthShell>
    );
  }
  return (
    <AuthShell title="Log in">
      {registered && <Notice kind="success">Your account is ready. Log in to start reading.</Notice>}
      {notice && <Notice>{notice}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field-label">Username or email</span>
          <input
            className="input"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoFocus={!username}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">Password</span>
          <input
            className="input"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus={!!username}
            required
          />
        </label>
        <label className="auth-check">
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Remember me on this device for 30 days
        </label>
        <button className="btn btn-primary" disabled={busy || !username || !password}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <div className="auth-links">
        {options?.registration_open ? <a href="/register">Create an account</a> : <span />}
        <a href={options?.mail ? '/password/forgot' : '/password/recover'}>Forgot your password?</a>
      </div>
    </AuthShell>
  );
}
