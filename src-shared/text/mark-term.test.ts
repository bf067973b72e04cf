// Runs in: any process (vitest). Tests for mark-term.ts: a term is marked as whole tokens, at the given token
// when it is there, else at its first whole-token match (issue 31, item 1).
import { describe, expect, it } from 'vitest';
import presetFile from '../../resources/language-presets.json';
import type { LanguagePreset } from '../contract/languages';
import { columnTokens, findTerm, markTerm, plainTokens, type SentenceToken } from './mark-term';
import { parseColumns, type MorphAnalyzer, type ParserSettings } from './tokenize';

const presets = (presetFile as { presets: LanguagePreset[] }).presets;
const lang = (name: string): ParserSettings => {
  const p = presets.find((x) => x.LgName === name);
  if (!p) throw new Error(`no preset ${name}`);
  return p;
};
const parsed = (text: string, name: string, analyze?: MorphAnalyzer) => columnTokens(parseColumns(text, lang(name), analyze));

const KAFKA = 'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett.';

describe('markTerm', () => {
  it('German: "er" is the standalone word, never the start of "erwachte"', () => {
    const tokens = parsed(KAFKA, 'German');
    expect(markTerm(tokens, 'er')).toBe('Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand {er} sich in seinem Bett.');
    // Without the parser the plain tokens keep words whole too.
    expect(markTerm(plainTokens(KAFKA), 'er')).toBe('Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand {er} sich in seinem Bett.');
  });

  it('a term found only inside longer words is not in the sentence', () => {
    expect(markTerm(parsed('Er erwachte.', 'German'), 'wach')).toBeNull();
    expect(markTerm(plainTokens('concatenate'), 'cat')).toBeNull();
  });

  it('case differs: the sentence keeps its own spelling inside the braces', () => {
    expect(markTerm(parsed('Er schlief. Dann wachte er auf.', 'German'), 'er')).toBe('{Er} schlief. Dann wachte er auf.');
    expect(markTerm(parsed('Das HAUS ist rot.', 'German'), 'Haus')).toBe('Das {HAUS} ist rot.');
  });

  it('repeated words: the token asked for when the term is there, else the first occurrence', () => {
    const tokens = parsed('der Hund und der Hund', 'German');
    const hunde = tokens.flatMap((t, i) => (t.text === 'Hund' ? [i] : []));
    expect(markTerm(tokens, 'hund')).toBe('der {Hund} und der Hund');
    expect(markTerm(tokens, 'hund', hunde[1])).toBe('der Hund und der {Hund}');
    // A position that holds another word (a stale one) falls back to the first whole-token match.
    expect(markTerm(tokens, 'hund', 0)).toBe('der {Hund} und der Hund');
  });

  it('a multi-word term spans the spaces between its words', () => {
    const tokens = parsed('Vive a la vuelta de la esquina.', 'Spanish');
    expect(markTerm(tokens, 'a la')).toBe('Vive {a la} vuelta de la esquina.');
    expect(findTerm(tokens, 'la vuelta')).toEqual({ first: 4, last: 6 });
  });

  it("Japanese: the parser's tokens decide, so a term is never marked inside a longer word", () => {
    // As kuromoji cuts 「東京都に住んでいる。京都へ行く。」: 京都 is inside 東京都 before it is a word of its own.
    const tokens: SentenceToken[] = ['東京都', 'に', '住ん', 'で', 'いる', '。', '京都', 'へ', '行く', '。'].map((text) => ({ text, word: text !== '。' }));
    expect(markTerm(tokens, '京都')).toBe('東京都に住んでいる。{京都}へ行く。');
    const analyze: MorphAnalyzer = () => ['東京都', 'に', '住ん', 'で', 'いる', '。'].map((surface) => ({ surface, isWord: surface !== '。' }));
    expect(markTerm(parsed('東京都に住んでいる。', 'Japanese', analyze), '京都')).toBeNull();
    expect(markTerm(parsed('東京都に住んでいる。', 'Japanese', analyze), '住ん')).toBe('東京都に{住ん}でいる。');
  });

  it('without a parser, unspaced scripts are searched character by character', () => {
    expect(markTerm(plainTokens('東京都に住んでいる。'), '京都')).toBe('東{京都}に住んでいる。');
    expect(plainTokens('Er kam.').map((t) => t.text)).toEqual(['Er', ' ', 'kam', '.']);
  });

  it('an empty term or a missing one marks nothing', () => {
    expect(markTerm(plainTokens('Ganz anders.'), '  ')).toBeNull();
    expect(markTerm(plainTokens('Ganz anders.'), 'Haus')).toBeNull();
  });
});
