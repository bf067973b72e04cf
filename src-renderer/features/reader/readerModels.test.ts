// The reading session's models, without a DOM: the text's state (loading, failing, recounting) and how the settings
// show it, "Known up to here", and the cursor: opening a word or a multi-word item, the panel following a text read
// again, the keyboard help, and what each reader key does where the learner is.
import { describe, expect, it } from 'vitest';
import presetFile from '../../../resources/language-presets.json';
import type { LanguagePreset } from '../../../src-shared/contract/languages';
import type { ReaderMultiwords, ReaderView } from '../../../src-shared/contract/reader';
import { ReaderText, tokenColumns } from '../../../src-shared/text/reader-text';
import { sha256Hex } from '../../../src-shared/text/sha256';
import { parseColumns } from '../../../src-shared/text/tokenize';
import {
  initialReaderSelection,
  panelTargetAt,
  readerKey,
  reduceReaderSelection,
  type ReaderSelectionAction,
  type ReaderSelectionState,
} from './readerSelectionModel';
import { initialReaderText, knownUpTo, readerDisplay, reduceReaderText } from './readerTextModel';

const german = (presetFile as { presets: LanguagePreset[] }).presets.find((p) => p.LgName === 'German')!;
const SOURCE = 'Der Hund bellt. Der Hund schläft, einen Esel sah er.';
const NO_MULTIWORDS: ReaderMultiwords = { start: [], wordCount: [], hex: [], status: [], termId: [] };

/** The reading items of SOURCE as the server sends them, with terms by lowercased form. */
function textOf(terms: Record<string, [id: number, status: number]>, multiwords = NO_MULTIWORDS) {
  const columns = tokenColumns(parseColumns(SOURCE, german));
  return new ReaderText({
    tokens: columns.tokens,
    forms: {
      hex: columns.formLC.map(sha256Hex),
      status: columns.formLC.map((lc) => terms[lc]?.[1] ?? 0),
      termId: columns.formLC.map((lc) => terms[lc]?.[0] ?? 0),
    },
    multiwords,
    terms: { id: [], translation: [], romanization: [] },
  });
}
/** The item index of the n-th word (0-based) of SOURCE. */
const word = (model: ReaderText, n: number) => model.wordItems()[n];

const run = (state: ReaderSelectionState, ...actions: ReaderSelectionAction[]) => actions.reduce(reduceReaderSelection, state);

describe('the reader text model', () => {
  it('shows nothing while a text opens, keeps the error that stopped it, recounts on demand', () => {
    const view = { text: { TxID: 1 } } as unknown as ReaderView; // only its identity matters here
    let s = reduceReaderText(initialReaderText, { type: 'loaded', view });
    expect(s.view).toBe(view);
    s = reduceReaderText(s, { type: 'opening' });
    expect(s.view).toBeNull();
    expect(reduceReaderText(s, { type: 'failed', error: 'Text not found' }).error).toBe('Text not found');
    expect(reduceReaderText(reduceReaderText(s, { type: 'recount' }), { type: 'recount' }).countsVersion).toBe(2);
  });

  it('reads the display from the settings: width kept within 40-100 %, hints and moving on unless off, furigana per language', () => {
    const ja = { language: { LgID: 5, LgParserType: 'morphological' as const, LgSplitEachChar: false, LgIsoCode: 'ja' } };
    expect(readerDisplay(null, {})).toMatchObject({ width: 70, hints: true, nextAfterStatus: true, furiganaKey: '', furigana: false, readingsBelowStatus: 3 });
    expect(readerDisplay(null, { readingWidth: '20', showTranslationHints: '0', readerNextUnknown: '0' })).toMatchObject({
      width: 40,
      hints: false,
      nextAfterStatus: false,
    });
    expect(readerDisplay(null, { readingWidth: '250' }).width).toBe(100);
    expect(readerDisplay(ja, {})).toMatchObject({ furiganaKey: 'furigana.5', furigana: false });
    expect(readerDisplay(ja, { 'furigana.5': '1', 'readingsBelow.5': '5' })).toMatchObject({ furigana: true, readingsBelowStatus: 5 });
    // A language without word readings shows no furigana whatever the setting says.
    const de = { language: { LgID: 2, LgParserType: german.LgParserType, LgSplitEachChar: false, LgIsoCode: 'de' } };
    expect(readerDisplay(de, { 'furigana.2': '1' }).furigana).toBe(false);
  });

  it('"Known up to here" counts the distinct unknown words up to the selected one (a multi-word item: up to its last word)', () => {
    const model = textOf({ bellt: [3, 2] });
    // Der Hund bellt. Der Hund schläft: unknown "der", "hund", "schläft" (bellt is a term).
    const upTo = knownUpTo(model, model.wordItems(), word(model, 5));
    expect(upTo).toEqual({ order: model.order(word(model, 5)), unknown: 3 });
    const einen = model.wordItems()[6];
    const multi = textOf({}, { start: [einen], wordCount: [2], hex: ['h1'], status: [1], termId: [11] });
    const item = multi.itemOfMultiword(0);
    expect(knownUpTo(multi, multi.wordItems(), item).order).toBe(multi.order(multi.wordsOf(item).at(-1)!));
  });
});

describe('the reader selection model', () => {
  it('opens a word: the cursor and the panel on it, with its sentence marked where it was clicked', () => {
    const model = textOf({ hund: [7, 2] });
    const second = word(model, 4); // the second "Hund"
    const target = panelTargetAt(model, second, false, { Hund: 'フント' });
    expect(target).toMatchObject({ text: 'Hund', multiword: false, termId: 7, parts: [], focus: false, sentence: 'Der Hund schläft, einen Esel sah er.' });
    expect(target.markedSentence).toBe('Der {Hund} schläft, einen Esel sah er.');
    // A book's own reading of the word, in hiragana.
    expect(target.reading).toBe('ふんと');
    const s = run(initialReaderSelection, { type: 'opened', index: second, target });
    expect(s.selected).toBe(second);
    expect(s.panel?.termId).toBe(7);
    expect(run(s, { type: 'panel', target: null })).toMatchObject({ selected: second, panel: null });
  });

  it('opens a multi-word item with its single words as parts', () => {
    const base = textOf({});
    const einen = base.wordItems()[6];
    const model = textOf({}, { start: [einen], wordCount: [2], hex: ['h1'], status: [1], termId: [11] });
    const item = model.itemOfMultiword(0);
    const target = panelTargetAt(model, item, true);
    expect(target.multiword).toBe(true);
    expect(target.termId).toBe(11);
    expect(target.focus).toBe(true);
    expect(target.parts?.map((p) => p.text)).toEqual(['einen', 'Esel']);
  });

  it("follows a saved status's term, and the new term of a text read again, only while the panel is on that word", () => {
    const before = textOf({});
    const at = word(before, 1);
    let s = run(initialReaderSelection, { type: 'opened', index: at, target: panelTargetAt(before, at, false) });
    expect(s.panel?.termId).toBeNull();
    expect(run(s, { type: 'termSaved', termId: 4 }).panel?.termId).toBe(4);
    // "All known" made it a term: the open panel takes its id (a Save would otherwise send "New word").
    const after = textOf({ hund: [9, 99] });
    s = run(s, { type: 'textReread', model: after });
    expect(s.panel?.termId).toBe(9);
    expect(run(s, { type: 'textReread', model: after })).toBe(s);
    // No panel, nothing to follow.
    expect(run(initialReaderSelection, { type: 'termSaved', termId: 4 }, { type: 'textReread', model: after })).toEqual(initialReaderSelection);
  });

  it('keys: arrows follow the reading direction, Esc closes the help before the panel, Enter edits, status keys go through an open panel', () => {
    const closed = { selected: null, panel: null, help: false };
    const model = textOf({});
    const open = run(initialReaderSelection, { type: 'opened', index: word(model, 0), target: panelTargetAt(model, word(model, 0), false) });
    expect(readerKey('ArrowRight', closed, false)).toEqual({ do: 'move', dir: 1 });
    expect(readerKey('ArrowRight', closed, true)).toEqual({ do: 'move', dir: -1 });
    expect(readerKey('ArrowLeft', closed, true)).toEqual({ do: 'move', dir: 1 });
    expect(readerKey('k', closed, true)).toEqual({ do: 'move', dir: -1 });
    expect(readerKey('Escape', { ...open, help: true }, false)).toEqual({ do: 'closeHelp' });
    expect(readerKey('Escape', open, false)).toEqual({ do: 'leavePanel' });
    expect(readerKey('Enter', closed, false)).toBeNull();
    expect(readerKey('Enter', { ...open, panel: null }, false)).toEqual({ do: 'edit', index: word(model, 0) });
    expect(readerKey('Enter', open, false)).toEqual({ do: 'focusTranslation' });
    expect(readerKey('3', open, false)).toEqual({ do: 'status', status: 3, viaPanel: true });
    expect(readerKey('w', closed, false)).toEqual({ do: 'status', status: 99, viaPanel: false });
    expect(readerKey('i', closed, false)).toEqual({ do: 'status', status: 98, viaPanel: false });
    expect(readerKey('s', open, false, true)).toEqual({ do: 'speak', sentence: true });
    expect(readerKey('?', closed, false)).toEqual({ do: 'toggleHelp' });
    expect(readerKey('x', closed, false)).toBeNull();
  });
});
