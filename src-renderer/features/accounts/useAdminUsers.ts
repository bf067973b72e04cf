// Runs in: renderer. The state and actions of /admin/users: the accounts, registration open or closed, and the
// administrator's changes (role, disable, temporary password, delete with a typed confirmation of the user name).
import { useEffect, useState } from 'react';
import type { UserDto } from '../../../src-shared/contract/accounts';
import { PASSWORD_MIN } from '../../../src-shared/contract/accounts';
import { api, errorMessage } from '../../api/client';
import { useCall } from '../../lib/useCall';
import { confirmDialog, promptDialog, toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

export function useAdminUsers() {
  const users = useCall('admin.users.list', {});
  // The caller's own row offers no temporary password or deletion: those go through the profile page.
  const me = useCall('auth.me', {});
  const [registrationOpen, setRegistrationOpen] = useState<boolean | null>(null);
  useEffect(() => {
    api.call('auth.options', {}).then(
      (o) => setRegistrationOpen(o.registration_open),
      () => setRegistrationOpen(null),
    );
  }, []);

  async function run(action: () => Promise<unknown>, done?: string) {
    try {
      await action();
      if (done) toast('success', done);
      users.reload();
    } catch (err) {
      toast('error', errorMessage(err));
    }
  }

  const update = (u: UserDto, change: { active?: boolean; role?: 'user' | 'admin' }) => run(() => api.call('admin.users.update', { id: u.id!, ...change }));

  async function setTemporaryPassword(u: UserDto) {
    const password = await promptDialog({
      title: t('auth.setTemporaryPasswordTitle', { name: u.username }),
      message: t('auth.setTemporaryPasswordMessage', { name: u.username }),
      label: t('auth.temporaryPassword'),
      confirmLabel: t('auth.setPassword'),
      validate: (v) => (v.length < PASSWORD_MIN ? t('auth.atLeast', { count: PASSWORD_MIN }) : null),
    });
    if (password === null) return;
    await run(() => api.call('admin.users.setPassword', { id: u.id!, password }), t('auth.temporaryPasswordSet', { name: u.username }));
  }

  async function remove(u: UserDto) {
    const typed = await promptDialog({
      title: t('auth.deleteAccountTitle', { name: u.username }),
      message: t('auth.deleteAccountMessage', { name: u.username }),
      label: t('auth.typeUsernameToConfirm', { name: u.username }),
      confirmLabel: t('auth.deleteForever'),
      validate: (v) => (v.trim() === u.username ? null : t('auth.typeUsernameExactly')),
    });
    if (typed === null) return;
    await run(() => api.call('admin.users.delete', { id: u.id!, confirm_username: typed.trim() }), t('auth.accountDeleted', { name: u.username }));
  }

  async function toggleRegistration(open: boolean) {
    if (!open && !(await confirmDialog({ title: t('auth.registration'), message: t('auth.registrationOpenHint') }))) return;
    try {
      await api.call('settings.save', { key: 'allowRegistration', value: open ? '1' : '0' });
      setRegistrationOpen(open);
    } catch (err) {
      toast('error', errorMessage(err));
    }
  }

  return { users, selfId: me.data?.user.id ?? null, registrationOpen, update, setTemporaryPassword, remove, toggleRegistration };
}
