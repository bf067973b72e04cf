// Runs in: renderer (pure: no DOM, no React; unit-tested in next-unknown.test.ts). The reader's "next unknown word"
// walk (after a status key, and the arrow keys' unknown-word jumps), out of useReaderSession.
import { STATUS_UNKNOWN } from '../../../src-shared/contract/status';

/**
 * The first unknown word after (`dir` 1) or before (-1) item `from` among `words` (item indexes in reading order),
 * or undefined. A walk from `from`, found by binary search, not a filtered copy of all 20,000 words: this runs on
 * every status key. `from` -1 starts before the first word, `from` = the item count after the last.
 */
export function nextUnknown(words: readonly number[], from: number, dir: 1 | -1, statusOf: (index: number) => number): number | undefined {
  let lo = 0;
  let hi = words.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (words[mid] <= from) lo = mid + 1;
    else hi = mid;
  }
  for (let k = dir === 1 ? lo : lo - 1; k >= 0 && k < words.length; k += dir) if (words[k] !== from && statusOf(words[k]) === STATUS_UNKNOWN) return words[k];
  return undefined;
}
