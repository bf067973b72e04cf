// Runs in: main (vitest). countWords gives exactly the reading tokenizer's word count, with and without its shortcut.
import { describe, expect, it } from 'vitest';
import type { ParserSettings } from '../../../src-shared/text/tokenize';
import { parseTermText } from './parse';
import { countWords, isOneWord, prepareWordCount, wordCounter } from './word-count';
import { patternOf } from '../../../src-shared/text/multiword';

const base: ParserSettings = {
  LgParserType: 'regex',
  LgIsoCode: 'de',
  LgRegexpWordCharacters: '',
  LgRegexpSplitSentences: '.!?',
  LgExceptionsSplitSentences: '',
  LgCharacterSubstitutions: '',
  LgRemoveSpaces: false,
  LgSplitEachChar: false,
};
const japanese: ParserSettings = { ...base, LgIsoCode: 'ja', LgParserType: 'morphological', LgRegexpSplitSentences: '.!?。', LgRemoveSpaces: true };
const PRESET_SUBSTITUTIONS = "´='|`='|’='|‘='|...=…|..=‥";
const LATIN = 'a-zA-ZÀ-ÖØ-öø-ȳḀ-ỿ';
const chinese: ParserSettings = {
  ...base,
  LgIsoCode: 'zh',
  LgParserType: 'character',
  LgRegexpWordCharacters: '㐀-䶿一-鿿豈-﫿',
  LgCharacterSubstitutions: PRESET_SUBSTITUTIONS,
  LgRemoveSpaces: true,
  LgSplitEachChar: true,
};

/** What the reader shows: the word tokens of the full parse, at least 1 (0 for an empty term). */
function tokenizerCount(language: ParserSettings, text: string): number {
  const trimmed = text.trim();
  return trimmed ? Math.max(1, parseTermText(trimmed, language).tokens.filter((t) => t.kind === 'word').length) : 0;
}

describe('countWords', () => {
  it("counts the tokenizer's words in spaced languages", () => {
    expect(countWords(base, 'Haus')).toBe(1);
    expect(countWords(base, ' ins  Blaue\thinein ')).toBe(3);
    expect(countWords(base, 'E-Mail')).toBe(2); // the reader shows E, -, Mail
    expect(countWords(base, '3.14')).toBe(1);
    expect(countWords(base, '   ')).toBe(0);
  });
  it("counts the tokenizer's words for languages without spaces", () => {
    expect(countWords({ ...base, LgIsoCode: 'zh', LgParserType: 'character', LgRemoveSpaces: true, LgSplitEachChar: true }, '中国人')).toBe(3);
    expect(countWords(chinese, '中国人')).toBe(3);
    expect(countWords(chinese, '中国 人')).toBe(3);
    expect(countWords(chinese, '中国，人')).toBe(3);
    expect(countWords(chinese, '123')).toBe(1);
  });
  it('uses kuromoji for Japanese once it is prepared', async () => {
    await prepareWordCount(japanese);
    expect(countWords(japanese, '北風と太陽')).toBe(3); // 北風 | と | 太陽
    expect(countWords(japanese, '食べさせられた')).toBe(4); // 食べ | させ | られ | た (the stand-in splits it into 7)
  });
  it('follows apostrophes and substitutions as the tokenizer does', () => {
    const english: ParserSettings = { ...base, LgIsoCode: 'en', LgRegexpWordCharacters: `${LATIN}'`, LgCharacterSubstitutions: PRESET_SUBSTITUTIONS };
    expect(countWords(english, "don't")).toBe(1);
    expect(countWords(english, 'don´t')).toBe(1); // ´ becomes ', which joins the letters
    expect(countWords(english, "'quoted'")).toBe(1);
    expect(countWords(english, "rock'n'roll")).toBe(1);
    expect(countWords({ ...english, LgRegexpWordCharacters: LATIN }, "don't")).toBe(2);
  });
  it('agrees with the tokenizer on word characters it cannot compile (taken literally since issue 21)', () => {
    const broken: ParserSettings = { ...base, LgRegexpWordCharacters: '\\p{NoSuchProperty}' };
    expect(() => parseTermText('Haus', broken)).not.toThrow();
    expect(countWords(broken, 'Haus')).toBe(parseTermText('Haus', broken).tokens.filter((t) => t.kind === 'word').length);
  });

  // The shortcut (no full parse for a single run of word characters, or a language split into characters)
  // must give exactly the tokenizer's answer: compare both over many terms and settings.
  const settings: Record<string, ParserSettings> = {
    default: base,
    german: { ...base, LgRegexpWordCharacters: LATIN, LgCharacterSubstitutions: PRESET_SUBSTITUTIONS },
    english: { ...base, LgIsoCode: 'en', LgRegexpWordCharacters: `${LATIN}'`, LgCharacterSubstitutions: PRESET_SUBSTITUTIONS },
    'curly apostrophe': { ...base, LgRegexpWordCharacters: 'a-z’' },
    'digits are letters': { ...base, LgRegexpWordCharacters: '\\p{L}\\p{M}\\p{Nd}_' },
    'spaces removed': { ...base, LgRemoveSpaces: true, LgCharacterSubstitutions: 'ß=ss|-=' },
    // Substitutions that turn a word character into a space or punctuation split the term.
    'letters substituted': { ...base, LgCharacterSubstitutions: 'ß=s s|ä=-|b=.' },
    // Valid as a character class, but it closes the class: the tokenizer's regex becomes an alternation.
    'class breaking out': { ...base, LgRegexpWordCharacters: 'a]|[b' },
    // Whitespace among the word characters: lines still split the term.
    'whitespace as word characters': { ...base, LgRegexpWordCharacters: '\\p{L}\\s' },
    'whitespace as word characters, each char': { ...base, LgRegexpWordCharacters: '\\p{L}\\s', LgSplitEachChar: true },
    chinese,
    'each char, default class': { ...base, LgSplitEachChar: true },
    thai: { ...base, LgIsoCode: 'th', LgParserType: 'character', LgRegexpWordCharacters: '฀-๿', LgRemoveSpaces: true },
    'japanese stand-in': { ...japanese, LgRegexpWordCharacters: '぀-ヿ㐀-䶿一-鿿豈-﫿ｦ-ﾟ々ー' },
  };
  const samples = [
    'Haus',
    'über',
    'E-Mail',
    '3.14',
    'ins Blaue',
    "don't",
    "'quoted'",
    "rock'n'roll",
    'l’homme',
    'don´t',
    'a...b',
    'x`y',
    'Straße',
    'ab_cd',
    'abc123',
    '123',
    'Ωμέγα',
    'nai\u0308ve',
    '𝒜bc',
    '😀',
    'a\u00a0b',
    'a\nb',
    'a\r\nb',
    '中国人',
    '北風と太陽',
    'สวัสดี',
    'ba',
    'aab',
    'bba',
    '-',
    "'",
    '’’',
    "a''b",
    "don''t",
    "'a'b'",
    'a’’b',
    'Bär',
    'Straße',
  ];
  /** Deterministic random terms from a pool that hits every branch: letters, apostrophes, marks, digits, spaces, CJK, substituted characters. */
  function randomTerms(count: number, pool: string[]): string[] {
    let x = 12345;
    const next = () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x;
    };
    return Array.from({ length: count }, () => Array.from({ length: 1 + (next() % 7) }, () => pool[next() % pool.length]).join(''));
  }
  const terms = [
    ...samples,
    ...randomTerms(1500, ['a', 'b', 'z', 'Ä', 'ß', "'", '’', '´', '`', '-', '.', '1', '7', ' ', '\u0301', '中', '国', 'の', '𝒜', '_', ',', '\u3000', 'ω']),
    ...randomTerms(1500, ['a', 'b', 'ä', 'ß', "'", '’', '´']),
  ];
  for (const [name, language] of Object.entries(settings)) {
    it(`gives the tokenizer's count for every term: ${name}`, () => {
      const count = wordCounter(language);
      const wrong = terms
        .filter((t) => count(t) !== tokenizerCount(language, t))
        .map((t) => `${JSON.stringify(t)}: ${count(t)} ≠ ${tokenizerCount(language, t)}`);
      expect(wrong).toEqual([]);
    });
  }

  // isOneWord lets a term save skip the parse that finds multi-word terms: where it says yes, the parse must
  // find no multi-word pattern (the lowercased text is what the multi-word index parses).
  for (const [name, language] of Object.entries(settings)) {
    it(`says one word only where the parse finds no multi-word pattern: ${name}`, () => {
      const wrong = terms.map((t) => t.toLowerCase()).filter((t) => isOneWord(language, t) && patternOf(parseTermText(t, language).tokens) !== null);
      expect(wrong).toEqual([]);
      expect(terms.some((t) => isOneWord(language, t.toLowerCase()))).toBe(language.LgParserType === 'regex' && !language.LgSplitEachChar);
    });
  }
});
