// Runs in: renderer. /password/change: an account an administrator gave a temporary password lands here after
// signing in; the server refuses everything else to it until the new password is set (http/auth.ts gate).
import { useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { AuthShell, formError, goTo, Notice } from './shared';
import { t } from '../../lib/i18n';
import { logout } from './ProfilePage';
import { PasswordField } from './PasswordField';

export default function ChangePasswordPage() {
  const [form, setForm] = useState({ current_password: '', password: '', password_confirm: '' });
  const put = (k: keyof typeof form) => (value: string) => setForm({ ...form, [k]: value });
  const change = useAction(
    async () => {
      await api.call('auth.changePassword', form);
      goTo('/');
    },
    { report: 'inline', describe: formError },
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    void change.run();
  };

  return (
    <AuthShell title={t('auth.chooseNewPassword')}>
      <Notice>{t('auth.temporaryPasswordExplained')}</Notice>
      {change.error && <Notice kind="error">{change.error}</Notice>}
      <form onSubmit={submit}>
        <label className="field">
          <span className="field-label">{t('auth.temporaryPassword')}</span>
          <PasswordField purpose="current" name="current_password" value={form.current_password} onChange={put('current_password')} autoFocus required />
        </label>
        <label className="field">
          <span className="field-label">{t('auth.newPassword')}</span>
          <PasswordField purpose="new" name="password" value={form.password} onChange={put('password')} required lengthHint />
        </label>
        <label className="field">
          <span className="field-label">{t('auth.repeatNewPassword')}</span>
          <PasswordField purpose="new" name="password_confirm" value={form.password_confirm} onChange={put('password_confirm')} required />
        </label>
        <button className="btn btn-primary" disabled={change.busy || !form.current_password || !form.password}>
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
