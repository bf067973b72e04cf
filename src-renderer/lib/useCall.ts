// Runs in: renderer. The one data-loading hook: `useCall(name, input)` calls the API when its input changes,
// ignores results that arrive after the input moved on (or the component unmounted), and gives loading/error/data.
// `useAsync(load, deps)` is the same for a loader that is not a single call (a cached lookup, two calls).
// Errors the user should see go through `showError` (lib/errors.ts); do not hand-roll `let live = true` effects.
import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import type { Contract } from '../../src-shared/contract';
import type { OutputOf } from '../../src-shared/contract/endpoint';
import type { ClientInputOf } from '../../src-shared/client';
import { api, errorMessage } from '../api/client';
import { showError } from './errors';

export interface UseCallOptions<T = unknown> {
  /** Wait this long after the last input change before calling (typing in a search box). */
  debounceMs?: number;
  /** Also show a failed load as an error toast (pages whose content is the list itself). */
  toastErrors?: boolean;
  /** Keep showing the previous input's data while the new input loads (filters and pages of one list). */
  keepData?: boolean;
  /** Data already known for this input (a client-side cache): shown at once, the load still runs. */
  initial?: T;
}

export interface CallState<T> {
  /** The last result for the current input; undefined while the first call for it runs (or input is null). */
  data: T | undefined;
  /** The error message of the last call for the current input, else null. */
  error: string | null;
  loading: boolean;
  /** Calls again with the same input; the current data stays visible until the new result arrives. */
  reload(): void;
  /** Replaces the data locally (after a write whose answer already holds the new state; undefined forgets it). */
  setData(data: T | undefined | ((prev: T | undefined) => T)): void;
}

interface Held<T> {
  key: string;
  data: T | undefined;
  error: string | null;
  loading: boolean;
}

/**
 * Runs `load` when `deps` change (`load === null` skips: nothing to load yet). `load` gets an AbortSignal that
 * fires when its result is no longer wanted; a result that arrives anyway is dropped.
 */
export function useAsync<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: DependencyList, options: UseCallOptions<T> = {}): CallState<T> {
  const key = JSON.stringify(deps);
  const skip = load === null;
  const [held, setHeld] = useState<Held<T>>({ key, data: options.initial, error: null, loading: !skip });
  const [tick, setTick] = useState(0);
  const latest = useRef({ load, options });
  latest.current = { load, options };

  useEffect(() => {
    const { load: run, options: o } = latest.current;
    if (run === null) {
      setHeld((h) => ({ key, data: o.keepData ? h.data : undefined, error: null, loading: false }));
      return;
    }
    let live = true;
    const controller = new AbortController();
    const carried = (h: Held<T>) => (h.key === key || o.keepData ? h.data : o.initial);
    setHeld((h) => ({ key, data: carried(h), error: null, loading: true }));
    const start = () =>
      run(controller.signal).then(
        (data) => live && setHeld({ key, data, error: null, loading: false }),
        (err: unknown) => {
          if (!live) return;
          setHeld((h) => ({ key, data: carried(h), error: errorMessage(err), loading: false }));
          if (o.toastErrors) showError(err);
        },
      );
    const timer = o.debounceMs ? setTimeout(start, o.debounceMs) : undefined;
    if (!o.debounceMs) void start();
    return () => {
      live = false;
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const setData = useCallback(
    (next: T | undefined | ((prev: T | undefined) => T)) =>
      setHeld((h) => ({ ...h, data: typeof next === 'function' ? (next as (prev: T | undefined) => T)(h.data) : next })),
    [],
  );

  // A held result for an older input never shows (unless keepData): the page sees "loading" until its own answer arrives.
  const current = held.key === key;
  return {
    data: current || options.keepData ? (held.data ?? (current ? undefined : options.initial)) : options.initial,
    error: current ? held.error : null,
    loading: current ? held.loading : !skip,
    reload,
    setData,
  };
}

/**
 * Loads `name` with `input`; `input === null` skips the call (nothing to load yet). The call repeats when
 * the input's JSON changes, or when one of `deps` changes if given (use deps for inputs that are not plain data).
 */
export function useCall<K extends keyof Contract>(
  name: K,
  input: ClientInputOf<Contract[K]> | null,
  deps?: DependencyList,
  options: UseCallOptions<OutputOf<Contract[K]>> = {},
): CallState<OutputOf<Contract[K]>> {
  return useAsync(input === null ? null : (signal) => api.call(name, input, { signal }), [name, ...(deps ?? [input])], options);
}

const identities = new WeakMap<object, number>();
let nextIdentity = 0;
/** A number per object identity, for deps that must reload when a new (but equal) object arrives. */
export function identityKey(o: object): number {
  let id = identities.get(o);
  if (id === undefined) identities.set(o, (id = ++nextIdentity));
  return id;
}
