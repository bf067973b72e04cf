// Runs in: renderer. Pieces shared by the sign-in pages: the centred shell, notices, the options call.
import { useEffect, useState, type ReactNode } from 'react';
import type { AuthOptionsDto } from '../../../src-shared/contract/accounts';
import { api, errorMessage } from '../../api/client';
import { useTitle } from '../../lib/router';
import './accounts.css';
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

export function AuthShell({ title, children }: { title: string; children: ReactNode }) {
  useTitle(title);
  return (
    <div className="auth-shell">
      <main className="auth-card">
        <a href="/" className="brand">
          <span className="brand-mark" aria-hidden="true">
            L
          </span>{' '}
          {t('auth.lectio')}
        </a>
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}

export function Notice({ kind = 'info', children }: { kind?: 'info' | 'error' | 'success'; children: ReactNode }) {
  return (
    <div className={`auth-notice ${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

export function useAuthOptions(): AuthOptionsDto | null {
  const [options, setOptions] = useState<AuthOptionsDto | null>(null);
  useEffect(() => {
    api
      .call('auth.options', {})
      .then(setOptions, () => setOptions({ multi_user: false, captcha: false, mail: false, registration_open: false, first_account: false }));
  }, []);
  return options;
}

/** Query parameters of the current address (the sign-in pages are opened by full page loads). */
export const queryParam = (name: string) => new URLSearchParams(window.location.search).get(name) ?? '';

/** A refusal in words for a sign-in form: the server's "Invalid input: field: " lead-in goes, the field's label
 * already says which. */
export const formError = (err: unknown) => errorMessage(err).replace(/^Invalid input: \w+: /, '');

/** A full page load, so the next page gets the session's new CSRF token in its head. */
export const goTo = (path: string) => window.location.assign(path);

export function RecoveryCode({ code }: { code: string }) {
  return (
    <>
      <p>{tr('auth.recoveryShown', { once: <strong>{t('auth.once')}</strong> })}</p>
      <div className="recovery-code" data-testid="recovery-code">
        {code}
      </div>
      <button type="button" className="btn btn-small" onClick={() => void navigator.clipboard?.writeText(code)}>
        {t('auth.copy')}
      </button>
    </>
  );
}
