// Runs in: renderer. /profile: the account (password, recovery code, email confirmation, API tokens, log out);
// in single-user mode only "Connected apps". The password and recovery cards are in ProfileCards.tsx.
import { api, errorMessage } from '../../api/client';
import { Page, Spinner } from '../../components/Page';
import { Link } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';
import { ConnectedApps } from './ConnectedApps';
import { DeleteAccountCard } from './DeleteAccountCard';
import './accounts.css';
import { t } from '../../lib/i18n';
import { saidMessage } from '../../lib/i18n/server';
import { PasswordCard, RecoveryCard } from './ProfileCards';

/** Set while logging out: a call that was in flight answers 401 then, and must not send the learner to the
 * sign-in page with a way back (the log-out's own "you are logged out" page comes next). */
let loggingOut = false;
export const isLoggingOut = () => loggingOut;

export async function logout() {
  loggingOut = true;
  try {
    await api.call('auth.logout', {});
  } finally {
    window.location.assign('/login?notice=logged-out');
  }
}

export default function ProfilePage() {
  const me = useCall('auth.me', {});
  // Whether this server can send mail: without it, no confirmation mail is offered (issue 51).
  const options = useCall('auth.options', {});
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
      {user.email && !user.email_verified && options.data?.mail === true && (
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
      {/* Every account may make a new recovery code: one with an email too (mail may be off, or the address gone). */}
      <RecoveryCard />
      <ConnectedApps multiUser />
      <DeleteAccountCard username={user.username} />
    </Page>
  );
}
