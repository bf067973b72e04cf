import { describe, expect, it } from 'vitest';
import type { ParserSettings } from '../../../src-shared/text/tokenize';
import { countWords } from './word-count';

const base: ParserSettings = {
  LgParserType: 'regex', LgIsoCode: 'de', LgRegexpWordCharacters: '', LgRegexpSplitSentences: '.!?',
  LgExceptionsSplitSentences: '', LgCharacterSubstitutions: '', LgRemoveSpaces: false, LgSplitEachChar: false,
};

describe('countWords', () => {
  it('splits spaced languages on whitespace', () => {
    expect(countWords(base, 'Haus')).toBe(1);
    expect(countWords(base, ' ins  Blaue\thinein ')).toBe(3);
  });
  it('counts the tokenizer\'s words for languages without spaces', () => {
    expect(countWords({ ...base, LgIsoCode: 'zh', LgParserType: 'character', LgRemoveSpaces: true, LgSplitEachChar: true }, '中国人')).toBe(3);
    expect(countWords({ ...base, LgIsoCode: 'ja', LgParserType: 'morphological', LgRemoveSpaces: true }, '日本')).toBeGreaterThanOrEqual(1);
  });
});
