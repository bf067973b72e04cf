// Runs in: renderer. /password/forgot: mails a one-hour reset link when SMTP is set up; otherwise explains the recovery code.
import { useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { AuthShell, Notice, useAuthOptions } from './shared';
import { t } from '../../lib/i18n';
import { saidMessage } from '../../lib/i18n/server';
import { tr } from '../../lib/i18n/rich';

export default function ForgotPage() {
  const options = useAuthOptions();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');

  const asking = useAction(async () => setMessage(saidMessage(await api.call('auth.forgot', { email }))), { report: 'inline' });
  const error = asking.error;
  function submit(e: React.FormEvent) {
    e.preventDefault();
    void asking.run();
  }

  return (
    <AuthShell title={t('auth.forgotYourPassword')}>
      {options && !options.mail ? (
        <>
          <p>{tr('auth.noMail', { code: <strong>{t('auth.recoveryCodeLower')}</strong> })}</p>
          <a className="btn btn-primary" href="/password/recover">
            {t('auth.resetWithMyRecovery')}
          </a>
        </>
      ) : message ? (
        <Notice kind="success">{message}</Notice>
      ) : (
        <form onSubmit={submit}>
          {error && <Notice kind="error">{error}</Notice>}
          <label className="field">
            <span className="field-label">{t('auth.emailOfYourAccount')}</span>
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
          <button className="btn btn-primary" disabled={!email || asking.busy}>
            {t('auth.sendResetLink')}
          </button>
        </form>
      )}
      <div className="auth-links">
        <a href="/login">{t('auth.backToLogIn')}</a>
        <a href="/password/recover">{t('auth.iHaveARecovery')}</a>
      </div>
    </AuthShell>
  );
}
