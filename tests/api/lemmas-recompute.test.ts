// Recomputing automatic lemmas after a lemma rule changed (issue 47, src-main/modules/lemmas/recompute.ts): terms
// filled by an older rule get the current one's lemma a bounded slice at a time; manual lemmas are kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lemmaLookupFor, lemmaRulesVersion, recomputeAutoLemmasSlice } from '../../src-main/modules/lemmas';
import { whenAutoReady } from '../../src-main/modules/lemmas/sources';
import { startTestServer, type TestServer } from '../helpers/core';

describe('recompute of automatic lemmas', () => {
  let s: TestServer;
  let lg: number;

  beforeAll(async () => {
    s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
    lg = (await s.client.post('/api/v1/languages', { LgName: 'French' })).body.LgID;
    await whenAutoReady(s.core.services.dataDir, 'fr');
  });
  afterAll(() => s.close());

  it('replaces automatic lemmas an older rule gave, slice by slice, and keeps manual ones', async () => {
    const id = async (WoText: string, WoLemma?: string) =>
      (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText, ...(WoLemma ? { WoLemma } : {}) })).body.WoID as number;
    const est = await id('est');
    const sont = await id('sont');
    const maisons = await id('maisons');
    const manual = await id('était', 'étaie');
    // What an older rule filled: "est" and "sont" as their own lemma (automatic).
    const old = s.core.sqlite.prepare(`UPDATE words SET WoLemma = @l, WoLemmaLC = @l, WoLemmaSource = 'auto' WHERE WoID = @id`);
    old.run({ id: est, l: 'est' });
    old.run({ id: sont, l: 'sont' });
    const lemmaOf = (termId: number) => s.core.sqlite.prepare('SELECT WoLemma, WoLemmaSource FROM words WHERE WoID = ?').get(termId);

    const ctx = s.core.context();
    const lookup = lemmaLookupFor(ctx, { LgID: lg, LgIsoCode: 'fr', LgLemmatizerType: 'dictionary' })!;
    expect(lookup).not.toBeNull();
    // Bounded: two terms a slice; the cursor carries on where the last one stopped.
    const first = recomputeAutoLemmasSlice(ctx, lg, lookup, 0, 2);
    expect(first).toMatchObject({ examined: 2, changed: 2, done: false });
    const second = recomputeAutoLemmasSlice(ctx, lg, lookup, first.afterId, 2);
    expect(second).toMatchObject({ examined: 1, changed: 0, done: true });
    expect(lemmaOf(est)).toEqual({ WoLemma: 'être', WoLemmaSource: 'auto' });
    expect(lemmaOf(sont)).toEqual({ WoLemma: 'être', WoLemmaSource: 'auto' });
    expect(lemmaOf(maisons)).toEqual({ WoLemma: 'maison', WoLemmaSource: 'auto' });
    // The manual lemma is never looked at, even though the rules would give "être".
    expect(lookup('était')).toBe('être');
    expect(lemmaOf(manual)).toEqual({ WoLemma: 'étaie', WoLemmaSource: 'manual' });
    // The terms API shows the new lemma (the terms module wrote it).
    expect((await s.client.get(`/api/v1/terms/${est}`)).body.WoLemma).toBe('être');
    // Nothing left: another pass changes nothing.
    expect(recomputeAutoLemmasSlice(ctx, lg, lookup)).toMatchObject({ changed: 0, done: true });
  });

  it('a version per language that follows its rules', () => {
    expect(lemmaRulesVersion('fr')).toMatch(/^[0-9a-f]{16}$/);
    expect(lemmaRulesVersion('fr')).toBe(lemmaRulesVersion('fr'));
    expect(lemmaRulesVersion('fr')).not.toBe(lemmaRulesVersion('es'));
  });
});
