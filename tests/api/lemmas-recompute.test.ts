// Recomputing automatic lemmas after a lemma rule changed (issue 47, src-main/modules/lemmas/recompute.ts): the first
// automatic lemma of a language records its rules' version (lemma_rules); a start that finds it stale (an upgrade)
// queues a job that replaces the automatic lemmas an older rule gave, a window of term ids at a time; manual lemmas
// are kept; the panel's status reports it; a start with nothing stale writes nothing.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { lemmaLookupFor, lemmaRulesVersion, recomputeAutoLemmasSlice } from '../../src-main/modules/lemmas';
import { AUTO_LEMMA_WINDOW_SQL } from '../../src-main/modules/lemmas/repo';
import { whenAutoReady } from '../../src-main/modules/lemmas/sources';
import { startTestServer, tempDir, type TestServer } from '../helpers/core';
import { tableChecksums } from '../helpers/backup';

const env = { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' };

const lemmaOf = (s: TestServer, termId: number) => s.core.sqlite.prepare('SELECT WoLemma, WoLemmaSource FROM words WHERE WoID = ?').get(termId);
const rulesOf = (s: TestServer, lg: number) =>
  s.core.sqlite.prepare('SELECT * FROM lemma_rules WHERE LrLgID = ?').get(lg) as Record<string, unknown> | undefined;
const jobs = (s: TestServer) => s.core.sqlite.prepare('SELECT JbKind, JbPayload FROM jobs').all();
/** What an older rule filled: the word as its own automatic lemma. */
const olderRule = (s: TestServer, id: number, lemma: string) =>
  s.core.sqlite.prepare(`UPDATE words SET WoLemma = @l, WoLemmaLC = @l, WoLemmaSource = 'auto' WHERE WoID = @id`).run({ id, l: lemma });

describe('recompute of automatic lemmas', { timeout: 60_000 }, () => {
  const dataDir = tempDir();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('records the rules at the first automatic lemma; after an upgrade the start recomputes them, manual ones kept', async () => {
    const first = await startTestServer({ env, dataDir });
    const ids: Record<string, number> = {};
    let lg: number;
    try {
      lg = (await first.client.post('/api/v1/languages', { LgName: 'French' })).body.LgID;
      await whenAutoReady(dataDir, 'fr');
      // A manual lemma alone records nothing: no automatic lemma was written.
      const term = async (WoText: string, WoLemma?: string) =>
        (ids[WoText] = (await first.client.post('/api/v1/terms', { WoLgID: lg, WoText, ...(WoLemma ? { WoLemma } : {}) })).body.WoID);
      await term('était', 'étaie');
      expect(rulesOf(first, lg)).toBeUndefined();
      for (const w of ['est', 'sont', 'maisons']) await term(w);
      expect(rulesOf(first, lg)).toMatchObject({ LrVersion: lemmaRulesVersion('fr'), LrCursor: 0, LrChanged: 0, LrUpdated: null });
      expect((await first.client.get(`/api/v1/lemmas/status?language_id=${lg}`)).body.recompute).toBeNull();
      // An upgrade: the lemmas were written by older rules.
      olderRule(first, ids.est, 'est');
      olderRule(first, ids.sont, 'sont');
      first.core.sqlite.prepare("UPDATE lemma_rules SET LrVersion = 'older' WHERE LrLgID = ?").run(lg);
    } finally {
      await first.close();
    }

    const second = await startTestServer({ env, dataDir });
    try {
      await second.core.services.jobs!.idle('lemmas.recompute');
      expect(lemmaOf(second, ids.est)).toEqual({ WoLemma: 'être', WoLemmaSource: 'auto' });
      expect(lemmaOf(second, ids.sont)).toEqual({ WoLemma: 'être', WoLemmaSource: 'auto' });
      expect(lemmaOf(second, ids.maisons)).toEqual({ WoLemma: 'maison', WoLemmaSource: 'auto' });
      // The manual lemma is never looked at, though the rules would give "être".
      expect(lemmaOf(second, ids['était'])).toEqual({ WoLemma: 'étaie', WoLemmaSource: 'manual' });
      expect(rulesOf(second, lg)).toMatchObject({ LrVersion: lemmaRulesVersion('fr'), LrCursor: 0, LrChanged: 2, LrUpdated: expect.any(Number) });
      expect(jobs(second)).toEqual([]);
      // The terms API shows the new lemma (the terms module wrote it), the panel the recompute.
      expect((await second.client.get(`/api/v1/terms/${ids.est}`)).body.WoLemma).toBe('être');
      expect((await second.client.get(`/api/v1/lemmas/status?language_id=${lg}`)).body.recompute).toMatchObject({ state: 'done', changed: 2, progress: 1 });
    } finally {
      await second.close();
    }

    // Nothing stale: the next start writes nothing at all (restore-recovery relies on a plain start writing nothing).
    const third = await startTestServer({ env, dataDir });
    try {
      const before = tableChecksums(third.core.sqlite);
      await third.core.services.jobs!.idle();
      expect(jobs(third)).toEqual([]);
      expect(tableChecksums(third.core.sqlite)).toEqual(before);
    } finally {
      await third.close();
    }
  });

  it('a slice walks a bounded window of term ids, carries on from its cursor, and reports the state while running', async () => {
    const s = await startTestServer({ env });
    try {
      const lg = (await s.client.post('/api/v1/languages', { LgName: 'French' })).body.LgID;
      const other = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
      await whenAutoReady(s.core.services.dataDir, 'fr');
      const est = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'est' })).body.WoID;
      // Sparse: terms of another language between the French ones.
      for (const w of ['Haus', 'Baum', 'Tür']) await s.client.post('/api/v1/terms', { WoLgID: other, WoText: w });
      const sont = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'sont' })).body.WoID;
      olderRule(s, est, 'est');
      olderRule(s, sont, 'sont');
      s.core.sqlite.prepare("UPDATE lemma_rules SET LrVersion = 'older' WHERE LrLgID = ?").run(lg);
      const ctx = s.core.context();
      const lookup = lemmaLookupFor(ctx, { LgID: lg, LgIsoCode: 'fr', LgLemmatizerType: 'dictionary' })!;
      const first = recomputeAutoLemmasSlice(ctx, lg, lookup, 0, { window: 3, restart: true });
      expect(first).toMatchObject({ afterId: est + 2, examined: 1, changed: 1, done: false });
      expect(rulesOf(s, lg)).toMatchObject({ LrCursor: est + 2, LrChanged: 1 });
      const status = (await s.client.get(`/api/v1/lemmas/status?language_id=${lg}`)).body.recompute;
      expect(status).toMatchObject({ state: 'running', changed: 1, finished_at: null });
      expect(status.progress).toBeGreaterThan(0);
      expect(status.progress).toBeLessThan(1);
      const second = recomputeAutoLemmasSlice(ctx, lg, lookup, first.afterId, { window: 3 });
      expect(second).toMatchObject({ afterId: sont, examined: 1, changed: 1, done: true });
      expect(rulesOf(s, lg)).toMatchObject({ LrChanged: 2 });
      expect(lemmaOf(s, sont)).toEqual({ WoLemma: 'être', WoLemmaSource: 'auto' });
      // The window is a range of the primary key, never the language's index (sparse automatic lemmas cost nothing).
      const plan = s.core.sqlite
        .prepare(`EXPLAIN QUERY PLAN ${AUTO_LEMMA_WINDOW_SQL}`)
        .all({ lg, after: 0, until: 10, owner: null })
        .map((r) => (r as { detail: string }).detail)
        .join(' | ');
      expect(plan).toMatch(/SEARCH words USING INTEGER PRIMARY KEY \(rowid>\? AND rowid<\?\)/);
    } finally {
      await s.close();
    }
  });

  it('a version per language that follows its rules', () => {
    expect(lemmaRulesVersion('fr')).toMatch(/^[0-9a-f]{16}$/);
    expect(lemmaRulesVersion('fr')).toBe(lemmaRulesVersion('fr'));
    expect(lemmaRulesVersion('fr')).not.toBe(lemmaRulesVersion('es'));
  });
});
