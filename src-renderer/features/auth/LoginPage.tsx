// Runs in: renderer. /login: username or email, password, "remember me"; back to the page that sent you here.
import { useState } from 'react';
import { PASSWORD_CHANGE_PAGE } from '../../../src-shared/contract/auth';
import { api, errorMessage } from '../../api/client';
import { AuthShell, goTo, Notice, queryParam, useAuthOptions } from './shared';
import { t } from '../../lib/i18n';

const NOTICES: Record<string, string> = {
  'logged-out': t('auth.youAreLoggedOut'),
  'password-reset': t('auth.yourPasswordWasChanged'),
  'email-verified': t('auth.yourEmailAddressIs'),
  'verify-failed': t('auth.thatConfirmationLinkIs'),
  'account-deleted': t('auth.accountDeletedNotice'),
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
      // A temporary password: the server lets this session do nothing else until it is changed.
      goTo(res.user.must_change_password ? PASSWORD_CHANGE_PAGE : res.next);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  if (options && !options.multi_user) {
    return (
      <AuthShell title={t('auth.noLoginNeeded')}>
        <p>{t('auth.thisLectioRunsIn')}</p>
        <a className="btn btn-primary" href="/">
          {t('auth.openLectio')}
        </a>
      </AuthShell>
    );
  }
  return (
    <AuthShell title={t('auth.logIn')}>
      {options?.first_account && (
        <Notice>
          <p>{t('auth.noAccountsYet')}</p>
          <a className="btn btn-primary" href="/register">
            {t('auth.createFirstAccount')}
          </a>
        </Notice>
      )}
      {registered && <Notice kind="success">{t('auth.yourAccountIsReady')}</Notice>}
      {notice && <Notice>{notice}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field-label">{t('auth.usernameOrEmail')}</span>
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
          <span className="field-label">{t('auth.password')}</span>
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
          <input type="checkbox" name="remember" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> {t('auth.rememberMe')}
        </label>
        <button className="btn btn-primary" disabled={busy || !username || !password}>
          {busy ? t('auth.loggingIn') : t('auth.logIn')}
        </button>
      </form>
      <div className="auth-links">
        {options?.registration_open ? <a href="/register">{t('auth.createAnAccount')}</a> : <span />}
        <a href={options?.mail ? '/password/forgot' : '/password/recover'}>{t('auth.forgotYourPassword')}</a>
      </div>
    </AuthShell>
  );
}
