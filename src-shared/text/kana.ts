// Runs in: any process. Kana helpers for Japanese readings: kuromoji gives katakana, learners read hiragana.

/** Katakana (ァ-ヶ, and ヽヾ) as hiragana; everything else (ー, kanji, Latin) unchanged. */
export function toHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6\u30fd\u30fe]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

/** Whether a word holds kanji (Han characters): only those get furigana. */
export const hasKanji = (text: string): boolean => /\p{Script=Han}/u.test(text);
