// Runs in: renderer. /profile: the account (password, recovery code, email confirmation, API tokens, log out);
// in single-user mode only "Connected apps".
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { Field, Page, Spinner } from '../../components/Page';
import { Link } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';
import { ConnectedApps } from './ConnectedApps';
import { RecoveryCode } from './shared';
import { DeleteAccountCard } from './DeleteAccountCard';
import './accounts.css';
import { t } from '../../lib/i18n';
import { saidMessage } from '../../lib/i18n/server';
import { PasswordField } from './PasswordField';

export async function logout() {
  try {
    await api.call('auth.logout', {});
  } finally {
    window.location.assign('/login?notice=logged-out');
  }
}

function PasswordCard() {
  const [form, setForm] = useState({ current_password: '', password: '', password_confirm: '' });
  const [error, setError] = useState('');
  const put = (k: keyof typeof form) => (value: string) => setForm({ ...form, [k]: value });
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      await api.call('auth.changePassword', form);
      setForm({ current_password: '', password: '', password_confirm: '' });
      toast('success', t('auth.passwordChangedOtherDevices'));
    } catch (err) {
      setError(errorMessage(err).replace(/^Invalid input: \w+: /, ''));
    }
  }
  return (
    <form className="card form-narrow" onSubmit={(e) => void submit(e)}>
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
        <button className="btn btn-primary" disabled={!form.current_password || !form.password}>
          {t('auth.changePassword')}
        </button>
      </div>
    </form>
  );
}

function RecoveryCard() {
  const [pw, setPw] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError('');
    try {
      setCode((await api.call('auth.newRecoveryCode', { current_password: pw })).recovery_code);
      setPw('');
    } catch (err) {
      setError(errorMessage(err));
    }
  }
  return (
    <form className="card form-narrow" onSubmit={(e) => void submit(e)}>
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
            <button className="btn" disabled={!pw}>
              {t('auth.makeANewRecovery')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}

export default function ProfilePage() {
  const me = useCall('auth.me', {});
  if (!me.data) return <Spinner />;
  const { user, multi_user } = me.data;
  if (!multi_user) {
    return (
      <Page title={t('auth.connectedApps')} subtitle={t('auth.thisLectioRunsIn2')}>
        <ConnectedApps multiUser={false} />
      </Page>
    );
  }
  return (
    <Page
      title={user.username}
      subtitle={
        <>
          {user.role === 'admin' ? t('auth.administrator') : t('auth.learner')}
          {user.email ? t(user.email_verified ? 'auth.emailConfirmed' : 'auth.emailNotConfirmed', { email: user.email }) : t('auth.noEmail')}
        </>
      }
      actions={
        <>
          {user.role === 'admin' && (
            <Link className="btn" to="/admin/users">
              {t('auth.users')}
            </Link>
          )}
          {user.role === 'admin' && (
            <Link className="btn" to="/admin/server">
              {t('auth.server')}
            </Link>
          )}
          <button className="btn" onClick={() => void logout()}>
            {t('auth.logOut')}
          </button>
        </>
      }
    >
      {user.email && !user.email_verified && (
        <div className="card">
          <button
            className="btn btn-small"
            onClick={() =>
              api.call('auth.resendVerification', {}).then(
                (r) => toast('success', saidMessage(r)),
                (err: unknown) => toast('error', errorMessage(err)),
              )
            }
          >
            {t('auth.sendTheConfirmationMail')}
          </button>
        </div>
      )}
      <PasswordCard />
      {!user.email && <RecoveryCard />}
      <ConnectedApps multiUser />
      <DeleteAccountCard username={user.username} />
    </Page>
  );
}
