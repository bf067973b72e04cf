// Runs in: renderer. /password/change: an account an administrator gave a temporary password lands here after
// signing in; the server refuses everything else to it until the new password is set (http/auth.ts gate).
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { AuthShell, goTo, Notice } from './shared';
import { t } from '../../lib/i18n';
import { logout } from './ProfilePage';

export default function ChangePasswordPage() {
  const [form, setForm] = useState({ current_password: '', password: '', password_confirm: '' });
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await api.call('auth.changePassword', form);
      goTo('/');
    } catch (err) {
      setError(errorMessage(err).replace(/^Invalid input: \w+: /, ''));
      setBusy(false);
    }
  }

  return (
    <AuthShell title={t('auth.chooseNewPassword')}>
      <Notice>{t('auth.temporaryPasswordExplained')}</Notice>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field-label">{t('auth.temporaryPassword')}</span>
          <input
            className="input"
            type="password"
            name="current_password"
            autoComplete="current-password"
            value={form.current_password}
            onChange={set('current_password')}
            autoFocus
            required
          />
        </label>
        <label className="field">
          <span className="field-label">{t('auth.newPassword')}</span>
          <input className="input" type="password" name="password" autoComplete="new-password" value={form.password} onChange={set('password')} required />
        </label>
        <label className="field">
          <span className="field-label">{t('auth.repeatNewPassword')}</span>
          <input
            className="input"
            type="password"
            name="password_confirm"
            autoComplete="new-password"
            value={form.password_confirm}
            onChange={set('password_confirm')}
            required
          />
        </label>
        <button className="btn btn-primary" disabled={busy || !form.current_password || !form.password}>
          {t('auth.changePassword')}
        </button>
      </form>
      <div className="auth-links">
        <button type="button" className="btn btn-ghost btn-small" onClick={() => void logout()}>
          {t('auth.logOut')}
        </button>
      </div>
    </AuthShell>
  );
}
