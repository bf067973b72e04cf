// Runs in: any process (vitest). Tests for reader-text.ts: the reader payload's columns read back give the
// reading items of the tokens (order, sentence, kind, data_hex, status, multi-word items after their first word).
import { describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import type { LanguagePreset } from '../contract/languages';
import type { ReaderMultiwords, ReadingItem } from '../contract/reader';
import { ReaderText, tokenColumns } from './reader-text';
import { sha256Hex } from './sha256';
import { parseColumns, parseText, type MorphAnalyzer } from './tokenize';

const german = (presetFile as { presets: LanguagePreset[] }).presets.find((p) => p.LgName === 'German')!;

/** A payload as the server builds it, with terms given by lowercased form. */
function payload(
  source: string,
  terms: Record<string, [id: number, status: number]>,
  multiwords: ReaderMultiwords = { start: [], wordCount: [], hex: [], status: [], termId: [] },
) {
  const columns = tokenColumns(parseColumns(source, german));
  return {
    tokens: columns.tokens,
    forms: {
      hex: columns.formLC.map(sha256Hex),
      status: columns.formLC.map((lc) => terms[lc]?.[1] ?? 0),
      termId: columns.formLC.map((lc) => terms[lc]?.[0] ?? 0),
    },
    multiwords,
    terms: { id: [7], translation: ['dog'], romanization: [''] },
  };
}

const all = (model: ReaderText) => Array.from({ length: model.length }, (_, i) => model.item(i));

describe('tokenColumns', () => {
  it('one text per token, one kind letter per token, words by form (most frequent first), sentence starts', () => {
    const { tokens, formLC, formOfToken } = tokenColumns(parseColumns('Der Hund. Ein Hund, der bellt!\nJa.', german));
    expect(tokens.text.join('')).toBe('Der Hund. Ein Hund, der bellt!\nJa.');
    expect(tokens.kinds).toBe('wswpswswpswswpbwp');
    expect(formLC.slice(0, 2).sort()).toEqual(['der', 'hund']);
    expect(tokens.wordForm.map((f) => formLC[f])).toEqual(['der', 'hund', 'ein', 'hund', 'der', 'bellt', 'ja']);
    expect(tokens.sentenceStarts).toEqual([0, 5, 15]);
    expect(tokens.readings).toBeUndefined();
    expect(formOfToken[1]).toBe(-1);
  });

  it('readings only when the parser gives them', () => {
    const analyze: MorphAnalyzer = (line) => [...line].map((c) => ({ surface: c, isWord: c !== '。', reading: c === '日' ? 'ニチ' : undefined }));
    const ja = { ...german, LgParserType: 'morphological' as const, LgRegexpWordCharacters: '' };
    const { tokens } = tokenColumns(parseColumns('日本。', ja, analyze));
    expect(tokens.readings).toEqual(['ニチ', '', '']);
  });
});

describe('ReaderText', () => {
  const source = 'Der Hund bellt. Der HUND schläft, einen Esel sah er.';
  const tokens = parseText(source, german).tokens;

  it('reads back every token as its reading item', () => {
    const model = new ReaderText(payload(source, { hund: [7, 2], sah: [9, 99] }));
    const expected: ReadingItem[] = tokens.map((t) => {
      const lc = t.text.toLowerCase();
      const term = t.kind === 'word' ? { hund: [7, 2], sah: [9, 99] }[lc] : undefined;
      return {
        Ti2Order: t.order,
        Ti2WordCount: t.kind === 'word' ? 1 : 0,
        Ti2WoID: term ? term[0] : null,
        text: t.text,
        hex: t.kind === 'word' ? sha256Hex(lc) : '',
        status: term ? term[1] : 0,
        kind: t.kind,
        sentence: t.sentence,
      };
    });
    expect(all(model)).toEqual(expected);
    expect(model.wordItems()).toEqual(tokens.flatMap((t, i) => (t.kind === 'word' ? [i] : [])));
    expect(model.sentenceText(2)).toBe('Der Hund bellt.');
    expect(model.sentenceText(model.length - 1)).toBe('Der HUND schläft, einen Esel sah er.');
    expect(model.statusCounts()).toEqual({ 0: 6, 2: 1, 99: 1 });
    expect(model.hint(7)).toEqual({ translation: 'dog', romanization: '' });
  });

  it('multi-word occurrences follow the word they start at, with their surface text', () => {
    const einen = tokens.findIndex((t) => t.text === 'einen');
    const esel = tokens.findIndex((t) => t.text === 'Esel');
    const model = new ReaderText(
      payload(source, {}, { start: [einen, einen, esel], wordCount: [2, 3, 3], hex: ['h1', 'h2', 'h3'], status: [1, 3, 4], termId: [11, 12, 13] }),
    );
    expect(model.length).toBe(tokens.length + 3);
    const items = all(model);
    expect(items[einen]).toMatchObject({ text: 'einen', Ti2WordCount: 1 });
    expect(items[einen + 1]).toMatchObject({ text: 'einen Esel', Ti2WordCount: 2, Ti2WoID: 11, hex: 'h1', status: 1, Ti2Order: tokens[einen].order });
    expect(items[einen + 2]).toMatchObject({ text: 'einen Esel sah', Ti2WordCount: 3, Ti2WoID: 12 });
    expect(items[einen + 3]).toMatchObject({ text: ' ', Ti2WordCount: 0 });
    expect(items[esel + 2]).toMatchObject({ text: 'Esel', Ti2WordCount: 1 });
    expect(items[esel + 3]).toMatchObject({ text: 'Esel sah er', Ti2WordCount: 3 });
    expect(model.firstWordItem(einen + 2)).toBe(einen);
    expect(model.wordsOf(einen + 2).map((i) => items[i].text)).toEqual(['einen', 'Esel', 'sah']);
    expect(model.multiwordItems('h3')).toEqual([esel + 3]);
    expect(model.itemOfTokenAt(esel)).toBe(esel + 2);
  });

  it('the marked sentence braces the clicked occurrence, not the first look-alike substring', () => {
    const text = 'Träumen erwachte, fand er sich. Er schlief.';
    const parsed = parseText(text, german).tokens;
    const einen = tokens.findIndex((t) => t.text === 'einen');
    const model = new ReaderText(payload(text, {}));
    const er = parsed.findIndex((t) => t.text === 'er');
    expect(model.markedSentenceText(er)).toBe('Träumen erwachte, fand {er} sich.');
    expect(model.markedSentenceText(parsed.findIndex((t) => t.text === 'Er'))).toBe('{Er} schlief.');
    const two = new ReaderText(payload(source, {}, { start: [einen], wordCount: [2], hex: ['h1'], status: [1], termId: [11] }));
    expect(two.markedSentenceText(einen + 1)).toBe('Der HUND schläft, {einen Esel} sah er.');
    expect(two.markedSentenceText(einen, einen + 3)).toBe('Der HUND schläft, {einen Esel} sah er.');
  });

  it('a saved term recolours its form and multi-word occurrences; a deleted one unlinks them', () => {
    const model = new ReaderText(payload(source, { hund: [7, 2] }));
    const hund = sha256Hex('hund');
    model.setTerm(hund, 8, 5);
    const dogs = all(model).filter((i) => i.hex === hund);
    expect(dogs).toHaveLength(2);
    for (const d of dogs) expect(d).toMatchObject({ Ti2WoID: 8, status: 5 });
    expect(model.unlinkTerm(8)).toEqual([hund]);
    for (const d of all(model).filter((i) => i.hex === hund)) expect(d).toMatchObject({ Ti2WoID: null, status: 0 });
    model.setHint(7, '', '');
    expect(model.hint(7)).toBeUndefined();
  });
});
