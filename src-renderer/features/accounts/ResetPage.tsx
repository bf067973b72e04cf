// Runs in: renderer. /password/reset?token=…: choose a new password with a mailed link (single use, one hour).
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { AuthShell, goTo, Notice, queryParam } from './shared';
import { t } from '../../lib/i18n';

export default function ResetPage() {
  const token = queryParam('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState(queryParam('error'));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      await api.call('auth.reset', { token, password, password_confirm: confirm });
      goTo('/login?notice=password-reset');
    } catch (err) {
      setError(errorMessage(err).replace(/^Invalid input: \w+: /, ''));
    }
  }

  return (
    <AuthShell title={t('auth.chooseANewPassword')}>
      {!token && <Notice kind="error">{t('auth.thisPageNeedsThe')}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)}>
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
        <button className="btn btn-primary" disabled={!token || !password}>
          {t('auth.setPassword')}
        </button>
      </form>
      <div className="auth-links">
        <a href="/password/forgot">{t('auth.askForANew')}</a>
      </div>
    </AuthShell>
  );
}
