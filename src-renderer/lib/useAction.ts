// Runs in: renderer. The one way to run something the user asked for (save, import, check an address): `busy`
// while it runs, a second submit meanwhile is ignored, a failure is reported (an error toast through showError,
// or kept as `error` for a line under the form), and what finishes after the screen has gone is dropped.
//   const save = useAction(async (draft: Draft) => api.call('x.save', draft));
//   <button disabled={save.busy} onClick={() => void save.run(draft)}> … <ErrorLine error={save.error} />
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { showError } from './errors';

export interface Action<A extends unknown[], R> {
  /** Runs the action; resolves to its result, or undefined when it failed, was a double submit, or the screen
   * unmounted meanwhile (callers check before going on). */
  run(...args: A): Promise<R | undefined>;
  busy: boolean;
  /** The last failure in words (only with report 'inline'); cleared when the action runs again. */
  error: string | null;
  setError(error: string | null): void;
}

export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  {
    report = 'toast',
    prefix,
    describe = errorMessage,
  }: {
    /** 'toast': an error toast (lib/errors showError); 'inline': kept in `error` for the screen to show. */
    report?: 'toast' | 'inline';
    /** Put before the message in a toast: what failed ("Saved, but the refresh failed"). */
    prefix?: string;
    /** How an inline failure is put in words (default: the server's message). */
    describe?: (err: unknown) => string;
  } = {},
): Action<A, R> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (...args: A): Promise<R | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        const result = await latest.current(...args);
        return mounted.current ? result : undefined;
      } catch (err) {
        if (!mounted.current) return undefined;
        if (report === 'inline') setError(describe(err));
        else showError(err, prefix);
        return undefined;
      } finally {
        running.current = false;
        if (mounted.current) setBusy(false);
      }
    },
    [report, prefix, describe],
  );
  return { run, busy, error, setError };
}
