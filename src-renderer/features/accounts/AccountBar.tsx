// Runs in: renderer. Multi-user mode: who is signed in, a link to the profile and "Log out", in the top corner of
// every app screen. Renders nothing in single-user mode or on the sign-in pages.
import { useEffect, useState } from 'react';
import type { UserDto } from '../../../src-shared/contract/accounts';
import { api } from '../../api/client';
import { isLoggingOut, logout } from './ProfilePage';
import { useT } from '../../lib/i18n';
import './accounts.css';

export function AccountBar() {
  const [user, setUser] = useState<UserDto | null>(null);
  const t = useT();
  useEffect(() => {
    api.call('auth.me', {}).then(
      (r) => r.multi_user && setUser(r.user),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    // A 401 from any call means the session ended (idle timeout, password changed elsewhere, account
    // disabled): go to the login page, which brings the learner back here afterwards.
    const onUnauthorized = () => {
      if (!user || isLoggingOut()) return;
      window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    };
    window.addEventListener('lectio:unauthorized', onUnauthorized);
    return () => window.removeEventListener('lectio:unauthorized', onUnauthorized);
  }, [user]);
  if (!user) return null;
  return (
    <div className="account-bar" data-testid="account-bar">
      <a href="/profile" title={t('account.yourAccount')}>
        {user.username}
      </a>
      <button className="btn btn-small btn-ghost" onClick={() => void logout()}>
        {t('account.logOut')}
      </button>
    </div>
  );
}
