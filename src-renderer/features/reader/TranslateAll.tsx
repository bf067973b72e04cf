// Runs in: renderer. "Translate all sentences" of the text in the reader (issue 49): asks the server slice after slice
// (POST /texts/:id/translation, at most 20 sentences a call, the cache first) with a progress bar, and stops when
// the learner presses Stop (no next slice is asked) or a service fails (its error in one line). What was
// translated stays in the library, so G then shows each sentence at once.
import { useEffect, useRef, useState } from 'react';
import type { TextTranslationProgress } from '../../../src-shared/contract/translation';
import { api, errorMessage } from '../../api/client';
import { ProgressBar } from '../../components/Page';
import { ErrorLine } from '../../components/ErrorLine';
import { t } from '../../lib/i18n';

interface RunState {
  running: boolean;
  done: number;
  total: number;
  error: string | null;
  finished: boolean;
}

const IDLE: RunState = { running: false, done: 0, total: 0, error: null, finished: false };

export function useTranslateAll(textId: number | undefined) {
  const [state, setState] = useState<RunState>(IDLE);
  const stopped = useRef(false);
  // Leaving the text stops the run.
  useEffect(() => {
    setState(IDLE);
    return () => {
      stopped.current = true;
    };
  }, [textId]);

  async function start() {
    if (textId === undefined || state.running) return;
    stopped.current = false;
    setState({ ...IDLE, running: true });
    let from: number | null = 0;
    try {
      while (from !== null && !stopped.current) {
        const p: TextTranslationProgress = await api.call('translation.translateText', { id: textId, from });
        from = p.next;
        setState((s) => ({ ...s, done: p.done, total: p.total }));
      }
      setState((s) => ({ ...s, running: false, finished: from === null }));
    } catch (err) {
      setState((s) => ({ ...s, running: false, error: errorMessage(err) }));
    }
  }

  return { state, start, stop: () => (stopped.current = true), close: () => setState(IDLE) };
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
