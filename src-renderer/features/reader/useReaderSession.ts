// Runs in: renderer. A reading session (ReaderPage renders it), composed of the text (useReaderText: view, items,
// rendering, counts), the statuses set while reading (useReaderStatuses) and, here, the cursor: the selected word
// and its word panel, moving to the next unknown word, the mouse (useWordPointer), speech and the reader's keys.
// The cursor's state and what each key does are readerSelectionModel.ts (pure, unit-tested).
import { useCallback, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useHotkeys } from '../../components/hotkeys';
import { useModel } from '../../lib/useModel';
import { useApp } from '../../stores/app';
import type { TermDto } from '../../../src-shared/contract/terms';
import { afterLeavingPanel, type PanelControl, type PanelTarget } from './panelControl';
import { initialReaderSelection, panelTargetAt, READER_KEYS, readerKey, reduceReaderSelection } from './readerSelectionModel';
import { useReadAgainOnReturn } from './useReadAgainOnReturn';
import { nextUnknown } from './next-unknown';
import { useWordPointer } from './useWordPointer';
import { speak, useVoice } from './speech';
import { toggleSentenceTranslation } from './sentenceTranslation';
import { useReaderText } from './useReaderText';
import { useReaderStatuses } from './useReaderStatuses';

/** Where the word panel becomes a bottom sheet (reader.css). */
const NARROW = '(max-width: 900px)';

export function useReaderSession() {
  const text = useReaderText();
  const { view, model, words, rendered, load } = text;
  // get() reads the cursor a dispatch just moved: a status key right after a click acts on the new word.
  const [{ selected, panel, help }, dispatch, get] = useModel(reduceReaderSelection, () => initialReaderSelection);
  const saveSetting = useApp((s) => s.saveSetting);
  const panelControl = useRef<PanelControl | null>(null);
  // Speech: hidden (and the s key does nothing) when the system has no voice for the language.
  const voice = useVoice(view?.language.LgIsoCode || undefined, view?.language.LgID);
  const selectedEl = useRef<HTMLElement | null>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const setPanel = useCallback((target: PanelTarget | null) => dispatch({ type: 'panel', target }), [dispatch]);

  useEffect(() => setPanel(null), [load, setPanel]);
  useReadAgainOnReturn(() => void load(), panel !== null);
  useEffect(() => {
    if (model) dispatch({ type: 'textReread', model });
  }, [model, dispatch]);

  const openIndexNow = useCallback(
    (index: number, focus = false) => {
      if (!model) return;
      // The element marked last, not a query over the text's 20,000+ words (this runs on every status key).
      selectedEl.current?.classList.remove('selected');
      selectedEl.current = rendered.current?.byIndex.get(index) ?? null;
      selectedEl.current?.classList.add('selected');
      // The word shows as selected at once (above), so its panel commits at once too: a key pressed right after
      // (Enter to edit) must reach this word's panel, not the one it replaces.
      flushSync(() => dispatch({ type: 'opened', index, target: panelTargetAt(model, index, focus, view?.rubyReadings) }));
      // Narrow windows: the panel is a bottom sheet; the word's scroll margin (reader.css) keeps it above the sheet.
      if (window.matchMedia(NARROW).matches) selectedEl.current?.scrollIntoView({ block: 'nearest' });
    },
    [model, view, rendered, dispatch],
  );
  // Another word: the open panel's unsaved edits are saved or confirmed first.
  const openIndex = useCallback((index: number, focus = false) => afterLeavingPanel(panelControl, () => openIndexNow(index, focus)), [openIndexNow]);

  function moveToUnknown(dir: 1 | -1) {
    const at = get().selected;
    if (!model) return;
    const next = nextUnknown(words, at === null ? (dir === 1 ? -1 : model.length) : at, dir, (i) => model.status(i));
    if (next === undefined) return;
    rendered.current?.renderThroughOrder(model.order(next));
    rendered.current?.byIndex.get(next)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    openIndex(next);
  }

  const closePanel = useCallback(() => setPanel(null), [setPanel]);
  const statuses = useReaderStatuses(text, {
    selectedAt: () => get().selected,
    termSaved: (termId) => dispatch({ type: 'termSaved', termId }),
    closePanel,
    advance: () => {
      if (text.nextAfterStatus) moveToUnknown(1);
    },
  });
  const { applyTerm } = statuses;

  const multiwordSaved = useCallback(
    (term: TermDto) => {
      // A new multi-word term adds occurrences: fetch the items again (the single words keep their colours).
      if (panel?.multiword && panel.termId === null) void load();
      else applyTerm(term);
      setPanel(null);
    },
    [panel, load, applyTerm, setPanel],
  );

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
  const closeAndClear = () => {
    setPanel(null);
    clearSelection();
  };

  function translateSentence() {
    const at = get().selected;
    if (!view || !model || !rendered.current || at === null) return;
    void toggleSentenceTranslation({ model, rendered: rendered.current, words, at, languageId: view.language.LgID });
  }

  // Each key's meaning comes from the model (readerKey); here it is carried out.
  useHotkeys(
    Object.fromEntries(
      READER_KEYS.map((key) => [
        key,
        (e: KeyboardEvent) => {
          const cmd = readerKey(key, get(), !!view?.language.LgRightToLeft, e.shiftKey);
          const at = get().selected;
          if (cmd?.do === 'move') moveToUnknown(cmd.dir);
          else if (cmd?.do === 'closeHelp') dispatch({ type: 'help', show: false });
          else if (cmd?.do === 'toggleHelp') dispatch({ type: 'help', show: !get().help });
          else if (cmd?.do === 'leavePanel') afterLeavingPanel(panelControl, () => closeAndClear());
          else if (cmd?.do === 'speak' && voice && model && at !== null) speak(cmd.sentence ? model.sentenceText(at) : model.text(at), voice);
          else if (cmd?.do === 'translateSentence') translateSentence();
          else if (cmd?.do === 'focusTranslation' && panelControl.current) panelControl.current.focusTranslation();
          else if ((cmd?.do === 'focusTranslation' || cmd?.do === 'edit') && at !== null) openIndex(at, true);
          else if (cmd?.do === 'status' && cmd.viaPanel && panelControl.current) panelControl.current.saveStatus(cmd.status);
          else if (cmd?.do === 'status') void statuses.setStatusOfSelected(cmd.status);
        },
      ]),
    ),
  );

  const setHelp = (show: boolean) => dispatch({ type: 'help', show });
  // What ReaderPage reads: the text, the statuses, and the cursor with the panel, the mouse, the keys and speech.
  const cursor = { panel, selected, help, setHelp, setPanel, openIndex, moveToUnknown, clearSelection, translateSentence, tooltip };
  return { ...text, ...statuses, ...cursor, saveSetting, pointer, panelControl, voice, multiwordSaved };
}
