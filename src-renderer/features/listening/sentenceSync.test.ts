import { describe, expect, it } from 'vitest';
import { markStart, nudge, sentenceAt } from './sentenceSync';

const T = [
  { order: 1, start: 0.5, end: 2 },
  { order: 2, start: 2, end: 4 },
  { order: 4, start: 6, end: 8 },
];

describe('sentence sync', () => {
  it('finds the spoken sentence', () => {
    expect(sentenceAt(T, 0)).toBeNull();
    expect(sentenceAt(T, 0.5)).toBe(1);
    expect(sentenceAt(T, 3.9)).toBe(2);
    expect(sentenceAt(T, 5)).toBe(2);
    expect(sentenceAt(T, 100)).toBe(4);
  });
  it('marks starts in order, ends following the next start', () => {
    const t = markStart(T, 3, 4.5);
    expect(t.map((x) => [x.order, x.start, x.end])).toEqual([
      [1, 0.5, 2],
      [2, 2, 4.5],
      [3, 4.5, 6],
      [4, 6, 8],
    ]);
  });
  it('nudges by a quarter second without passing neighbours', () => {
    expect(nudge(T, 2, 0.25)[1].start).toBe(2.25);
    expect(nudge(T, 2, 0.25)[0].end).toBe(2.25);
    expect(nudge([{ order: 1, start: 1, end: 1 }], 1, 0.25)[0]).toEqual({ order: 1, start: 1.25, end: 1.25 });
    expect(nudge(T, 1, -1)[0].start).toBe(0);
    expect(nudge(T, 2, 10)[1].start).toBe(6);
  });
});
