// The change log the cached GET /words payloads follow: the changes after a version, in order, until the log
// no longer reaches back (then the payload is built again).
import { describe, expect, it } from 'vitest';
import { createServices } from '../../core/services';
import type { Config } from '../../core/config';
import { changesSince as changesOf, readingTermAnswered as answered, readingTermsChanged as changed, termsVersion as versionOf } from './changes';

// One core's services; the log lives in a slot of them (a database replacement clears the cache).
const services = createServices({ dataDir: '' } as Config, null);
const termsVersion = () => versionOf(services);
const changesSince = (since: number) => changesOf(services, since);
const readingTermsChanged = (event: Parameters<typeof changed>[1]) => changed(services, event);
const readingTermAnswered = (termId: number) => answered(services, termId);

const ref = (id: number, lc: string) => ({ WoID: id, WoLgID: 1, WoTextLC: lc, WoWordCount: 1, WoStatus: 1 });

describe('reading change log', () => {
  it('lists the changes after a version, before and after refs together, review answers by term id', () => {
    const v = termsVersion();
    expect(changesSince(v)).toEqual([]);
    readingTermsChanged({ kind: 'updated', terms: [ref(1, 'hund')], before: [ref(1, 'hunde')] });
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

  it('names no form for an update that keeps text, word count and status (a translation, an automatic lemma); a delete always names them', () => {
    const v = termsVersion();
    const lemmaOnly = [ref(1, 'hund'), ref(2, 'katze')];
    readingTermsChanged({ kind: 'updated', terms: lemmaOnly, before: lemmaOnly });
    readingTermsChanged({ kind: 'updated', terms: [ref(1, 'hund'), { ...ref(2, 'katze'), WoStatus: 5 }], before: lemmaOnly });
    readingTermsChanged({ kind: 'deleted', terms: [ref(3, 'maus')], before: [ref(3, 'maus')] });
    expect(termsVersion()).toBe(v + 3);
    expect(changesSince(v)).toEqual([
      { version: v + 1, refs: [] },
      {
        version: v + 2,
        refs: [
          { lg: 1, lc: 'katze', id: 2, wc: 1 },
          { lg: 1, lc: 'katze', id: 2, wc: 1 },
        ],
      },
      {
        version: v + 3,
        refs: [
          { lg: 1, lc: 'maus', id: 3, wc: 1 },
          { lg: 1, lc: 'maus', id: 3, wc: 1 },
        ],
      },
    ]);
  });

  it('remembers a change of many terms by language only', () => {
    const v = termsVersion();
    readingTermsChanged({ kind: 'created', terms: Array.from({ length: 301 }, (_, i) => ref(i, `w${i}`)) });
    expect(changesSince(v)).toEqual([{ version: v + 1, languages: new Set([1]) }]);
  });

  it('starts again empty when the cache is cleared (a database replacement): no version or change outlives the database', () => {
    readingTermAnswered(1);
    expect(termsVersion()).toBeGreaterThan(0);
    services.cache.clear();
    expect(termsVersion()).toBe(0);
    expect(changesSince(0)).toEqual([]);
  });

  it('answers null once the log no longer reaches back (by count or by refs held)', () => {
    const v = termsVersion();
    for (let i = 0; i < 2001; i++) readingTermAnswered(i);
    expect(changesSince(v)).toBeNull();
    expect(changesSince(termsVersion() - 5)).toHaveLength(5);
    const w = termsVersion();
    for (let i = 0; i < 70; i++) readingTermsChanged({ kind: 'created', terms: Array.from({ length: 300 }, (_, k) => ref(k, `x${k}`)) });
    expect(changesSince(w)).toBeNull();
    expect(changesSince(termsVersion() - 60)).toHaveLength(60);
  });
});
