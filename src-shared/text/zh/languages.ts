// Runs in: any process. Which languages the Chinese word segmenter and Chinese readings (pinyin, jyutping) are
// for: a small file of its own, so the renderer asks without taking in the segmenter.
import type { ParserSettings } from '../tokenize';

/** ISO 639 codes of the Chinese languages the segmenter reads (Mandarin, Cantonese, Wu, Hakka, Min Nan). */
const CHINESE_ISO = /^(zh|cmn|yue|wuu|hak|nan)(-|_|$)/i;
const CANTONESE_ISO = /^(yue|zh-yue|zh-hk)(-|_|$)/i;

/**
 * Whether a language's text is cut into words by the Chinese segmenter: a Chinese language parsed by characters
 * that does not split each character (the presets since issue 46; a language saved with "split each character"
 * keeps its one-character words).
 */
export const usesChineseSegmenter = (s: Pick<ParserSettings, 'LgParserType' | 'LgSplitEachChar' | 'LgIsoCode'>): boolean =>
  s.LgParserType === 'character' && !s.LgSplitEachChar && CHINESE_ISO.test(s.LgIsoCode);

/** Cantonese reads in jyutping; the other Chinese languages in pinyin (Mandarin's readings). */
export const isCantonese = (s: Pick<ParserSettings, 'LgIsoCode'>): boolean => CANTONESE_ISO.test(s.LgIsoCode);

/** Whether the reader can show readings above this language's words (furigana, pinyin, jyutping). */
export const hasWordReadings = (s: Pick<ParserSettings, 'LgParserType' | 'LgSplitEachChar' | 'LgIsoCode'>): boolean =>
  s.LgParserType === 'morphological' || usesChineseSegmenter(s);

/** What the reader calls a language's readings above words, or null when it has none. */
export function wordReadingsKind(s: Pick<ParserSettings, 'LgParserType' | 'LgSplitEachChar' | 'LgIsoCode'>): 'furigana' | 'pinyin' | 'jyutping' | null {
  if (s.LgParserType === 'morphological') return 'furigana';
  if (!usesChineseSegmenter(s)) return null;
  return isCantonese(s) ? 'jyutping' : 'pinyin';
}

/**
 * "Readings only where needed": readings show on words whose status is below this (setting `readingsBelow.<LgID>`):
 * 1 unknown words only, 3 (the default) unknown and 1–2, 6 unknown and 1–5, READINGS_ON_EVERY_WORD every word.
 */
export const READINGS_BELOW_DEFAULT = 3;
export const READINGS_ON_EVERY_WORD = 100;
export const readingsBelowKey = (languageId: number) => `readingsBelow.${languageId}`;
export function readingsBelow(setting: string | undefined): number {
  const n = Number(setting);
  return Number.isInteger(n) && ((n >= 1 && n <= 6) || n === READINGS_ON_EVERY_WORD) ? n : READINGS_BELOW_DEFAULT;
}
