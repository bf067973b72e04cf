// Runs in: renderer. /login: username or email, password, "remember me"; back to the page that sent you here. After
// too many failed sign-ins of an account the server asks for the captcha too: the check shows above the button.
import { AuthShell, Notice, queryParam, useAuthOptions } from './shared';
import { t } from '../../lib/i18n';
import { useLogin } from './useLogin';
import { PowStatus } from './usePow';

// Keys, said when drawn (a text translated at import time would keep the language the page first loaded in).
const NOTICES = {
  'logged-out': 'auth.youAreLoggedOut',
  'password-reset': 'auth.yourPasswordWasChanged',
  'email-verified': 'auth.yourEmailAddressIs',
  'verify-failed': 'auth.thatConfirmationLinkIs',
  'account-deleted': 'auth.accountDeletedNotice',
} as const;
const noticeKey = (name: string) => (Object.hasOwn(NOTICES, name) ? NOTICES[name as keyof typeof NOTICES] : null);

export default function LoginPage() {
  const options = useAuthOptions();
  const { fields, error, busy, captcha, pow, powBlocks, submit } = useLogin();
  const { username, setUsername, password, setPassword, remember, setRemember } = fields;
  const registered = queryParam('registered') === '1';
  const notice = noticeKey(queryParam('notice'));

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
      {notice && <Notice>{t(notice)}</Notice>}
      {error && <Notice kind="error">{error}</Notice>}
      <form onSubmit={submit}>
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
        {captcha && (
          <>
            <p className="field-hint" data-testid="login-captcha">
              {t('auth.loginCaptchaHint')}
            </p>
            <PowStatus pow={pow} />
          </>
        )}
        <button className="btn btn-primary" disabled={busy || !username || !password || powBlocks}>
          {busy ? t('auth.loggingIn') : t('auth.logIn')}
        </button>
      </form>
      <div className="auth-links">
        {options?.registration_open ? <a href="/register">{t('auth.createAnAccount')}</a> : <span />}
        {/* Always the forgot page: without mail it says so and leads on to the recovery code (issue 32). */}
        <a href="/password/forgot">{t('auth.forgotYourPassword')}</a>
      </div>
    </AuthShell>
  );
}
