// Runs in: any process. Vietnamese words: syllables written apart joined into the words they make ("đại học",
// university), by forward maximum matching against a list of multi-syllable words (resources/vi/, from the UD
// Vietnamese VTB train file). Only syllables one plain space apart are joined; the word keeps its space.
import type { MorphAnalyzer, MorphToken } from '../tokenize';

/** Longest word tried, in syllables. */
export const MAX_SYLLABLES = 4;

const SYLLABLE = /[\p{L}\p{M}]+/gu;
/** A syllable in title case: a capital, then small letters. */
const TITLE = /^\p{Lu}[\p{Ll}\p{M}]+$/u;
const MAX_NAME = 4;

/** Cuts `line` into pieces that cover it: words (one syllable or several), and what lies between them. */
export function segmentVietnamese(line: string, words: ReadonlySet<string>): MorphToken[] {
  const starts: number[] = [];
  const ends: number[] = [];
  SYLLABLE.lastIndex = 0;
  for (let m = SYLLABLE.exec(line); m; m = SYLLABLE.exec(line)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const out: MorphToken[] = [];
  let at = 0;
  const spacedAfter = (j: number) => j + 1 < starts.length && starts[j + 1] === ends[j] + 1 && line.charCodeAt(ends[j]) === 32;
  for (let k = 0; k < starts.length;) {
    let n = 1;
    // A name: syllables in title case one after another ("Hà Nội", "Nguyễn Văn Linh"), the line's first word aside
    // (a capital that starts a sentence says nothing).
    if (k > 0 && TITLE.test(line.slice(starts[k], ends[k]))) {
      while (n < MAX_NAME && spacedAfter(k + n - 1) && TITLE.test(line.slice(starts[k + n], ends[k + n]))) n++;
    }
    for (let len = Math.min(MAX_SYLLABLES, starts.length - k); len >= 2 && n === 1; len--) {
      let spaced = true;
      for (let j = k + 1; j < k + len && spaced; j++) spaced = starts[j] === ends[j - 1] + 1 && line.charCodeAt(ends[j - 1]) === 32;
      if (spaced && words.has(line.slice(starts[k], ends[k + len - 1]).toLowerCase())) {
        n = len;
        break;
      }
    }
    if (starts[k] > at) out.push({ surface: line.slice(at, starts[k]), isWord: false });
    out.push({ surface: line.slice(starts[k], ends[k + n - 1]), isWord: true });
    at = ends[k + n - 1];
    k += n;
  }
  if (at < line.length) out.push({ surface: line.slice(at), isWord: false });
  return out;
}

export const vietnameseAnalyzer =
  (words: ReadonlySet<string>): MorphAnalyzer =>
  (line) =>
    segmentVietnamese(line, words);

/** Whether a language's syllables are joined into words by this segmenter (the Vietnamese preset since issue 46). */
export const usesVietnameseSegmenter = (s: { LgParserType: string; LgSplitEachChar: boolean; LgIsoCode: string }): boolean =>
  s.LgParserType === 'character' && !s.LgSplitEachChar && /^vi(-|_|$)/i.test(s.LgIsoCode);
