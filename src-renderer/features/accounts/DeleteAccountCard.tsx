// Runs in: renderer. Profile: "Delete my account" — the one path by which an account (an administrator's too)
// deletes itself: the password and the user name typed out; the server refuses the last administrator.
import { useState } from 'react';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { Field } from '../../components/Page';
import { t } from '../../lib/i18n';
import { PasswordField } from './PasswordField';

export function DeleteAccountCard({ username }: { username: string }) {
  const [form, setForm] = useState({ current_password: '', confirm_username: '' });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [k]: e.target.value });
  const deleting = useAction(
    async () => {
      await api.call('auth.deleteAccount', form);
      window.location.assign('/login?notice=account-deleted');
    },
    { report: 'inline' },
  );
  const error = deleting.error;
  function submit(e: React.FormEvent) {
    e.preventDefault();
    void deleting.run();
  }
  return (
    <form className="card form-narrow delete-account-card" onSubmit={submit} data-testid="delete-account">
      <h2>{t('auth.deleteMyAccount')}</h2>
      <p className="field-hint">{t('auth.deleteMyAccountHint')}</p>
      <Field label={t('auth.currentPassword')}>
        <PasswordField purpose="current" value={form.current_password} onChange={(v) => setForm({ ...form, current_password: v })} />
      </Field>
      <Field label={t('auth.typeUsernameToConfirm', { name: username })} error={error || undefined}>
        <input className="input" autoComplete="off" value={form.confirm_username} onChange={set('confirm_username')} />
      </Field>
      <div className="form-actions">
        <button className="btn btn-danger" disabled={!form.current_password || form.confirm_username.trim() !== username || deleting.busy}>
          {t('auth.deleteMyAccount')}
        </button>
      </div>
    </form>
  );
}
