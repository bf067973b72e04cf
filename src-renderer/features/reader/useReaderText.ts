// Runs in: renderer. The text a reading session shows (useReaderSession composes it): loading its view, its language
// made the current one, the reading items (ReaderText, statuses change in place), the legend's counts, and the
// text rendered into the page with its hints and furigana, resumed where the learner left off. The state and its
// transitions are readerTextModel.ts (pure, unit-tested).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { ReaderText } from '../../../src-shared/text/reader-text';
import { hintText } from '../../../src-shared/text/hint';
import { errorMessage } from '../../api/client';
import { navigate, useParams, useTitle } from '../../lib/router';
import { useModel } from '../../lib/useModel';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { useReadingTime } from '../statistics/reading-time';
import { readerView } from './prefetch';
import { renderText, type RenderedText } from './TextView';
import { useReadingPosition } from './useReadingPosition';
import { initialReaderText, readerDisplay, reduceReaderText } from './readerTextModel';

export function useReaderText() {
  const id = Number(useParams().id);
  const [{ view, error, countsVersion }, dispatch] = useModel(reduceReaderText, () => initialReaderText);
  const settings = useApp((s) => s.settings);
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const setCurrentLanguage = useApp((s) => s.setCurrentLanguage);
  const display = readerDisplay(view, settings);
  const hostRef = useRef<HTMLDivElement>(null);
  const rendered = useRef<RenderedText | null>(null);
  const scrolled = useRef(false);
  useTitle(view ? view.text.TxTitle : t('reader.title'));

  const load = useCallback(async () => {
    try {
      dispatch({ type: 'loaded', view: await readerView(id) });
    } catch (err) {
      dispatch({ type: 'failed', error: errorMessage(err) });
    }
  }, [id, dispatch]);
  useEffect(() => {
    dispatch({ type: 'opening' });
    void load();
  }, [load, dispatch]);

  // Opening a text makes its language the current one (the sidebar, the library, new terms follow) once; the
  // learner picking another language in the switcher afterwards leaves the text for that language's library
  // (forcing it back would make the switcher refuse to change).
  useEffect(() => {
    if (view && view.language.LgID !== useApp.getState().currentLanguageId) setCurrentLanguage(view.language.LgID);
  }, [view, setCurrentLanguage]);
  const languageSeen = useRef(currentLanguageId);
  useEffect(() => {
    const changed = languageSeen.current !== currentLanguageId;
    languageSeen.current = currentLanguageId;
    if (changed && view && currentLanguageId !== null && currentLanguageId !== view.language.LgID) navigate('/texts');
  }, [currentLanguageId, view]);

  // The reading items, read from the payload's columns; statuses and term ids change in place.
  const model = useMemo(() => (view ? new ReaderText(view) : null), [view]);
  const words = useMemo(() => model?.wordItems() ?? [], [model]);

  // Distinct words by status, for the legend: computed while rendering (a state set from the layout effect that
  // renders the text would render the whole page a second time before the first paint); recount() after a change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const counts = useMemo(() => model?.statusCounts() ?? {}, [model, countsVersion]);
  const recount = useCallback(() => dispatch({ type: 'recount' }), [dispatch]);

  const { furigana, readingsBelowStatus } = display;
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!view || !model || !host) return;
    // One hint per term, not per occurrence (a frequent word occurs hundreds of times).
    const hintCache = new Map<number, string | undefined>();
    const hintOf = (index: number) => {
      const termId = model.termId(index);
      if (termId === null) return undefined;
      if (hintCache.has(termId)) return hintCache.get(termId);
      const tr = model.hint(termId)?.translation;
      const hint = tr ? hintText(tr) || undefined : undefined;
      hintCache.set(termId, hint);
      return hint;
    };
    const r = renderText(model, view.language.LgRightToLeft, view.language.LgParserType === 'regex', hintOf, {
      furigana,
      readingsBelow: readingsBelowStatus,
      rubyReadings: view.rubyReadings,
      pictures: view.pictures,
    });
    host.replaceChildren(r.root);
    rendered.current = r;
    // Resume where the learner left off.
    const at = view.text.TxPosition;
    if (at > 0) {
      r.renderThroughOrder(at);
      host.querySelector<HTMLElement>(`.w[data-order="${at}"]`)?.scrollIntoView({ block: 'start' });
    }
    return () => {
      r.cancel();
      rendered.current = null;
    };
  }, [view, model, furigana, readingsBelowStatus]);

  useReadingPosition(view, hostRef, rendered, scrolled);
  // Active reading time for the statistics (paused while the learner is idle or away).
  useReadingTime(view !== null);

  return { error, view, model, words, counts, recount, load, hostRef, rendered, scrolled, ...display };
}
