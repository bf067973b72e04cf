import { describe, expect, it } from 'vitest';
import { frequencyBands } from './bands';

const list = (n: number, skip = new Set<number>()) => Array.from({ length: n }, (_, i) => ({ key: `w${i + 1}`, rank: i + 1 })).filter((w) => !skip.has(w.rank));

describe('frequencyBands', () => {
  it('counts the words ranked 1..k·1000 and the known among them, bands growing', () => {
    // 2,500 words; known: the first 900, and every word from 1,001 to 1,100 and 2,401 to 2,500.
    const known = new Set(
      list(2500)
        .filter((w) => w.rank <= 900 || (w.rank > 1000 && w.rank <= 1100) || w.rank > 2400)
        .map((w) => w.key),
    );
    expect(frequencyBands(list(2500), known)).toEqual([
      { upto: 1000, words: 1000, known: 900 },
      { upto: 2000, words: 2000, known: 1000 },
      { upto: 3000, words: 2500, known: 1100 },
    ]);
  });

  it('a rank exactly on a boundary belongs to that band; skipped ranks give fewer words; at most 10 bands', () => {
    const b = frequencyBands(
      [
        { key: 'a', rank: 1000 },
        { key: 'b', rank: 1001 },
      ],
      new Set(['b']),
    );
    expect(b).toEqual([
      { upto: 1000, words: 1, known: 0 },
      { upto: 2000, words: 2, known: 1 },
    ]);
    expect(frequencyBands(list(50_000), new Set()).map((x) => x.upto)).toEqual([1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]);
    expect(frequencyBands([], new Set())).toEqual([]);
  });
});
