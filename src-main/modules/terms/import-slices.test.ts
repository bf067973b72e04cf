// Runs in: main (vitest). Term imports store slices sized by time (issue 34): the next slice holds as many rows as
// fit in about 10 ms at the last slice's pace, at most twice the last, between 10 and 1,000 rows.
import { describe, expect, it } from 'vitest';
import { nextSliceRows } from './import';

describe('nextSliceRows', () => {
  it('keeps a slice that took its target', () => expect(nextSliceRows(100, 10)).toBe(100));
  it('shrinks a slice a busy machine made slow to what fits the target', () => expect(nextSliceRows(250, 100)).toBe(25));
  it('grows a quick slice, at most doubling', () => {
    expect(nextSliceRows(50, 2)).toBe(100);
    expect(nextSliceRows(50, 8)).toBe(63);
  });
  it('stays between 10 and 1,000 rows', () => {
    expect(nextSliceRows(10, 500)).toBe(10);
    expect(nextSliceRows(800, 0)).toBe(1000);
  });
});
