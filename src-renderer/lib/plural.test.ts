import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('countOf', () => {
  it('says "1 term", "0 terms", "24 terms", with a given plural form', () => {
    expect(countOf(1, 'term')).toBe('1 term');
    expect(countOf(0, 'term')).toBe('0 terms');
    expect(countOf(24, 'term')).toBe('24 terms');
    expect(countOf(1200, 'entry', 'entries')).toBe('1,200 entries');
    expect(plural(2, 'term is', 'terms are')).toBe('terms are');
  });
});
