import { describe, expect, it } from 'vitest';
import type { ParserSettings } from '../../../src-shared/text/tokenize';
import { countWords, prepareWordCount } from './word-count';

const base: ParserSettings = {
  LgParserType: 'regex', LgIsoCode: 'de', LgRegexpWordCharacters: '', LgRegexpSplitSentences: '.!?',
  LgExceptionsSplitSentences: '', LgCharacterSubstitutions: '', LgRemoveSpaces: false, LgSplitEachChar: false,
};
const japanese: ParserSettings = { ...base, LgIsoCode: 'ja', LgParserType: 'morphological', LgRegexpSplitSentences: '.!?。', LgRemoveSpaces: true };

describe('countWords', () => {
  it('counts the tokenizer\'s words in spaced languages', () => {
    expect(countWords(base, 'Haus')).toBe(1);
    expect(countWords(base, ' ins  Blaue\thinein ')).toBe(3);
    expect(countWords(base, 'E-Mail')).toBe(2); // the reader shows E, -, Mail
    expect(countWords(base, '3.14')).toBe(1);
  });
  it('counts the tokenizer\'s words for languages without spaces', () => {
    expect(countWords({ ...base, LgIsoCode: 'zh', LgParserType: 'character', LgRemoveSpaces: true, LgSplitEachChar: true }, '中国人')).toBe(3);
  });
  it('uses kuromoji for Japanese once it is prepared', async () => {
    await prepareWordCount(japanese);
    expect(countWords(japanese, '北風と太陽')).toBe(3); // 北風 | と | 太陽
    expect(countWords(japanese, '食べさせられた')).toBe(4); // 食べ | させ | られ | た (the stand-in splits it into 7)
  });
});
