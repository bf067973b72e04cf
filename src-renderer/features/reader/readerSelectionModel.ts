// Runs in: renderer (pure: no DOM, no fetch; unit-tested in readerSelectionModel.test.ts). Where the learner is in
// the text: the selected item, the word panel open on it (its target), the keyboard help, and what each reader key
// does there. useReaderSession runs the effects (marking the element, scrolling, saving) and dispatches.
import { toHiragana } from '../../../src-shared/text/kana';
import type { ReaderText } from '../../../src-shared/text/reader-text';
import type { PanelTarget } from './panelControl';

export interface ReaderSelectionState {
  /** The item the cursor is on (a word or a multi-word item); null before the first. */
  selected: number | null;
  /** The open word panel's target; null when closed. */
  panel: PanelTarget | null;
  /** The keyboard help shows. */
  help: boolean;
}

export type ReaderSelectionAction =
  /** The cursor moved to an item and its panel opened. */
  | { type: 'opened'; index: number; target: PanelTarget }
  /** The panel shows another target (a selection of words, a saved term's id), or closes (null). */
  | { type: 'panel'; target: PanelTarget | null }
  /** A status set from the keyboard saved the panel's word as this term. */
  | { type: 'termSaved'; termId: number }
  /**
   * The text was read again (after "Known up to here", "All known"): an open panel on the selected word follows
   * its new term, or a Save would undo the action with the stale "New word" status.
   */
  | { type: 'textReread'; model: ReaderText }
  | { type: 'help'; show: boolean };

export const initialReaderSelection: ReaderSelectionState = { selected: null, panel: null, help: false };

export function reduceReaderSelection(state: ReaderSelectionState, action: ReaderSelectionAction): ReaderSelectionState {
  switch (action.type) {
    case 'opened':
      return { ...state, selected: action.index, panel: action.target };
    case 'panel':
      return { ...state, panel: action.target };
    case 'termSaved':
      return state.panel ? { ...state, panel: { ...state.panel, termId: action.termId } } : state;
    case 'textReread': {
      const { model } = action;
      const at = state.selected;
      const p = state.panel;
      if (at === null || at >= model.length || !p || p.text !== model.text(at) || p.termId === model.termId(at)) return state;
      return { ...state, panel: { ...p, termId: model.termId(at) } };
    }
    case 'help':
      return { ...state, help: action.show };
  }
}

/**
 * The panel's target for item `index`: its text, term, sentence (and the sentence marked), parts, and its reading in
 * hiragana (kuromoji gives katakana): an imported book's own reading of the word (EPUB ruby) first, as furigana shows it.
 */
export function panelTargetAt(model: ReaderText, index: number, focus: boolean, rubyReadings?: Record<string, string>): PanelTarget {
  const multiword = model.wordCount(index) > 1;
  const reading = rubyReadings?.[model.text(index)] || model.reading(index);
  return {
    text: model.text(index),
    multiword,
    termId: model.termId(index),
    sentence: model.sentenceText(index),
    markedSentence: model.markedSentenceText(index),
    reading: reading ? toHiragana(reading) : undefined,
    parts: multiword ? model.wordsOf(index).map((k) => ({ text: model.text(k), index: k })) : [],
    focus,
  };
}

/** A status key and the status it sets: 1-5, i (ignored), w (well known). */
export const STATUS_KEYS: Record<string, number> = { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, i: 98, w: 99 };

export type ReaderCommand =
  | { do: 'move'; dir: 1 | -1 }
  | { do: 'closeHelp' }
  | { do: 'leavePanel' }
  | { do: 'toggleHelp' }
  | { do: 'speak'; sentence: boolean }
  | { do: 'translateSentence' }
  | { do: 'focusTranslation' }
  | { do: 'edit'; index: number }
  /** Through the open panel (with what was typed there), else directly. */
  | { do: 'status'; status: number; viaPanel: boolean };

/** What a reader key does, given where the learner is (`shift` for s / Shift+S); null: nothing. */
export function readerKey(key: string, state: ReaderSelectionState, rightToLeft: boolean, shift = false): ReaderCommand | null {
  const panelOpen = state.panel !== null;
  if (key in STATUS_KEYS) return { do: 'status', status: STATUS_KEYS[key], viaPanel: panelOpen };
  switch (key) {
    case 'ArrowRight':
      return { do: 'move', dir: rightToLeft ? -1 : 1 };
    case 'ArrowLeft':
      return { do: 'move', dir: rightToLeft ? 1 : -1 };
    case 'j':
      return { do: 'move', dir: 1 };
    case 'k':
      return { do: 'move', dir: -1 };
    case 'Escape':
      return state.help ? { do: 'closeHelp' } : { do: 'leavePanel' };
    case '?':
      return { do: 'toggleHelp' };
    case 's':
      return { do: 'speak', sentence: shift };
    case 'g':
      return { do: 'translateSentence' };
    case 'Enter':
      return panelOpen ? { do: 'focusTranslation' } : state.selected !== null ? { do: 'edit', index: state.selected } : null;
  }
  return null;
}

/** The keys the reader listens to. */
export const READER_KEYS = ['ArrowRight', 'ArrowLeft', 'j', 'k', 'Escape', '?', 's', 'g', 'Enter', ...Object.keys(STATUS_KEYS)];
