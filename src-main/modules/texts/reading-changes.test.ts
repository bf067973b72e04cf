// The change log the cached GET /words payloads follow: the changes after a version, in order, until the log
// no longer reaches back (then the payload is built again).
import { describe, expect, it } from 'vitest';
import { changesSince, readingTermAnswered, readingTermsChanged, termsVersion } from './reading-changes';

const ref = (id: number, lc: string) => ({ WoID: id, WoLgID: 1, WoTextLC: lc, WoWordCount: 1, WoStatus: 1 });

describe('reading change log', () => {
  it('lists the changes after a version, before and after refs together, review answers by term id', () => {
    const v = termsVersion();
    expect(changesSince(v)).toEqual([]);
    readingTermsChanged({ terms: [ref(1, 'hund')], before: [ref(1, 'hunde')] });
    readingTermAnswered(7);
    expect(termsVersion()).toBe(v + 2);
    expect(changesSince(v)).toEqual([
      {
        version: v + 1,
        refs: [
          { lg: 1, lc: 'hund', id: 1, wc: 1 },
          { lg: 1, lc: 'hunde', id: 1, wc: 1 },
        ],
      },
      { version: v + 2, termId: 7 },
    ]);
    expect(changesSince(v + 1)).toEqual([{ version: v + 2, termId: 7 }]);
  });

  it('remembers a change of many terms by language only', () => {
    const v = termsVersion();
    readingTermsChanged({ terms: Array.from({ length: 301 }, (_, i) => ref(i, `w${i}`)) });
    expect(changesSince(v)).toEqual([{ version: v + 1, languages: new Set([1]) }]);
  });

  it('answers null once the log no longer reaches back (by count or by refs held)', () => {
    const v = termsVersion();
    for (let i = 0; i < 2001; i++) readingTermAnswered(i);
    expect(changesSince(v)).toBeNull();
    expect(changesSince(termsVersion() - 5)).toHaveLength(5);
    const w = termsVersion();
    for (let i = 0; i < 70; i++) readingTermsChanged({ terms: Array.from({ length: 300 }, (_, k) => ref(k, `x${k}`)) });
    expect(changesSince(w)).toBeNull();
    expect(changesSince(termsVersion() - 60)).toHaveLength(60);
  });
});
