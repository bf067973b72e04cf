// Terms saved while their language's automatic table builds get their lemma once it is ready, even when the app is
// closed (or crashes) before the build ends (issue 30): the waiting ids are kept in lemma_pending, and the next start
// fills them when the table is ready (here: read from the cache the first run's build wrote). A term no source knows
// is looked up once, not at every start. French: its measured lemmas clear the bar (src-shared/lemmas/quality.json).
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { lemmaWorkIdle } from '../../src-main/modules/lemmas/deferred';
import { resetAutoLemmatizers, whenAutoReady } from '../../src-main/modules/lemmas/sources';
import { multiUserEnv } from '../helpers/accounts';
import { addUser, makeTestCore, startTestServer, tempDir, type TestServer } from '../helpers/core';
import { fakeNlp } from '../helpers/fake-lemmatizer';

const env = { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' };

const pendingIds = (s: Pick<TestServer, 'core'>) => s.core.sqlite.prepare('SELECT LpWoID FROM lemma_pending ORDER BY LpWoID').pluck().all();
const lemmaOf = async (s: TestServer, id: number) => (await s.client.get(`/api/v1/terms/${id}`)).body.WoLemma as string | null;

describe('terms saved while the table builds, across a restart', () => {
  const dataDir = tempDir();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('get their lemma at the next start once the table is ready; one no source knows is not looked up again', async () => {
    // No table in this process yet: the first save starts the build (a worker, a few seconds).
    resetAutoLemmatizers();
    const first = await startTestServer({ env, dataDir });
    let lg: number;
    let known: number;
    let unknown: number;
    try {
      lg = (await first.client.post('/api/v1/languages', { LgName: 'French' })).body.LgID;
      known = (await first.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'parlait' })).body.WoID;
      unknown = (await first.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'zzqxblorp' })).body.WoID;
      expect((await first.client.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=chiens`)).body).toMatchObject({ lemma: null, building: true });
      expect([await lemmaOf(first, known), await lemmaOf(first, unknown)]).toEqual([null, null]);
      // A pending term deleted meanwhile leaves nothing behind.
      const gone = (await first.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'chevaux' })).body.WoID;
      expect(pendingIds(first)).toEqual([known, unknown, gone]);
      expect((await first.client.delete(`/api/v1/terms/${gone}`)).status).toBe(200);
      expect(pendingIds(first)).toEqual([known, unknown]);
    } finally {
      // Closed before the build ends: this core fills nothing.
      await first.close();
    }
    // The build goes on and caches its table in the data folder; the next process reads it from there.
    await whenAutoReady(dataDir, 'fr');
    resetAutoLemmatizers();

    const second = await startTestServer({ env, dataDir });
    try {
      expect(second.core.runningJobs()).toContain('lemmas');
      await lemmaWorkIdle(second.core.context());
      expect([await lemmaOf(second, known), await lemmaOf(second, unknown)]).toEqual(['parler', null]);
      expect(pendingIds(second)).toEqual([]);
    } finally {
      await second.close();
    }

    // Looked up once, found or not: the next start has nothing to do, and starts no table.
    resetAutoLemmatizers();
    const third = await startTestServer({ env, dataDir });
    try {
      expect(third.core.runningJobs()).not.toContain('lemmas');
      expect(await lemmaOf(third, unknown)).toBeNull();
    } finally {
      await third.close();
    }
  }, 120_000);
});

describe('terms waiting for the NLP service, across a restart', () => {
  const dataDir = tempDir();
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('are asked again at the next start, each owner for their own terms, and then no more', async () => {
    // The service is down (the test configuration points at a closed port): the lookups did not run.
    const first = makeTestCore({ env: multiUserEnv(), dataDir });
    const ann = addUser(first, 'ann', 'user');
    const bob = addUser(first, 'bob', 'user');
    const save = async (core: typeof first, user: typeof ann, lg: number, WoText: string) =>
      ((await core.dispatch('terms.create', { WoLgID: lg, WoText }, user)) as { WoID: number }).WoID;
    const language = async (user: typeof ann) =>
      ((await first.dispatch('languages.create', { LgName: 'German', LgLemmatizerType: 'nlp' }, user)) as { LgID: number }).LgID;
    const annDe = await language(ann);
    const bobDe = await language(bob);
    const annTerm = await save(first, ann, annDe, 'Häuser');
    const bobTerm = await save(first, bob, bobDe, 'Kinder');
    const bobUnknown = await save(first, bob, bobDe, 'Quxelder');
    await lemmaWorkIdle(first.context(ann));
    expect(pendingIds({ core: first })).toEqual([annTerm, bobTerm, bobUnknown]);
    first.cleanup();

    const nlp = await fakeNlp({ häuser: 'Haus', kinder: 'Kind' });
    try {
      const second = makeTestCore({ env: multiUserEnv({ NLP_SERVICE_URL: nlp.url }), dataDir });
      try {
        await lemmaWorkIdle(second.context());
        const lemma = (id: number) => second.sqlite.prepare('SELECT WoLemma FROM words WHERE WoID = ?').pluck().get(id);
        expect([lemma(annTerm), lemma(bobTerm), lemma(bobUnknown)]).toEqual(['Haus', 'Kind', null]);
        expect(pendingIds({ core: second })).toEqual([]);
        // One request per owner's language, with that owner's words only.
        const asked = nlp.requests.filter((r) => r.path === '/lemmatize').map((r) => (r.body as { words: string[] }).words.sort());
        expect(asked.sort()).toEqual([['Häuser'], ['Kinder', 'Quxelder']]);
      } finally {
        second.cleanup();
      }
      const third = makeTestCore({ env: multiUserEnv({ NLP_SERVICE_URL: nlp.url }), dataDir });
      try {
        expect(third.runningJobs()).not.toContain('lemmas');
        await lemmaWorkIdle(third.context());
        expect(nlp.requests.filter((r) => r.path === '/lemmatize')).toHaveLength(2);
      } finally {
        third.cleanup();
      }
    } finally {
      await nlp.close();
    }
  });
});
