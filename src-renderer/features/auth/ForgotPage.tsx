// Runs in: renderer. /password/forgot: mails a one-hour reset link when SMTP is set up; otherwise explains the recovery code.
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { AuthShell, Notice, useAuthOptions } from './shared';

export default function ForgotPage() {
  const options = useAuthOptions();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      setMessage((await api.call('auth.forgot', { email })).message);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  return (
    <AuthShell title="Forgot your password?">
      {options && !options.mail ? (
        <>
          <p>
            This server cannot send mail. Use the <strong>recovery code</strong> you were shown when you created your account, or ask the administrator to help.
          </p>
          <a className="btn btn-primary" href="/password/recover">
            Reset with my recovery code
          </a>
        </>
      ) : message ? (
        <Notice kind="success">{message}</Notice>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          {error && <Notice kind="error">{error}</Notice>}
          <label className="field">
            <span className="field-label">Email of your account</span>
            <input
              className="input"
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
              required
            />
          </label>
          <button className="btn btn-primary" disabled={!email}>
            Send reset link
          </button>
        </form>
      )}
      <div className="auth-links">
        <a href="/login">Back to log in</a>
        <a href="/password/recover">I have a recovery code</a>
      </div>
    </AuthShell>
  );
}
