// The extension's annotator, its pure parts (src-extension/content/spans.ts, parts.ts, highlights.ts): the server's
// compact answer read into words and sentences, the page's counts, a saved phrase's occurrences, requests within the
// annotate caps, and the highlights' style.
import { describe, expect, it } from 'vitest';
import { ANNOTATE_MAX_BLOCK_CHARS, ANNOTATE_MAX_BLOCKS, ANNOTATE_MAX_TOTAL_CHARS } from '../../src-shared/contract/extension-limits';
import { highlightStyle, multiHighlight, wordHighlight } from '../../src-extension/content/highlights';
import { parts, splitLong } from '../../src-extension/content/parts';
import { blockWords, countWords, pageCoverage, phraseOf, phraseRuns, sentenceAt } from '../../src-extension/content/spans';
import type { Block } from '../../src-extension/content/collect';

// "Guten Morgen, sagt der Hund. Guten  Morgen!" as the server answers it (gap, length, form index per word).
const TEXT = 'Guten Morgen, sagt der Hund. Guten  Morgen!';
const LCS = ['guten', 'morgen', 'sagt', 'der', 'hund'];
const W = [0, 5, 0, 1, 6, 1, 2, 4, 2, 1, 3, 3, 1, 4, 4, 2, 5, 0, 2, 6, 1];

describe('reading the spans answer', () => {
  it('places each word in the block’s text, a word not in the text as sent at -1', () => {
    const words = blockWords(W, LCS);
    expect(words.map((w) => TEXT.slice(w.start, w.end))).toEqual(['Guten', 'Morgen', 'sagt', 'der', 'Hund', 'Guten', 'Morgen']);
    expect(words[4]).toEqual({ lc: 'hund', form: 4, start: 23, end: 27 });
    // A word the parser's substitutions changed: -1 and 0, and the next word counts from the one before it.
    const changed = blockWords([0, 5, 0, -1, 0, 1, 7, 6, 1], LCS);
    expect(changed.map((w) => [w.start, w.end])).toEqual([
      [0, 5],
      [-1, -1],
      [12, 18],
    ]);
  });

  it('cuts the sentence around a word, spaces as one', () => {
    const sentences = [0, 28, 29, 43];
    expect(sentenceAt(sentences, TEXT, 23)).toBe('Guten Morgen, sagt der Hund.');
    expect(sentenceAt(sentences, TEXT, 36)).toBe('Guten Morgen!');
    expect(sentenceAt([], 'Ein  Satz ', 0)).toBe('Ein Satz');
  });

  it('counts running words, distinct unknown words and the known share as the library does', () => {
    const status: Record<string, number> = { guten: 0, morgen: 5, sagt: 0, der: 99, hund: 1 };
    const blocks = [{ answer: { w: W }, table: { words: { lc: LCS, status: [], termId: [] } } }];
    expect(countWords(blocks, (lc) => status[lc])).toEqual({ words: 7, unknown: 2, known_pct: 42.9 });
    expect(countWords([], () => 0)).toEqual({ words: 0, unknown: 0, known_pct: 0 });
  });

  it('says how many words to learn to know 95 % and 98 % of the page, a known phrase covering its words, a family as one', () => {
    const status: Record<string, number> = { guten: 0, morgen: 5, sagt: 0, der: 99, hund: 1 };
    const table = (lemmaOf: Map<number, string>) => ({
      words: { lc: LCS, status: [], termId: [] },
      multis: { lc: ['guten morgen'], status: [], termId: [] },
      lemmaOf,
    });
    const plain = [{ answer: { w: W, m: [] }, table: table(new Map()) }];
    // 3 of 7 known; 95 % of 7 needs all 7: guten (2 running words), then sagt and hund.
    expect(
      pageCoverage(
        plain,
        (lc) => status[lc],
        () => 0,
      ),
    ).toEqual({ words: 7, known_pct: 42.9, n95: 3, n98: 3 });
    // "Guten Morgen" known, twice: both gutens are covered; a family (sagt, hund → sagen) is one word to learn.
    const phrased = [
      {
        answer: { w: W, m: [0, 2, 0, 5, 2, 0] },
        table: table(
          new Map([
            [2, 'sagen'],
            [4, 'sagen'],
          ]),
        ),
      },
    ];
    expect(
      pageCoverage(
        phrased,
        (lc) => status[lc],
        (lc) => (lc === 'guten morgen' ? 99 : 0),
      ),
    ).toEqual({ words: 7, known_pct: 71.4, n95: 1, n98: 1 });
    expect(
      pageCoverage(
        phrased,
        (lc) => status[lc],
        () => 1,
      ).n95,
    ).toBe(2);
  });
});

describe('a saved phrase’s occurrences', () => {
  const words = blockWords(W, LCS);

  it('finds every run of the phrase’s words with the same text between them, whatever the case and spaces', () => {
    const phrase = phraseOf(words, TEXT, 0, 1)!;
    expect(phrase).toEqual({ lcs: ['guten', 'morgen'], gaps: [' '] });
    expect(phraseRuns(words, TEXT, phrase)).toEqual([0, 5]);
  });

  it('does not match across other punctuation, nor a phrase longer than the block', () => {
    const phrase = phraseOf(words, TEXT, 1, 2)!; // "Morgen, sagt"
    expect(phrase.gaps).toEqual([', ']);
    expect(phraseRuns(words, TEXT, phrase)).toEqual([1]);
    expect(phraseRuns(words, 'Guten. Morgen', { lcs: ['guten', 'morgen'], gaps: [' '] })).toEqual([]);
    expect(phraseRuns(words.slice(0, 1), TEXT, { lcs: ['guten', 'morgen'], gaps: [' '] })).toEqual([]);
  });

  it('has no phrase over a word that is not in the text as sent', () => {
    const changed = blockWords([0, 5, 0, -1, 0, 1], LCS);
    expect(phraseOf(changed, 'Guten x', 0, 1)).toBeNull();
  });
});

describe('requests within the annotate caps', () => {
  const text = (data: string) => ({ data }) as Text;
  const block = (...nodes: string[]): Block => ({ el: {} as Element, nodes: nodes.map(text), text: nodes.join(''), main: true });

  it('splits a block over the per-block cap at its text nodes, skipping a single node over it', () => {
    const half = 'a'.repeat(ANNOTATE_MAX_BLOCK_CHARS / 2 + 1);
    const parts = splitLong(block(half, half, 'x'.repeat(ANNOTATE_MAX_BLOCK_CHARS + 1), 'end'));
    expect(parts.map((p) => p.text.length)).toEqual([half.length, half.length + 3]);
    expect(splitLong(block('short'))).toHaveLength(1);
  });

  it('groups blocks into requests under the total and count caps', () => {
    const many = Array.from({ length: ANNOTATE_MAX_BLOCKS + 1 }, () => block('x'));
    expect([...parts(many)].map((p) => p.length)).toEqual([ANNOTATE_MAX_BLOCKS, 1]);
    const big = 'y'.repeat(ANNOTATE_MAX_BLOCK_CHARS);
    const heavy = Array.from({ length: ANNOTATE_MAX_TOTAL_CHARS / ANNOTATE_MAX_BLOCK_CHARS + 1 }, () => block(big));
    expect([...parts(heavy)].map((p) => p.length)).toEqual([ANNOTATE_MAX_TOTAL_CHARS / ANNOTATE_MAX_BLOCK_CHARS, 1]);
  });
});

describe('the highlights’ style', () => {
  it('one rule per status and shade, checked colours only, transparent statuses never registered', () => {
    const { css, unpainted } = highlightStyle([
      { status: 1, color: '#f5b8a9', colorDark: '#8a3b2a' },
      { status: 99, color: 'transparent', colorDark: 'transparent' },
      { status: 2, color: 'red;}body{display:none', colorDark: '#000' },
    ]);
    expect(css).toContain(`::highlight(${wordHighlight(1)}){background-color:#f5b8a9}`);
    expect(css).toContain(`::highlight(${multiHighlight(1)}){text-decoration:underline 3px #8a3b2a`);
    expect(css).not.toContain('display:none');
    expect(unpainted).toEqual([wordHighlight(99), wordHighlight(99, true)]);
  });
});
