// Runs in: renderer (pure: no DOM, no fetch; unit-tested in readerTextModel.test.ts). The text a reading session
// shows: its view (null while it loads), the error that stopped it, the legend's recount, how the settings and the
// language say to show it, and what "Known up to here" would mark. useReaderText runs the effects and dispatches.
import type { ReaderView } from '../../../src-shared/contract/reader';
import { STATUS_UNKNOWN } from '../../../src-shared/contract/status';
import type { ReaderText } from '../../../src-shared/text/reader-text';
import { hasWordReadings, READINGS_BELOW_DEFAULT, readingsBelow, readingsBelowKey } from '../../../src-shared/text/zh/languages';

export interface ReaderTextState {
  view: ReaderView | null;
  error: string | null;
  /** Bumped after statuses change in place: the legend counts the words by status again. */
  countsVersion: number;
}

export type ReaderTextAction =
  /** Another text (or the same one opened again): nothing shows until it has loaded. */
  { type: 'opening' } | { type: 'loaded'; view: ReaderView } | { type: 'failed'; error: string } | { type: 'recount' };

export const initialReaderText: ReaderTextState = { view: null, error: null, countsVersion: 0 };

export function reduceReaderText(state: ReaderTextState, action: ReaderTextAction): ReaderTextState {
  switch (action.type) {
    case 'opening':
      return { ...state, view: null };
    case 'loaded':
      return { ...state, view: action.view };
    case 'failed':
      return { ...state, error: action.error };
    case 'recount':
      return { ...state, countsVersion: state.countsVersion + 1 };
  }
}

/** How the reader shows the text, from the settings (and the text's language). */
export interface ReaderDisplay {
  /** Reading column width, % of the window (40-100, 70 unless set). */
  width: number;
  /** Translation hints under the words (on unless switched off). */
  hints: boolean;
  /** After a status is set, move on to the next unknown word (on unless switched off, as in LWT). */
  nextAfterStatus: boolean;
  /** The setting of furigana for this language (furigana.<LgID>); '' while no text. */
  furiganaKey: string;
  /** Furigana above kanji words: for languages with word readings, off unless switched on. */
  furigana: boolean;
  /** Readings only on words below this status (known words read clean). */
  readingsBelowStatus: number;
}

type LanguageOfView = Pick<ReaderView['language'], 'LgID' | 'LgParserType' | 'LgSplitEachChar' | 'LgIsoCode'>;

export function readerDisplay(view: { language: LanguageOfView } | null, settings: Record<string, string | undefined>): ReaderDisplay {
  const furiganaKey = view ? `furigana.${view.language.LgID}` : '';
  return {
    width: Math.min(100, Math.max(40, Number(settings.readingWidth) || 70)),
    hints: settings.showTranslationHints !== '0',
    nextAfterStatus: settings.readerNextUnknown !== '0',
    furiganaKey,
    furigana: !!view && hasWordReadings(view.language) && settings[furiganaKey] === '1',
    readingsBelowStatus: view ? readingsBelow(settings[readingsBelowKey(view.language.LgID)]) : READINGS_BELOW_DEFAULT,
  };
}

/**
 * "Known up to here" from the item `at`: the last word order it covers (a multi-word item's last word) and how many
 * distinct unknown words up to there it would mark.
 */
export function knownUpTo(model: ReaderText, words: readonly number[], at: number): { order: number; unknown: number } {
  const order = model.order(model.wordCount(at) > 1 ? model.wordsOf(at)[model.wordsOf(at).length - 1] : at);
  const unknown = new Set(words.filter((i) => model.order(i) <= order && model.status(i) === STATUS_UNKNOWN).map((i) => model.hex(i))).size;
  return { order, unknown };
}
