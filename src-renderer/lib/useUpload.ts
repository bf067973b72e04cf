// Runs in: renderer. The upload step the import screens share (moving in, term import, deck import, subtitles): a
// file goes up with a progress share, then the server works on it (progress null), then the answer or an error
// line. One upload at a time: a second submit meanwhile is ignored; what finishes after the screen has gone is dropped.
//   const upload = useUpload<'read' | 'import'>();
//   const preview = await upload.run('read', (onUploadProgress) => api.call('x.preview', { file }, { onUploadProgress }));
//   <UploadProgress upload={upload} working={{ read: t('…reading'), import: t('…importing') }} uploading={t('…')} />
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/client';

export interface Upload<L extends string> {
  /** Which upload runs ('read', 'import', …); null when none. */
  busy: L | null;
  /** Share of the file sent (0–1); null once it is all sent and the server is working on it. */
  progress: number | null;
  /** The last failure in words, for the line under the form; cleared when an upload starts. */
  error: string | null;
  setError(error: string | null): void;
  /**
   * Runs one upload labelled `label`; `call` gets the progress callback for api.call's `onUploadProgress`.
   * Resolves to the answer, or undefined when it failed (the error is in `error`; `onFail` may say more), was a
   * double submit, or the screen unmounted meanwhile.
   */
  run<T>(label: L, call: (onUploadProgress: (sent: number) => void) => Promise<T>, options?: RunOptions): Promise<T | undefined>;
}

export interface RunOptions {
  /** False when no file goes up (pasted text): the bar says what the server does from the start. */
  sendsFile?: boolean;
  /** Called with a failure besides keeping it in `error` (a toast as well, say). */
  onFail?: (err: unknown) => void;
}

export function useUpload<L extends string>(): Upload<L> {
  const [busy, setBusy] = useState<L | null>(null);
  const [progress, setProgress] = useState<number | null>(0);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(async <T>(label: L, call: (onUploadProgress: (sent: number) => void) => Promise<T>, options: RunOptions = {}) => {
    if (running.current) return undefined;
    running.current = true;
    setBusy(label);
    setProgress(options.sendsFile === false ? null : 0);
    setError(null);
    try {
      const answer = await call((sent) => {
        if (mounted.current) setProgress(sent >= 1 ? null : sent);
      });
      return mounted.current ? answer : undefined;
    } catch (err) {
      if (!mounted.current) return undefined;
      setError(errorMessage(err));
      options.onFail?.(err);
      return undefined;
    } finally {
      running.current = false;
      if (mounted.current) setBusy(null);
    }
  }, []);
  return { busy, progress, error, setError, run };
}
