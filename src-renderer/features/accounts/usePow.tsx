// Runs in: renderer. The proof-of-work check a page runs before it sends a form the server guards with it
// (registration; a sign-in after too many failures): a challenge fetched from the server, solved in a worker.
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { t } from '../../lib/i18n';
import type { PowReply } from './pow.worker';

export type Pow = { state: 'off' } | { state: 'working' } | { state: 'done'; payload: string } | { state: 'failed'; error: string };

/** Solves a fresh challenge whenever `enabled` and `round` change (a solved one is accepted once). */
export function usePow(enabled: boolean | undefined, round: number): Pow {
  const [pow, setPow] = useState<Pow>({ state: 'off' });
  useEffect(() => {
    if (!enabled) return;
    let worker: Worker | null = null;
    let cancelled = false;
    setPow({ state: 'working' });
    api.call('auth.challenge', {}).then(
      ({ challenge }) => {
        if (cancelled || !challenge) return;
        worker = new Worker(new URL('./pow.worker.ts', import.meta.url), { type: 'module' });
        worker.onmessage = (e: MessageEvent<PowReply>) => {
          if (cancelled) return;
          const reply = e.data;
          setPow(
            reply.ok
              ? { state: 'done', payload: reply.payload }
              : { state: 'failed', error: 'code' in reply ? t('auth.verificationTookTooLong') : reply.error },
          );
          worker?.terminate();
        };
        worker.postMessage({ challenge });
      },
      (err: unknown) => !cancelled && setPow({ state: 'failed', error: errorMessage(err) }),
    );
    return () => {
      cancelled = true;
      worker?.terminate();
    };
  }, [enabled, round]);
  return pow;
}

/** Where the check stands, beside the form's button. */
export function PowStatus({ pow }: { pow: Pow }) {
  return (
    <div className={`auth-pow${pow.state === 'done' ? ' done' : ''}`} role="status" aria-live="polite" data-testid="pow">
      {pow.state === 'done'
        ? t('auth.verifiedNotRobot')
        : pow.state === 'failed'
          ? t('auth.verificationFailed', { error: pow.error })
          : t('auth.verifyingYouAreNot')}
    </div>
  );
}
