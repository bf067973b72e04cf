import { describe, expect, it } from 'vitest';
import { GLANCE_WORDS, plausiblyRead, READ_WORDS_PER_MINUTE } from './reading-pace';

describe('plausiblyRead', () => {
  it('counts a chapter reached at reading pace, not one jumped through', () => {
    // The 6,105-word chapter of the issue: 10 minutes at most pace is fine, 20 seconds is a jump.
    expect(plausiblyRead(6105, 20)).toBe(false);
    expect(plausiblyRead(6105, 11 * 60)).toBe(true);
    expect(plausiblyRead(600, 60)).toBe(true);
    expect(plausiblyRead(600, 59)).toBe(false);
    expect(READ_WORDS_PER_MINUTE).toBeGreaterThan(300);
  });

  it('always counts a text short enough to read at a glance', () => {
    expect(plausiblyRead(GLANCE_WORDS, 0)).toBe(true);
    expect(plausiblyRead(GLANCE_WORDS + 1, 0)).toBe(false);
  });
});
