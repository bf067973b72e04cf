// Runs in: renderer. A reading session's state (ReaderPage renders it): the text's view and its word model, the
// rendered text and its colours, the selected word and the open word panel, statuses set from the keyboard or
// the panel, multi-word terms, "Known up to here" and "All known", speech, furigana and the reader's keys.
import { hasWordReadings, READINGS_BELOW_DEFAULT, readingsBelow, readingsBelowKey } from '../../../src-shared/text/zh/languages';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ReaderView } from '../../../src-shared/contract/reader';
import { STATUS_UNKNOWN } from '../../../src-shared/contract/status';
import type { TermDto } from '../../../src-shared/contract/terms';
import { ReaderText } from '../../../src-shared/text/reader-text';
import { wordHex } from '../../../src-shared/text/sha256';
import { toHiragana } from '../../../src-shared/text/kana';
import { hintText } from '../../../src-shared/text/hint';
import { api, errorMessage } from '../../api/client';
import { showError } from '../../lib/errors';
import { navigate, useParams, useTitle } from '../../lib/router';
import { useHotkeys } from '../../components/hotkeys';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';
import type { FollowLemmaTerm } from '../lemmas/FamilyMarks';
import { recolour, renderText, type RenderedText } from './TextView';
import { afterLeavingPanel, type PanelControl, type PanelTarget } from './useWordPanel';
import { useReadAgainOnReturn } from './useReadAgainOnReturn';
import { useReadingPosition } from './useReadingPosition';
import { nextUnknown } from './next-unknown';
import { useReadingTime } from '../statistics/reading-time';
import { readerView } from './prefetch';
import { useWordPointer } from './useWordPointer';
import { speak, useVoice } from './speech';
import { toggleSentenceTranslation } from './sentenceTranslation';
import { t } from '../../lib/i18n';

const STATUS_KEYS: Record<string, number> = { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, i: 98, w: 99 };
/** Where the word panel becomes a bottom sheet (reader.css). */
const NARROW = '(max-width: 900px)';

export function useReaderSession() {
  const id = Number(useParams().id);
  const [view, setView] = useState<ReaderView | null>(null);
  /** Set by FamilyMarks: a saved term updates the marks there, without rendering the page again. */
  const followFamilies = useRef<FollowLemmaTerm | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [countsVersion, setCountsVersion] = useState(0);
  const settings = useApp((s) => s.settings);
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const setCurrentLanguage = useApp((s) => s.setCurrentLanguage);
  const saveSetting = useApp((s) => s.saveSetting);
  const width = Math.min(100, Math.max(40, Number(settings.readingWidth) || 70));
  const hints = settings.showTranslationHints !== '0';
  // After a status is set, move on to the next unknown word (on unless switched off, as in LWT).
  const nextAfterStatus = settings.readerNextUnknown !== '0';
  const [help, setHelp] = useState(false);
  // Furigana above kanji words: a setting per language (key furigana.<LgID>), off unless switched on.
  const furiganaKey = view ? `furigana.${view.language.LgID}` : '';
  const furigana = !!view && hasWordReadings(view.language) && settings[furiganaKey] === '1';
  // Readings only where needed: on words below this status (known words read clean).
  const readingsBelowStatus = view ? readingsBelow(settings[readingsBelowKey(view.language.LgID)]) : READINGS_BELOW_DEFAULT;
  const panelControl = useRef<PanelControl | null>(null);
  // Speech: hidden (and the s key does nothing) when the system has no voice for the language.
  const voice = useVoice(view?.language.LgIsoCode || undefined, view?.language.LgID);
  const selectedRef = useRef<number | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const rendered = useRef<RenderedText | null>(null);
  const selectedEl = useRef<HTMLElement | null>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);
  useTitle(view ? view.text.TxTitle : t('reader.title'));

  const load = useCallback(async () => {
    try {
      setView(await readerView(id));
    } catch (err) {
      setError(errorMessage(err));
    }
  }, [id]);
  useEffect(() => {
    setView(null);
    setPanel(null);
    void load();
  }, [load]);
  useReadAgainOnReturn(() => void load(), panel !== null);

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
  // The text was read again after a bulk action ("Known up to here", "All known"): an open panel follows the
  // selected word's new term, or a Save would undo the action with the stale "New word" status.
  useEffect(() => {
    const at = selectedRef.current;
    if (!model || at === null || at >= model.length) return;
    setPanel((p) => (p && p.text === model.text(at) && p.termId !== model.termId(at) ? { ...p, termId: model.termId(at) } : p));
  }, [model]);

  // Distinct words by status, for the legend: computed while rendering (a state set from the layout effect that
  // renders the text would render the whole page a second time before the first paint); recount() after a change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const counts = useMemo(() => model?.statusCounts() ?? {}, [model, countsVersion]);
  const recount = useCallback(() => setCountsVersion((v) => v + 1), []);

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

  // Japanese readings in hiragana (kuromoji gives katakana).
  const readingOf = useCallback(
    (index: number) => {
      // An imported book's own reading of the word (EPUB ruby) first, as furigana shows it.
      const r = (model && view?.rubyReadings?.[model.text(index)]) || model?.reading(index);
      return r ? toHiragana(r) : undefined;
    },
    [model, view],
  );

  const openIndexNow = useCallback(
    (index: number, focus = false) => {
      if (!model) return;
      selectedRef.current = index;
      // The element marked last, not a query over the text's 20,000+ words (this runs on every status key).
      selectedEl.current?.classList.remove('selected');
      selectedEl.current = rendered.current?.byIndex.get(index) ?? null;
      selectedEl.current?.classList.add('selected');
      const multiword = model.wordCount(index) > 1;
      const parts = multiword ? model.wordsOf(index).map((k) => ({ text: model.text(k), index: k })) : [];
      // The word shows as selected at once (above), so its panel commits at once too: a key pressed right after
      // (Enter to edit) must reach this word's panel, not the one it replaces.
      flushSync(() => {
        setSelected(index);
        setPanel({
          text: model.text(index),
          multiword,
          termId: model.termId(index),
          sentence: model.sentenceText(index),
          markedSentence: model.markedSentenceText(index),
          reading: readingOf(index),
          parts,
          focus,
        });
      });
      // Narrow windows: the panel is a bottom sheet; the word's scroll margin (reader.css) keeps it above the sheet.
      if (window.matchMedia(NARROW).matches) selectedEl.current?.scrollIntoView({ block: 'nearest' });
    },
    [model, readingOf],
  );
  // Another word: the open panel's unsaved edits are saved or confirmed first.
  const openIndex = useCallback((index: number, focus = false) => afterLeavingPanel(panelControl, () => openIndexNow(index, focus)), [openIndexNow]);

  /** A term was saved: every element with its data_hex takes the new status at once. */
  const applyTerm = useCallback(
    (term: TermDto) => {
      if (!view || !model || !rendered.current) return;
      performance.mark('lectio:recolour-start');
      const hex = wordHex(term.WoText);
      model.setHint(term.WoID, term.WoTranslation, term.WoRomanization);
      model.setTerm(hex, term.WoID, term.WoStatus);
      recolour(rendered.current, hex, term.WoStatus, hints ? hintText(term.WoTranslation) : undefined);
      recount();
      performance.measure('lectio:recolour', 'lectio:recolour-start');
      // Forms whose lemma this term is ("family known") take its status: their marks follow without a reload.
      followFamilies.current?.(term);
    },
    [view, model, hints, recount],
  );

  const multiwordSaved = useCallback(
    (term: TermDto) => {
      // A new multi-word term adds occurrences: fetch the items again (the single words keep their colours).
      if (panel?.multiword && panel.termId === null) void load();
      else applyTerm(term);
      setPanel(null);
    },
    [panel, load, applyTerm],
  );

  const onDeleted = useCallback(
    (termId: number) => {
      if (!model || !rendered.current) return;
      for (const h of model.unlinkTerm(termId)) recolour(rendered.current, h, STATUS_UNKNOWN, '');
      setPanel(null);
      recount();
    },
    [model, recount],
  );

  async function setStatusOfSelected(status: number) {
    const selected = selectedRef.current;
    if (!view || !model || selected === null) return;
    const termId = model.termId(selected);
    try {
      const term =
        model.wordCount(selected) > 1 && termId !== null
          ? await api.call('reader.multiUpdate', { id: termId, WoStatus: status })
          : await api.call('reader.quickTerm', { WoLgID: view.language.LgID, WoText: model.text(selected), WoStatus: status });
      applyTerm(term);
      if (panel) setPanel({ ...panel, termId: term.WoID });
      if (nextAfterStatus) moveToUnknown(1);
    } catch (err) {
      showError(err);
    }
  }

  function moveToUnknown(dir: 1 | -1) {
    const selected = selectedRef.current;
    if (!model) return;
    const from = selected === null ? (dir === 1 ? -1 : model.length) : selected;
    const next = nextUnknown(words, from, dir, (i) => model.status(i));
    if (next === undefined) return;
    rendered.current?.renderThroughOrder(model.order(next));
    rendered.current?.byIndex.get(next)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    openIndex(next);
  }

  const pointer = useWordPointer({
    model,
    rendered,
    tooltip,
    words,
    selected,
    openIndex,
    setPanel: (tm) => afterLeavingPanel(panelControl, () => setPanel(tm)),
  });
  const clearSelection = pointer.clearSelection;

  useHotkeys({
    ArrowRight: () => moveToUnknown(view?.language.LgRightToLeft ? -1 : 1),
    ArrowLeft: () => moveToUnknown(view?.language.LgRightToLeft ? 1 : -1),
    j: () => moveToUnknown(1),
    k: () => moveToUnknown(-1),
    Escape: () => {
      if (help) return setHelp(false);
      afterLeavingPanel(panelControl, () => {
        setPanel(null);
        clearSelection();
      });
    },
    '?': () => setHelp((h) => !h),
    // s reads the selected word aloud, Shift+S its sentence.
    s: (e) => {
      const at = selectedRef.current;
      if (!voice || !model || at === null) return;
      speak(e.shiftKey ? model.sentenceText(at) : model.text(at), voice);
    },
    // g shows the selected word's sentence translated under it (T is the timing key); again hides it.
    g: () => translateSentence(),
    // Enter edits: the caret goes into Translation (the panel opens first when it is closed).
    Enter: () => {
      if (panel && panelControl.current) panelControl.current.focusTranslation();
      else if (selected !== null) openIndex(selected, true);
    },
    // A status key saves at once: through the open panel (with what was typed there), else directly.
    ...Object.fromEntries(
      Object.entries(STATUS_KEYS).map(([key, st]) => [
        key,
        () => {
          if (panel && panelControl.current) panelControl.current.saveStatus(st);
          else void setStatusOfSelected(st);
        },
      ]),
    ),
  });

  function translateSentence() {
    const at = selectedRef.current;
    if (!view || !model || !rendered.current || at === null) return;
    void toggleSentenceTranslation({ model, rendered: rendered.current, words, at, languageId: view.language.LgID });
  }

  useReadingPosition(view, hostRef, rendered, scrolled);
  // Active reading time for the statistics (paused while the learner is idle or away).
  useReadingTime(view !== null);

  async function markAll(kind: 'known' | 'ignored') {
    if (!view) return;
    const unknown = counts[STATUS_UNKNOWN] ?? 0;
    const ok = await confirmDialog({
      title: kind === 'known' ? t('reader.markAllKnownTitle') : t('reader.ignoreAllTitle'),
      message: t(kind === 'known' ? 'reader.markAllKnownMessage' : 'reader.ignoreAllMessage', { count: unknown }),
      confirmLabel: kind === 'known' ? t('reader.markAllKnown') : t('reader.ignoreAll'),
    });
    if (!ok) return;
    try {
      const res = await api.call(kind === 'known' ? 'reader.markAllKnown' : 'reader.markAllIgnored', { id: view.text.TxID });
      toast('success', t('reader.termsCreated', { count: res.created }));
      await load();
    } catch (err) {
      showError(err);
    }
  }

  /** "Mark the rest known": every unknown word up to the selected one becomes well known (Lute's page turn). */
  async function markUntil() {
    const at = selectedRef.current;
    if (!view || !model || at === null) return;
    const order = model.order(model.wordCount(at) > 1 ? model.wordsOf(at)[model.wordsOf(at).length - 1] : at);
    const unknown = new Set(words.filter((i) => model.order(i) <= order && model.status(i) === STATUS_UNKNOWN).map((i) => model.hex(i))).size;
    const ok = await confirmDialog({
      title: t('reader.knownUpToTitle'),
      message: t('reader.knownUpToMessage', { count: unknown, word: model.text(at) }),
      confirmLabel: t('reader.knownUpToConfirm'),
    });
    if (!ok) return;
    try {
      const res = await api.call('reader.markKnownUntil', { id: view.text.TxID, order });
      toast('success', t('reader.termsCreated', { count: res.created }));
      await load();
    } catch (err) {
      showError(err);
    }
  }

  return {
    error,
    view,
    counts,
    panel,
    width,
    hints,
    saveSetting,
    markAll,
    selected,
    markUntil,
    furigana,
    furiganaKey,
    model,
    rendered,
    hostRef,
    load,
    followFamilies,
    pointer,
    scrolled,
    setHelp,
    help,
    nextAfterStatus,
    panelControl,
    voice,
    multiwordSaved,
    applyTerm,
    setPanel,
    moveToUnknown,
    clearSelection,
    openIndex,
    onDeleted,
    tooltip,
    translateSentence,
  };
}
