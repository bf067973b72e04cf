// Runs in: renderer. The sign-in form's state: the fields, the answer, and the captcha step the server asks for
// once an account has had too many failed sign-ins (issue 34): the check is solved in a worker, then the learner
// signs in again with it; each solve is good for one attempt.
import { useState } from 'react';
import { PASSWORD_CHANGE_PAGE } from '../../../src-shared/contract/accounts';
import { api, ApiError } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { goTo, queryParam } from './shared';
import { usePow } from './usePow';

export function useLogin() {
  const [username, setUsername] = useState(queryParam('username'));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  /** A refusal the sign-in form was opened with (?error=…, from the no-JavaScript form's redirect). */
  const [linkError, setLinkError] = useState(queryParam('error'));
  const [captcha, setCaptcha] = useState(false);
  const [round, setRound] = useState(0);
  const pow = usePow(captcha, round);

  const signingIn = useAction(
    async (altcha: string | undefined) => {
      try {
        const res = await api.call('auth.login', { username, password, remember, issue_token: false, next: queryParam('next') || undefined, altcha });
        // A temporary password: the server lets this session do nothing else until it is changed.
        goTo(res.user.must_change_password ? PASSWORD_CHANGE_PAGE : res.next);
      } catch (err) {
        // Past too many failed sign-ins the server asks for the check; a solved check is good for one attempt.
        const asked = err instanceof ApiError && err.body.captcha_required === true;
        if (asked) setCaptcha(true);
        if (asked && altcha) setRound((r) => r + 1);
        throw err;
      }
    },
    { report: 'inline' },
  );

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setLinkError('');
    void signingIn.run(captcha && pow.state === 'done' ? pow.payload : undefined);
  }

  return {
    fields: { username, setUsername, password, setPassword, remember, setRemember },
    error: signingIn.error ?? linkError,
    busy: signingIn.busy,
    captcha,
    pow,
    /** The check is still running (or failed): the button waits for it. */
    powBlocks: captcha && pow.state !== 'done',
    submit,
  };
}
