import { describe, expect, it } from 'vitest';
import { hasKanji, toHiragana } from './kana';

describe('kana', () => {
  it('katakana readings become hiragana; the long-vowel mark, kanji and Latin stay', () => {
    expect(toHiragana('キタカゼ')).toBe('きたかぜ');
    expect(toHiragana('タイヨウ')).toBe('たいよう');
    expect(toHiragana('ヴァイオリン')).toBe('ゔぁいおりん');
    expect(toHiragana('コーヒー')).toBe('こーひー');
    expect(toHiragana('北風 abc ひらがな')).toBe('北風 abc ひらがな');
  });
  it('kanji detection', () => {
    expect(hasKanji('北風')).toBe(true);
    expect(hasKanji('忘れる')).toBe(true);
    expect(hasKanji('ひらがな')).toBe(false);
    expect(hasKanji('カタカナ')).toBe(false);
  });
});
