// Runs in: renderer. The review session's state: the scope (a language, a text, a selection) from the URL, its
// config, the view (a card mode or the table), the card on screen and its reveal, answering (with the keys),
// practice beyond the due terms, and the count reviewed. ReviewPage renders it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { NextWordResult, ReviewConfig, ReviewMode } from '../../../src-shared/contract/review';
import { api, errorMessage } from '../../api/client';
import { showError } from '../../lib/errors';
import { navigate, useQuery } from '../../lib/router';
import { useAction } from '../../lib/useAction';
import { useHotkeys } from '../../components/hotkeys';
import { useApp } from '../../stores/app';
import { answerKeys, stepStatus } from './statusKeys';

export type View = ReviewMode | 'table';

export function useReviewSession() {
  const query = useQuery();
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const saveSetting = useApp((s) => s.saveSetting);
  const scope = useMemo<Record<string, string>>(() => {
    for (const key of ['text', 'selection', 'term_id', 'lang']) {
      const v = query.get(key);
      if (v) return { [key]: v };
    }
    return currentLanguageId ? { lang: String(currentLanguageId) } : {};
  }, [query.toString(), currentLanguageId]); // eslint-disable-line react-hooks/exhaustive-deps
  const scopeKey = JSON.stringify(scope);

  const [config, setConfig] = useState<ReviewConfig | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [practice, setPractice] = useState<{ since: number } | null>(null);
  const [loaded, setLoaded] = useState<{ result: NextWordResult; mode: ReviewMode } | null>(null);
  const [revealed, setRevealed] = useState(false);
  const [reviewed, setReviewed] = useState(0);
  const [error, setError] = useState('');

  const mode: ReviewMode = view && view !== 'table' ? view : (config?.mode ?? 'term-to-translation');
  // The card asked for in another mode is not shown while the new mode's card is on its way: a key pressed
  // meanwhile would act on a card about to be replaced (and its reveal would be lost).
  const next = loaded && loaded.mode === mode ? loaded.result : null;
  const session = useMemo(() => ({ ...scope, ...(practice ? { all: true, since: practice.since } : {}) }), [scopeKey, practice]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setConfig(null);
    setLoaded(null);
    setReviewed(0);
    setPractice(null);
    setError('');
    api
      .call('review.config', scope)
      .then((c) => {
        setConfig(c);
        setView((v) => v ?? c.mode);
        // "Review this text's terms" from an empty state: every learning term of the text, due or not.
        if (query.get('all') === '1') setPractice({ since: c.now });
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [scopeKey]); // eslint-disable-line react-hooks/exhaustive-deps

  // Only the newest request's answer is shown: on a change of scope the previous scope's request (still with
  // the old config) can answer after the new one and would put its card or its "done" over the right one.
  const latestNext = useRef(0);
  const loadNext = useCallback(async () => {
    if (!config?.scope) return;
    const request = ++latestNext.current;
    try {
      const n = await api.call('review.nextWord', { ...session, mode });
      if (request !== latestNext.current) return;
      setLoaded({ result: n, mode });
      setRevealed(false);
    } catch (err) {
      if (request === latestNext.current) setError(errorMessage(err));
    }
  }, [config, session, mode]);

  useEffect(() => {
    if (view !== 'table') void loadNext();
  }, [loadNext, view]);

  // An answer key while the last answer is still being saved is ignored (useAction); a failure is a toast.
  const answering = useAction(async (term: NonNullable<NextWordResult['term']>, status: number) => {
    await api.call('review.setStatus', { term_id: term.WoID, status, mode: term.mode });
    setReviewed((r) => r + 1);
    await loadNext();
  });
  const busy = answering.busy;
  const answer = (status: number) => (next && !next.done ? answering.run(next.term, status) : Promise.resolve(undefined));

  const card = next && !next.done ? next.term : null;
  const onCards = view !== 'table';
  // Card keys act on the card on screen; in table mode only T (back to cards) is live.
  const active = onCards ? card : null;
  useHotkeys({
    ' ': () => active && setRevealed(true),
    Enter: () => active && setRevealed(true),
    ...Object.fromEntries(answerKeys().map((k) => [k.key, () => active && void answer(k.status)])),
    ArrowUp: () => active && void answer(stepStatus(active.WoStatus, 1)),
    ArrowDown: () => active && void answer(stepStatus(active.WoStatus, -1)),
    t: () => chooseView(view === 'table' ? (config?.mode ?? 'term-to-translation') : 'table'),
  });

  function chooseView(v: View) {
    setView(v);
    if (v !== 'table' && v !== config?.mode) void saveSetting('reviewMode', v);
  }

  async function startPractice() {
    try {
      const c = await api.call('review.config', scope);
      setPractice({ since: c.now });
      setReviewed(0);
    } catch (err) {
      showError(err);
    }
  }

  const chooseLanguage = (id: string) => navigate(`/review?lang=${id}`, { replace: true });

  return {
    config,
    view,
    practice,
    next,
    card,
    onCards,
    session,
    revealed,
    reveal: () => setRevealed(true),
    reviewed,
    countAnswered: () => setReviewed((r) => r + 1),
    busy,
    error,
    answer,
    chooseView,
    startPractice,
    chooseLanguage,
  };
}
