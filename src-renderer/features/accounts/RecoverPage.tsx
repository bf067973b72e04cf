// Runs in: renderer. /password/recover: username + recovery code + new password; shows the new code once.
import { useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { AuthShell, formError, Notice, RecoveryCode } from './shared';
import { t } from '../../lib/i18n';

export default function RecoverPage() {
  const [form, setForm] = useState({ username: '', recovery_code: '', password: '', password_confirm: '' });
  const [code, setCode] = useState('');
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });

  const recovering = useAction(async () => setCode((await api.call('auth.recover', form)).recovery_code), { report: 'inline', describe: formError });
  const error = recovering.error;
  function submit(e: React.FormEvent) {
    e.preventDefault();
    void recovering.run();
  }

  if (code) {
    return (
      <AuthShell title={t('auth.passwordChanged')}>
        <RecoveryCode code={code} />
        <p className="field-hint">{t('auth.yourOldRecoveryCode')}</p>
        <a className="btn btn-primary" href={`/login?notice=password-reset&username=${encodeURIComponent(form.username)}`}>
          {t('auth.logIn')}
        </a>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('auth.resetWithARecovery')}>
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit}>
        <label className="field">
          <span className="field-label">{t('auth.username')}</span>
          <input className="input" autoComplete="username" value={form.username} onChange={set('username')} autoFocus required />
        </label>
        <label className="field">
          <span className="field-label">{t('auth.recoveryCode')}</span>
          <input
            className="input mono"
            placeholder={t('auth.xxxxxXxxxxXxxxxXxxxx')}
            autoComplete="off"
            spellCheck={false}
            value={form.recovery_code}
            onChange={set('recovery_code')}
            required
          />
        </label>
        <label className="field">
          <span className="field-label">{t('auth.newPassword')}</span>
          <input className="input" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} required />
        </label>
        <label className="field">
          <span className="field-label">{t('auth.repeatNewPassword')}</span>
          <input className="input" type="password" autoComplete="new-password" value={form.password_confirm} onChange={set('password_confirm')} required />
        </label>
        <button className="btn btn-primary" disabled={recovering.busy}>
          {t('auth.resetPassword')}
        </button>
      </form>
      <div className="auth-links">
        <a href="/login">{t('auth.backToLogIn')}</a>
      </div>
    </AuthShell>
  );
}
