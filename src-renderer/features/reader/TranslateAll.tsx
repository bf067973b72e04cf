// Runs in: renderer. "Translate all sentences" of the text in the reader (issue 49): starts the text's background
// job (POST /texts/:id/translation/job; the server fills the cache a sentence a slice, docs/translation.md), shows
// its progress bar from GET every 700 ms while it runs (a job still running when the text is opened again is found),
// and Stop removes it (DELETE). A service's failure is said in one line in the interface language. What was
// translated stays in the library, so G then shows each sentence at once.
import { useCallback, useEffect, useState } from 'react';
import type { TextTranslationJob } from '../../../src-shared/contract/translation';
import { api, errorMessage } from '../../api/client';
import { ProgressBar } from '../../components/Page';
import { ErrorLine } from '../../components/ErrorLine';
import { t } from '../../lib/i18n';
import { saidMessage } from '../../lib/i18n/server';

interface RunState {
  running: boolean;
  done: number;
  total: number;
  error: string | null;
  finished: boolean;
}

const IDLE: RunState = { running: false, done: 0, total: 0, error: null, finished: false };
/** How often a running job's progress is asked. */
const POLL_MS = 700;

/** The bar's state after an answer: "finished" when a run seen running has ended with every sentence kept. */
const next = (s: RunState, job: TextTranslationJob): RunState => ({
  running: job.state === 'running',
  done: job.done,
  total: job.total,
  error: job.state === 'failed' && job.error ? saidMessage(job.error) : null,
  finished: job.state === 'idle' && (s.running || s.finished) && job.done >= job.total,
});

export function useTranslateAll(textId: number | undefined) {
  const [state, setState] = useState<RunState>(IDLE);
  const apply = useCallback((job: TextTranslationJob) => setState((s) => next(s, job)), []);
  const fail = (err: unknown) => setState((s) => ({ ...s, running: false, error: errorMessage(err) }));

  // A text opened again finds its job still running (or its failure).
  useEffect(() => {
    setState(IDLE);
    if (textId === undefined) return;
    let live = true;
    api
      .call('translation.textJob', { id: textId })
      .then((job) => live && job.state !== 'idle' && apply(job))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [textId, apply]);

  useEffect(() => {
    if (!state.running || textId === undefined) return;
    const timer = setInterval(() => {
      api.call('translation.textJob', { id: textId }).then(apply, fail);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [state.running, textId, apply]);

  async function start() {
    if (textId === undefined || state.running) return;
    setState({ ...IDLE, running: true });
    await api.call('translation.startTextJob', { id: textId }).then(apply, fail);
  }

  async function stop() {
    if (textId === undefined) return;
    await api.call('translation.stopTextJob', { id: textId }).then(() => setState(IDLE), fail);
  }

  return { state, start, stop: () => void stop(), close: () => setState(IDLE) };
}

export function TranslateAllBar({ run }: { run: ReturnType<typeof useTranslateAll> }) {
  const { state } = run;
  if (!state.running && !state.error && !state.finished) return null;
  return (
    <div className="translate-all card" data-testid="translate-all">
      {state.running && (
        <>
          <ProgressBar value={state.total ? state.done / state.total : null} label={t('reader.translatingAll', { done: state.done, total: state.total })} />
          <button type="button" className="btn btn-small" onClick={run.stop}>
            {t('reader.stop')}
          </button>
        </>
      )}
      {state.finished && (
        <p role="status" className="small">
          {t('reader.translatedAll', { count: state.total })}
        </p>
      )}
      <ErrorLine error={state.error} />
      {!state.running && (
        <button type="button" className="btn btn-ghost btn-small" onClick={run.close} aria-label={t('reader.closeEsc')}>
          ✕
        </button>
      )}
    </div>
  );
}
