// Runs in: main (vitest). sameRules: a background parse is stored only when it was made with the language's rules of
// now, word corrections (issue 46) included, whichever side has them.
import { describe, expect, it } from 'vitest';
import type { ParsingLanguage } from '../languages';
import { sameRules } from './parse-later';

const zh: ParsingLanguage = {
  LgID: 1,
  LgIsoCode: 'zh',
  LgParserType: 'character',
  LgRegexpWordCharacters: '\\p{Han}',
  LgRegexpSplitSentences: '。！？',
  LgExceptionsSplitSentences: '',
  LgCharacterSubstitutions: '',
  LgRemoveSpaces: true,
  LgSplitEachChar: false,
};

describe('sameRules', () => {
  it('a parse made before a correction, or before the last one was removed, is not the parse of now', () => {
    const corrected = { ...zh, wordCorrections: '乒乓球' };
    expect(sameRules(zh, { ...zh })).toBe(true);
    expect(sameRules(corrected, { ...corrected })).toBe(true);
    expect(sameRules(corrected, zh)).toBe(false);
    expect(sameRules(zh, corrected)).toBe(false);
    expect(sameRules(corrected, { ...zh, wordCorrections: '喜\t欢' })).toBe(false);
  });
});
