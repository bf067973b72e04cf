// Runs in: renderer. The profile's account cards: change the password, and make a new recovery code (shown once).
import { useState } from 'react';
import { api } from '../../api/client';
import { Field } from '../../components/Page';
import { toast } from '../../stores/ui';
import { formError, RecoveryCode } from './shared';
import { useAction } from '../../lib/useAction';
import { t } from '../../lib/i18n';
import { PasswordField } from './PasswordField';

export function PasswordCard() {
  const [form, setForm] = useState({ current_password: '', password: '', password_confirm: '' });
  const put = (k: keyof typeof form) => (value: string) => setForm({ ...form, [k]: value });
  const changing = useAction(
    async () => {
      await api.call('auth.changePassword', form);
      setForm({ current_password: '', password: '', password_confirm: '' });
      toast('success', t('auth.passwordChangedOtherDevices'));
    },
    { report: 'inline', describe: formError },
  );
  const error = changing.error;
  function submit(e: React.FormEvent) {
    e.preventDefault();
    void changing.run();
  }
  return (
    <form className="card form-narrow" onSubmit={submit}>
      <h2>{t('auth.changePassword')}</h2>
      <Field label={t('auth.currentPassword')}>
        <PasswordField purpose="current" value={form.current_password} onChange={put('current_password')} />
      </Field>
      <Field label={t('auth.newPassword')}>
        <PasswordField purpose="new" value={form.password} onChange={put('password')} lengthHint />
      </Field>
      <Field label={t('auth.repeatNewPassword')} error={error || undefined}>
        <PasswordField purpose="new" value={form.password_confirm} onChange={put('password_confirm')} />
      </Field>
      <div className="form-actions">
        <button className="btn btn-primary" disabled={!form.current_password || !form.password || changing.busy}>
          {t('auth.changePassword')}
        </button>
      </div>
    </form>
  );
}

export function RecoveryCard() {
  const [pw, setPw] = useState('');
  const [code, setCode] = useState('');
  const renewing = useAction(
    async () => {
      setCode((await api.call('auth.newRecoveryCode', { current_password: pw })).recovery_code);
      setPw('');
    },
    { report: 'inline' },
  );
  const error = renewing.error;
  function submit(e: React.FormEvent) {
    e.preventDefault();
    void renewing.run();
  }
  return (
    <form className="card form-narrow" onSubmit={submit}>
      <h2>{t('auth.recoveryCode')}</h2>
      {code ? (
        <RecoveryCode code={code} />
      ) : (
        <>
          <p className="field-hint">{t('auth.aNewCodeReplaces')}</p>
          <Field label={t('auth.currentPassword')} error={error || undefined}>
            <PasswordField purpose="current" value={pw} onChange={setPw} />
          </Field>
          <div className="form-actions">
            <button className="btn" disabled={!pw || renewing.busy}>
              {t('auth.makeANewRecovery')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
