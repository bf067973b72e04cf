import { describe, expect, it } from 'vitest';
import { nextUnknown } from './next-unknown';

// Items 0..9: words at the even indexes (the odd ones are spaces and punctuation); statuses by item.
const WORDS = [0, 2, 4, 6, 8];
const STATUS: Record<number, number> = { 0: 0, 2: 3, 4: 0, 6: 99, 8: 0 };
const status = (i: number) => STATUS[i];

describe('the next unknown word', () => {
  it('walks forward and back from a word, skipping known ones and the word itself', () => {
    expect(nextUnknown(WORDS, 0, 1, status)).toBe(4);
    expect(nextUnknown(WORDS, 4, 1, status)).toBe(8);
    expect(nextUnknown(WORDS, 8, 1, status)).toBeUndefined();
    expect(nextUnknown(WORDS, 8, -1, status)).toBe(4);
    expect(nextUnknown(WORDS, 4, -1, status)).toBe(0);
    expect(nextUnknown(WORDS, 0, -1, status)).toBeUndefined();
  });

  it('starts before the first word or after the last with no selection, and from a non-word item', () => {
    expect(nextUnknown(WORDS, -1, 1, status)).toBe(0);
    expect(nextUnknown(WORDS, 10, -1, status)).toBe(8);
    expect(nextUnknown(WORDS, 3, 1, status)).toBe(4);
    expect(nextUnknown(WORDS, 3, -1, status)).toBe(0);
    expect(nextUnknown([], -1, 1, status)).toBeUndefined();
  });
});
