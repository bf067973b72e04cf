// The column tokenizer (src-shared/text/tokenize.ts parseColumns, token-columns.ts) gives exactly the parse of the
// object tokenizer it replaced (tests/unit/tokenize-reference.ts): same tokens, orders, sentences, readings and
// sentence spans, on real texts (../shared/fixtures, when present) in every preset's settings, and on texts
// made to hit the edges (apostrophes, surrogate pairs, lone surrogates, CRLF, substitutions, exceptions).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import type { LanguagePreset } from '../../src-shared/contract/languages';
import { parseEpub } from '../../src-shared/epub/parse';
import { imageZlib } from '../../src-main/core/image-zlib';
import { KIND_NAMES, tokenTextAt } from '../../src-shared/text/token-columns';
import { isWhitespaceCode, parseColumns, parseText, type MorphAnalyzer, type ParserSettings } from '../../src-shared/text/tokenize';
import { fixture, hasFixtures } from '../helpers/core';
import * as reference from './tokenize-reference';

const presets = (presetFile as { presets: LanguagePreset[] }).presets;
const preset = (name: string): ParserSettings => presets.find((p) => p.LgName === name)!;

/**
 * The column tokenizer against the object tokenizer it replaced. Issue 33 changed the parsing rules on purpose
 * (LWT's sentence ends, a period kept with its word, exceptions as words, whitespace runs as one space), which
 * the reference keeps as they were: so the words are compared with periods left out (the same words, cut the
 * same way), and the columns are checked whole against parseText and the order numbering.
 */
function expectSameParse(raw: string, s: ParserSettings, analyze?: MorphAnalyzer) {
  const want = reference.parseText(raw, s, analyze);
  const cols = parseColumns(raw, s, analyze);
  const got = parseText(raw, s, analyze);
  const wordsOf = (tokens: readonly { text: string; kind: string }[]) =>
    tokens
      .filter((t) => t.kind === 'word')
      .map((t) => t.text)
      .join('|')
      .replace(/\.(\||$)/g, '$1')
      .replace(/\.\s?/g, '|');
  expect(wordsOf(got.tokens)).toBe(wordsOf(want.tokens));
  expect(cols.count).toBe(got.tokens.length);
  let order = 1;
  for (let i = 0; i < cols.count; i++) {
    const t = got.tokens[i];
    const read = { text: tokenTextAt(cols, i), kind: KIND_NAMES[cols.kind[i]], order: cols.order[i], sentence: cols.sentence[i], reading: cols.readings?.[i] };
    if (read.text !== t.text || read.kind !== t.kind || read.order !== t.order || read.sentence !== t.sentence || read.reading !== t.reading)
      expect({ i, ...read }).toEqual({ i, ...t, reading: t.reading });
    if (read.order !== order) expect({ i, order: read.order }).toEqual({ i, order });
    order += read.kind === 'word' || read.kind === 'space' ? 1 : 2;
  }
  expect(cols.sentenceCount).toBe(got.sentenceCount);
  expect(cols.sentenceSpans).toEqual(got.sentenceSpans.flat());
  // Sentence spans go forward through the raw text.
  const backwards = got.sentenceSpans.findIndex(([from, to], k) => to < from || (k > 0 && from < got.sentenceSpans[k - 1][1]));
  expect(backwards).toBe(-1);
}

function stripHeader(text: string): string {
  return text.replace(/^#.*\n/gm, '');
}

// A longest-match analyzer over a small lexicon standing in for kuromoji (main's tests run the real one).
const lexicon = ['北風', '太陽', '旅人', '外套', 'と', 'の', 'が', 'を', 'に', 'は', 'た', 'ました', 'です', '強い', '方'];
const analyze: MorphAnalyzer = (line) => {
  const out = [];
  let i = 0;
  while (i < line.length) {
    const hit = lexicon.filter((w) => line.startsWith(w, i)).sort((a, b) => b.length - a.length)[0];
    const surface = hit ?? line[i];
    out.push({ surface, isWord: hit !== undefined || /\p{L}/u.test(surface), reading: hit === '北風' ? 'キタカゼ' : hit === '太陽' ? 'タイヨウ' : undefined });
    i += surface.length;
  }
  return out;
};

const EDGES = [
  "Don't say 'no'. It's   fine... isn’t it? Mr. Smith, e.g. today, paid $3.14 at 10:30!",
  '  \r\nWait... what?\r\nIt’s fine. \r\r\n\n  Next\tline — «quoted» “text” (and [brackets]).',
  'Line one \u00a0\t\n\u2028 \n\u3000Line two\u2029\u00a0\nthree\f\n\v four \n',
  'Emoji 😀 between words, 𝐀𝐁𝐂 mathematical letters, a lone \ud800 high and \udc00 low surrogate, and 𝐀\ud800.',
  "''Quotes'' and o'clock, rock'n'roll, l'homme, aujourd’hui, 'tis 1,000,000.50 ¿Qué? ¡Sí!",
  '北風と太陽。「おれの方が強い。」旅人の外套を脱がせた方が勝ちです。\n\n北風は強く吹きました。',
  '我爱 读书。你呢？ 這是一個測試，對嗎？',
  'Αυτό είναι ένα τεστ; Ναι. Это тест! Да?\nمرحبا، كيف حالك؟ أنا بخير.',
  'a',
  '',
  '...',
  '\n\n\n',
];

describe('column tokenizer equals the object tokenizer', () => {
  it('isWhitespaceCode is the regex class \\s, for every UTF-16 code unit', () => {
    const differ: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isWhitespaceCode(c) !== /\s/.test(String.fromCharCode(c))) differ.push(c);
    expect(differ).toEqual([]);
  });

  it('on texts made to hit the edges, in every preset', () => {
    for (const p of presets) for (const text of EDGES) expectSameParse(text, p);
  });

  it('with a morphological analyzer (Japanese) and its readings', () => {
    for (const text of EDGES) expectSameParse(text, preset('Japanese'), analyze);
  });

  it('on random strings over an alphabet of the hard characters', () => {
    const alphabet = [..."ab Z'’.,!?…-\n\r\t\v\u00a0\u2028\u3000\ufeff0123456789¿¡«»「」。、我", '😀', '𝐀', '\ud800', '\udc00', 'Mr.', 'e.g.', '...', '  '];
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      let text = '';
      const length = rand(60);
      for (let i = 0; i < length; i++) text += alphabet[rand(alphabet.length)];
      for (const name of ['English', 'French', 'German', 'Chinese (Simplified)', 'Japanese', 'Thai']) expectSameParse(text, preset(name));
      expectSameParse(text, preset('Japanese'), analyze);
    }
    // The Chinese preset goes through Intl.Segmenter here since issue 46 (slower than one word a character).
  }, 30_000);

  describe.skipIf(!hasFixtures)('on real texts (../shared/fixtures)', () => {
    const texts = () =>
      fs
        .readdirSync(fixture('texts'))
        .filter((f) => f.endsWith('.txt'))
        .map((f) => ({ name: f, text: stripHeader(fs.readFileSync(fixture('texts', f), 'utf8')) }));

    it('German, Japanese, Chinese and Classical Chinese (Lute) in every preset', () => {
      const all = texts();
      expect(all.length).toBeGreaterThanOrEqual(4);
      for (const { text } of all) {
        for (const p of presets) expectSameParse(text, p);
        expectSameParse(text, preset('Japanese'), analyze);
      }
    });

    it("Alice's Adventures in Wonderland (EPUB) and a Chinese novel, chapter by chapter", async () => {
      const inflateRaw = (packed: Uint8Array, maxBytes: number) => zlib.inflateRawSync(packed, { maxOutputLength: maxBytes });
      const alice = await parseEpub(new Uint8Array(fs.readFileSync(fixture('epub', 'epubjs_alice.epub'))), { inflateRaw, imageZlib });
      const aliceText = alice.chapters.map((c) => c.text).join('\n\n');
      expect(aliceText.length).toBeGreaterThan(40_000);
      for (const name of ['English', 'French', 'German']) expectSameParse(aliceText, preset(name));
      const novel = await parseEpub(new Uint8Array(fs.readFileSync(fixture('epub', 'gutenberg_pg24113-images-3.epub'))), { inflateRaw, imageZlib });
      const novelText = novel.chapters
        .map((c) => c.text)
        .join('\n\n')
        .slice(0, 200_000);
      expect(novelText.length).toBeGreaterThan(10_000);
      for (const name of ['Chinese (Simplified)', 'Chinese (Traditional)', 'Japanese']) expectSameParse(novelText, preset(name));
    }, 60_000);
  });
});
