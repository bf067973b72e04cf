// Runs in: renderer. The sign-in form's state: the fields, the answer, and the captcha step the server asks for
// once an account has had too many failed sign-ins (issue 34): the check is solved in a worker, then the learner
// signs in again with it; each solve is good for one attempt.
import { useState } from 'react';
import { PASSWORD_CHANGE_PAGE } from '../../../src-shared/contract/accounts';
import { api, ApiError, errorMessage } from '../../api/client';
import { goTo, queryParam } from './shared';
import { usePow } from './usePow';

export function useLogin() {
  const [username, setUsername] = useState(queryParam('username'));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState(queryParam('error'));
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState(false);
  const [round, setRound] = useState(0);
  const pow = usePow(captcha, round);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError('');
    const altcha = captcha && pow.state === 'done' ? pow.payload : undefined;
    try {
      const res = await api.call('auth.login', { username, password, remember, issue_token: false, next: queryParam('next') || undefined, altcha });
      // A temporary password: the server lets this session do nothing else until it is changed.
      goTo(res.user.must_change_password ? PASSWORD_CHANGE_PAGE : res.next);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
      const asked = err instanceof ApiError && err.body.captcha_required === true;
      if (asked) setCaptcha(true);
      if (asked && altcha) setRound((r) => r + 1);
    }
  }

  return {
    fields: { username, setUsername, password, setPassword, remember, setRemember },
    error,
    busy,
    captcha,
    pow,
    /** The check is still running (or failed): the button waits for it. */
    powBlocks: captcha && pow.state !== 'done',
    submit,
  };
}
