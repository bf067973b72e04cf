// Runs in: renderer. The one password input of the account screens (register, change password, profile, delete
// account): the autocomplete attribute says whether it is the current password or a new one (so password managers
// fill the first and offer to generate the second), Show/Hide reveals what was typed, and a new password can carry
// the length hint. The label stays the screen's (a <label> or Field around it).
import { useState } from 'react';
import { PASSWORD_MIN } from '../../../src-shared/contract/accounts';
import { t } from '../../lib/i18n';

export function PasswordField({
  purpose,
  value,
  onChange,
  name,
  required,
  autoFocus,
  lengthHint,
}: {
  /** 'current': the password the account has; 'new': one being chosen (or repeated). */
  purpose: 'current' | 'new';
  value: string;
  onChange(value: string): void;
  name?: string;
  required?: boolean;
  autoFocus?: boolean;
  /** Shows "At least 8 characters…" under the input (the first of a new password's two fields). */
  lengthHint?: boolean;
}) {
  const [shown, setShown] = useState(false);
  return (
    <>
      <span className="password-field">
        <input
          className="input"
          type={shown ? 'text' : 'password'}
          name={name}
          autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoFocus={autoFocus}
          required={required}
        />
        <button type="button" className="btn btn-small btn-ghost" aria-pressed={shown} title={t('auth.showPasswordTitle')} onClick={() => setShown((s) => !s)}>
          {shown ? t('auth.hidePassword') : t('auth.showPassword')}
        </button>
      </span>
      {lengthHint && <span className="field-hint">{t('auth.passwordHint', { count: PASSWORD_MIN })}</span>}
    </>
  );
}
