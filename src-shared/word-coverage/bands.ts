// Runs in: any process. The vocabulary-size estimate of the Next words page (issue 50, docs/books.md "Next
// words"): of a frequency list's words ranked 1..k·1000 (k = 1..10), how many there are and how many are known.
import type { FrequencyBand } from '../contract/books';

export const BAND_SIZE = 1000;
export const BANDS = 10;

/**
 * Bands from a list's words (any order; a word once, with its best rank) and the known keys. Band k holds every
 * word ranked 1..k·1000, so the bands grow; bands past the list's last rank are left out (a 1,500-word list has
 * two bands, the second of 1,500 words at most).
 */
export function frequencyBands(ranked: readonly { key: string; rank: number }[], known: ReadonlySet<string>): FrequencyBand[] {
  const last = ranked.reduce((m, w) => Math.max(m, w.rank), 0);
  const bands: FrequencyBand[] = [];
  for (let k = 1; k <= BANDS && (k - 1) * BAND_SIZE < last; k++) bands.push({ upto: k * BAND_SIZE, words: 0, known: 0 });
  for (const w of ranked) {
    for (let k = Math.max(0, Math.ceil(w.rank / BAND_SIZE) - 1); k < bands.length; k++) {
      bands[k].words++;
      if (known.has(w.key)) bands[k].known++;
    }
  }
  return bands;
}
