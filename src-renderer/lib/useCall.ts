// Runs in: renderer. The one data-loading hook: `useCall(name, input)` calls the API when its input changes,
// ignores results that arrive after the input moved on (or the component unmounted), and gives loading/error/data.
// Errors the user should see go through `showError` (lib/errors.ts); do not hand-roll `let live = true` effects.
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import type { Contract } from '../../src-shared/contract';
import type { InputOf, OutputOf } from '../../src-shared/contract/endpoint';
import { api, errorMessage } from '../api/client';
import { showError } from './errors';

export interface UseCallOptions {
  /** Wait this long after the last input change before calling (typing in a search box). */
  debounceMs?: number;
  /** Also show a failed load as an error toast (pages whose content is the list itself). */
  toastErrors?: boolean;
}

export interface CallState<T> {
  /** The last result for the current input; undefined while the first call for it runs (or input is null). */
  data: T | undefined;
  /** The error message of the last call for the current input, else null. */
  error: string | null;
  loading: boolean;
  /** Calls again with the same input; the current data stays visible until the new result arrives. */
  reload(): void;
  /** Replaces the data locally (after a write whose answer already holds the new state). */
  setData(data: T | ((prev: T | undefined) => T)): void;
}

interface Held<T> {
  key: string;
  data: T | undefined;
  error: string | null;
  loading: boolean;
}

/**
 * Loads `name` with `input`; `input === null` skips the call (nothing to load yet). The call repeats when
 * the input's JSON changes, or when one of `deps` changes if given (use deps for inputs that are not plain data).
 */
export function useCall<K extends keyof Contract>(
  name: K,
  input: InputOf<Contract[K]> | null,
  deps?: DependencyList,
  options: UseCallOptions = {},
): CallState<OutputOf<Contract[K]>> {
  type T = OutputOf<Contract[K]>;
  const key = JSON.stringify([name, deps ?? input]);
  const [held, setHeld] = useState<Held<T>>({ key, data: undefined, error: null, loading: input !== null });
  const [tick, setTick] = useState(0);
  const latest = useRef({ name, input, options });
  latest.current = { name, input, options };

  useEffect(() => {
    const { name: n, input: i, options: o } = latest.current;
    if (i === null) {
      setHeld({ key, data: undefined, error: null, loading: false });
      return;
    }
    let live = true;
    const controller = new AbortController();
    setHeld((h) => ({ key, data: h.key === key ? h.data : undefined, error: null, loading: true }));
    const run = () =>
      api.call(n, i, { signal: controller.signal }).then(
        (data) => live && setHeld({ key, data, error: null, loading: false }),
        (err: unknown) => {
          if (!live) return;
          setHeld((h) => ({ key, data: h.key === key ? h.data : undefined, error: errorMessage(err), loading: false }));
          if (o.toastErrors) showError(err);
        },
      );
    const timer = o.debounceMs ? setTimeout(run, o.debounceMs) : undefined;
    if (!o.debounceMs) void run();
    return () => {
      live = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const setData = useCallback(
    (next: T | ((prev: T | undefined) => T)) =>
      setHeld((h) => ({ ...h, data: typeof next === 'function' ? (next as (prev: T | undefined) => T)(h.data) : next })),
    [],
  );

  // A held result for an older input never shows: the page sees "loading" until its own answer arrives.
  const current = held.key === key;
  return {
    data: current ? held.data : undefined,
    error: current ? held.error : null,
    loading: current ? held.loading : input !== null,
    reload,
    setData,
  };
}
