// Runs in: renderer. /register: username and password (email optional), the proof-of-work check solved in a
// worker while the learner types, a hidden honeypot; shows the recovery code once when there is no email.
import { useRef, useState } from 'react';
import { PASSWORD_MIN } from '../../../src-shared/contract/accounts';
import { api, ApiError } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { AuthShell, formError, goTo, Notice, RecoveryCode, useAuthOptions } from './shared';
import { t } from '../../lib/i18n';
import { PasswordField } from './PasswordField';
import { PowStatus, usePow } from './usePow';

export default function RegisterPage() {
  const options = useAuthOptions();
  const [form, setForm] = useState({ username: '', email: '', password: '', password_confirm: '', homepage: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<{ username: string; code?: string } | null>(null);
  // The check is asked of every registration when the server requires it, or of this one when the address made
  // many accounts lately (the server answers captcha_required: the page solves it, then the learner submits again).
  const [asked, setAsked] = useState(false);
  const captcha = Boolean(options?.captcha) || asked;
  const pow = usePow(captcha, round);
  const first = useRef<HTMLInputElement>(null);
  const put = (k: keyof typeof form) => (value: string) => setForm({ ...form, [k]: value });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => put(k)(e.target.value);

  // A refusal names its field (or the form): it is said under that field, not in a toast or one line.
  const registering = useAction(async () => {
    try {
      const res = await api.call('auth.register', {
        username: form.username,
        password: form.password,
        password_confirm: form.password_confirm,
        email: form.email || undefined,
        homepage: form.homepage || undefined,
        altcha: pow.state === 'done' ? pow.payload : undefined,
      });
      // The server signed the new account in; a full page load picks up the session's CSRF token.
      if (res.recovery_code) setDone({ username: res.user.username, code: res.recovery_code });
      else goTo('/');
    } catch (err) {
      const field = err instanceof ApiError && typeof err.body.field === 'string' ? err.body.field : 'form';
      if (err instanceof ApiError && err.body.captcha_required === true) setAsked(true);
      setErrors({ [field === 'form_token' || field === 'homepage' ? 'form' : field]: formError(err) });
      if (field === 'altcha' || pow.state === 'done') setRound((r) => r + 1);
    }
  });
  const busy = registering.busy;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const local: Record<string, string> = {};
    if (form.password !== form.password_confirm) local.password_confirm = t('auth.passwordsDiffer');
    if (form.password.length < PASSWORD_MIN) local.password = t('auth.atLeast', { count: PASSWORD_MIN });
    setErrors(local);
    if (Object.keys(local).length === 0) void registering.run();
  }

  if (done?.code) {
    return (
      <AuthShell title={t('auth.accountCreated')}>
        <RecoveryCode code={done.code} />
        <a className="btn btn-primary" style={{ marginTop: 16 }} href="/">
          {t('auth.iHaveWrittenIt')}
        </a>
      </AuthShell>
    );
  }
  if (options && !options.registration_open) {
    return (
      <AuthShell title={t('auth.createAnAccount')}>
        <Notice>{options.multi_user ? t('auth.registrationIsClosedOn') : t('auth.thisLectioRunsIn')}</Notice>
        <a href="/login">{t('auth.backToLogIn')}</a>
      </AuthShell>
    );
  }
  const powBlocks = captcha && pow.state !== 'done';
  return (
    <AuthShell title={t('auth.createAnAccount')}>
      {options?.first_account && <Notice>{t('auth.firstAccountIsAdmin')}</Notice>}
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <form onSubmit={submit} noValidate>
        <label className={`field${errors.username ? ' field-error' : ''}`}>
          <span className="field-label">{t('auth.username')}</span>
          <input
            ref={first}
            className="input"
            name="username"
            autoComplete="username"
            value={form.username}
            onChange={set('username')}
            autoFocus
            required
            maxLength={40}
          />
          {errors.username ? <span className="field-error-text">{errors.username}</span> : <span className="field-hint">{t('auth.usernameHint')}</span>}
        </label>
        <label className={`field${errors.email ? ' field-error' : ''}`}>
          <span className="field-label">{t('auth.emailOptional')}</span>
          <input className="input" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} />
          {errors.email ? (
            <span className="field-error-text">{errors.email}</span>
          ) : (
            <span className="field-hint">{t(options?.mail === false ? 'auth.noMailRecoveryAnyway' : 'auth.withoutOneYouGet')}</span>
          )}
        </label>
        <label className={`field${errors.password ? ' field-error' : ''}`}>
          <span className="field-label">{t('auth.password')}</span>
          <PasswordField purpose="new" name="password" value={form.password} onChange={put('password')} required lengthHint={!errors.password} />
          {errors.password && <span className="field-error-text">{errors.password}</span>}
        </label>
        <label className={`field${errors.password_confirm ? ' field-error' : ''}`}>
          <span className="field-label">{t('auth.repeatPassword')}</span>
          <PasswordField purpose="new" name="password_confirm" value={form.password_confirm} onChange={put('password_confirm')} required />
          {errors.password_confirm && <span className="field-error-text">{errors.password_confirm}</span>}
        </label>
        <div className="auth-honeypot" aria-hidden="true">
          <label>
            Homepage <input name="homepage" tabIndex={-1} autoComplete="off" value={form.homepage} onChange={set('homepage')} />
          </label>
        </div>
        {captcha && <PowStatus pow={pow} />}
        {errors.altcha && <span className="field-error-text">{errors.altcha}</span>}
        <button className="btn btn-primary" disabled={busy || !!powBlocks}>
          {busy ? t('auth.creating') : t('auth.createAccount')}
        </button>
      </form>
      <div className="auth-links">
        <a href="/login">{t('auth.iHaveAnAccount')}</a>
      </div>
    </AuthShell>
  );
}
