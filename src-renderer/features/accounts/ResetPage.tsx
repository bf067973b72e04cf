// Runs in: renderer. /password/reset?token=…: choose a new password with a mailed link (single use, one hour).
import { useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { AuthShell, formError, goTo, Notice, queryParam } from './shared';
import { t } from '../../lib/i18n';

export default function ResetPage() {
  const token = queryParam('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  /** A refusal the page was opened with (?error=…, from the no-JavaScript form's redirect). */
  const [linkError, setLinkError] = useState(queryParam('error'));

  const resetting = useAction(
    async () => {
      await api.call('auth.reset', { token, password, password_confirm: confirm });
      goTo('/login?notice=password-reset');
    },
    { report: 'inline', describe: formError },
  );
  const error = resetting.error ?? linkError;
  function submit(e: React.FormEvent) {
    e.preventDefault();
    setLinkError('');
    void resetting.run();
  }

  return (
    <AuthShell title={t('auth.chooseANewPassword')}>
      {!token && <Notice kind="error">{t('auth.thisPageNeedsThe')}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit}>
        <label className="field">
          <span className="field-label">{t('auth.newPassword')}</span>
          <input
            className="input"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus
            required
          />
        </label>
        <label className="field">
          <span className="field-label">{t('auth.repeatNewPassword')}</span>
          <input className="input" type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} required />
        </label>
        <button className="btn btn-primary" disabled={!token || !password || resetting.busy}>
          {t('auth.setPassword')}
        </button>
      </form>
      <div className="auth-links">
        <a href="/password/forgot">{t('auth.askForANew')}</a>
      </div>
    </AuthShell>
  );
}
