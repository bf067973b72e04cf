import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { on } from '../../src-main/core/events';
import { lemmaWorkIdle as nlpPassIdle } from '../../src-main/modules/lemmas/deferred';
import { fixture, hasFixtures, startTestServer, type TestServer } from '../helpers/core';
import { fakeNlp } from '../helpers/fake-lemmatizer';

const env = { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' };

describe('dictionary lemmatizer', () => {
  let s: TestServer;
  let lg: number;
  let file: string;
  beforeAll(async () => {
    s = await startTestServer({ env });
    lg = (await s.client.post('/api/v1/languages', { LgName: 'English' })).body.LgID;
    file = path.join(s.core.dataDir, 'lemma-dictionaries', 'en_lemmas.tsv');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '# test list\nwent\tgo\ngoes\tgo\n\nmice\tmouse\n');
  });
  afterAll(() => s.close());

  it('fills the lemma from {data dir}/lemma-dictionaries/{iso}_lemmas.tsv', async () => {
    const t = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'Went' })).body;
    expect(t).toMatchObject({ WoLemma: 'go', WoLemmaLC: 'go' });
    expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'go' })).body.WoLemma).toBe('go');
  });

  it('never lets the lemmatizer overwrite a manual lemma', async () => {
    const t = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'goes', WoLemma: 'goes-manual' })).body;
    expect(t.WoLemma).toBe('goes-manual');
    // A text change re-runs the lemmatizer only for automatic lemmas.
    expect((await s.client.put(`/api/v1/terms/${t.WoID}`, { WoText: 'mice' })).body.WoLemma).toBe('goes-manual');
    const fill = await s.client.post('/api/v1/lemmas/fill', { language_id: lg });
    expect(fill.body).toMatchObject({ success: true, nlp: 'unused' });
    expect((await s.client.get(`/api/v1/terms/${t.WoID}`)).body.WoLemma).toBe('goes-manual');
  });

  it('picks up a changed file without restart (hot reload)', async () => {
    // A word no automatic source knows (made up), so only the file can give it a lemma.
    expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'blorped' })).body.WoLemma).toBeNull();
    fs.writeFileSync(file, 'blorped\tblorp\nwent\tgo\n# new version\n');
    fs.appendFileSync(file, 'swam\tswim\n');
    expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'swam' })).body.WoLemma).toBe('swim');
    // Terms saved before the file knew them are filled on request.
    const fill = await s.client.post('/api/v1/lemmas/fill', { language_id: lg });
    expect(fill.body.updated).toBeGreaterThanOrEqual(1);
    expect((await s.client.get(`/api/v1/terms?language_id=${lg}&q=blorped`)).body.terms.find((t: { WoText: string }) => t.WoText === 'blorped').WoLemma).toBe(
      'blorp',
    );
  });

  it('a none-type language gets no automatic lemma', async () => {
    await s.client.put(`/api/v1/languages/${lg}`, { LgLemmatizerType: 'none' });
    expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'went away' })).body.WoLemma).toBeNull();
    await s.client.put(`/api/v1/languages/${lg}`, { LgLemmatizerType: 'dictionary' });
  });

  it.skipIf(!hasFixtures)(
    'imports a lemma list with the lemma in the first column (michmech fixture: BOM, CRLF; skipped without ../shared/fixtures)',
    async () => {
      const data = fs.readFileSync(fixture('lemmas', 'michmech_lemmatization-en.txt'));
      const res = await s.client.upload('/api/v1/lemmas/import', { name: 'lemmatization-en.txt', data }, { language_id: String(lg), lemma_column: '1' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.pairs).toBeGreaterThan(40_000);
      const written = fs.readFileSync(file, 'utf8');
      expect(written.charCodeAt(0)).not.toBe(0xfeff);
      expect(written).not.toContain('\r');
      expect(written).toContain('\nthousandth\t1000\n');
      const t = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'abandoned' })).body;
      expect(t.WoLemma).toBe('abandon');
      const stats = (await s.client.get(`/api/v1/word-families/stats?language_id=${lg}`)).body;
      expect(stats.dictionary.entries).toBeGreaterThan(40_000);
    },
  );

  it('fills a large library in batches with the event loop turning between them (a lemma list for 1,200 terms)', async () => {
    // Made-up words no automatic source knows: only the imported list can give them a lemma.
    const words = Array.from({ length: 1200 }, (_, i) => `zorbin${i.toString(36)}`);
    const imported = await s.client.post('/api/v1/terms/import', { language_id: lg, text: ['term', ...words].join('\n'), duplicates: 'skip' });
    expect(imported.body.created).toBe(1200);
    const list = words.map((w) => `${w}\tzorb`).join('\n');
    // The server is in this process: an immediate that re-arms itself counts the loop's turns, and each batch of the
    // fill (one lemmas.found event) notes the count it ran at.
    let turns = 0;
    let ticker = setImmediate(function tick() {
      turns++;
      ticker = setImmediate(tick);
    });
    const batchesAt: number[] = [];
    on(s.core, 'lemmas.found', () => batchesAt.push(turns));
    const res = await s.client
      .upload('/api/v1/lemmas/import', { name: 'zorb.tsv', data: Buffer.from(list) }, { language_id: String(lg), lemma_column: '2' })
      .finally(() => clearImmediate(ticker));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updated_terms).toBe(1200);
    // Three batches of at most 500 terms, and the loop turned between each two.
    expect(batchesAt.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < batchesAt.length; i++) expect(batchesAt[i]).toBeGreaterThan(batchesAt[i - 1]);
    const t = (await s.client.get(`/api/v1/terms?language_id=${lg}&q=${words[1199]}`)).body.terms[0];
    expect(t.WoLemma).toBe('zorb');
  });

  it('refuses a bad lemma list clearly and keeps the old file', async () => {
    const before = fs.readFileSync(file, 'utf8');
    const utf16 = new Uint8Array([0xff, 0xfe, 0x61, 0, 0x09, 0, 0x62, 0]);
    const r1 = await s.client.upload('/api/v1/lemmas/import', { name: 'x.txt', data: utf16 }, { language_id: String(lg) });
    expect(r1.status).toBe(400);
    expect(r1.body.error).toMatch(/UTF-8/);
    const r2 = await s.client.upload(
      '/api/v1/lemmas/import',
      { name: 'x.txt', data: new TextEncoder().encode('just words\nno tabs\n') },
      { language_id: String(lg) },
    );
    expect(r2.body.error).toMatch(/No two-column lines/);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  });
});

describe('NLP lemmatizer', () => {
  it('fills lemmas in the background without making createTerm wait', async () => {
    const nlp = await fakeNlp({ häuser: 'Haus', lief: 'laufen' }, { delayMs: 300 });
    const s = await startTestServer({ env: { ...env, NLP_SERVICE_URL: nlp.url, NLP_TIMEOUT_MS: '5000' } });
    try {
      const lg = (await s.client.post('/api/v1/languages', { LgName: 'German', LgLemmatizerType: 'nlp' })).body.LgID;
      const started = Date.now();
      const t = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'Häuser' })).body;
      expect(Date.now() - started).toBeLessThan(300); // did not wait for the slow service
      expect(t.WoLemma).toBeNull();
      await nlpPassIdle(s.core.context());
      expect((await s.client.get(`/api/v1/terms/${t.WoID}`)).body).toMatchObject({ WoLemma: 'Haus', WoLemmaLC: 'haus' });
      expect(nlp.requests.find((r) => r.path === '/lemmatize')!.body).toEqual({ language: 'de', words: ['Häuser'] });
      // Manual lemma: never sent, never overwritten.
      const m = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'lief', WoLemma: 'LAUFEN!' })).body;
      await nlpPassIdle(s.core.context());
      expect((await s.client.get(`/api/v1/terms/${m.WoID}`)).body.WoLemma).toBe('LAUFEN!');
      const avail = await s.client.get('/api/v1/lemmas/nlp-available');
      expect(avail.body).toEqual({ available: true, languages: ['en', 'de'] });
    } finally {
      await s.close();
      await nlp.close();
    }
  });

  it('times out on a service that does not answer in time, and the term keeps working', async () => {
    const nlp = await fakeNlp({ häuser: 'Haus' }, { delayMs: 2000 });
    const s = await startTestServer({ env: { ...env, NLP_SERVICE_URL: nlp.url, NLP_TIMEOUT_MS: '200' } });
    try {
      const lg = (await s.client.post('/api/v1/languages', { LgName: 'German', LgLemmatizerType: 'nlp' })).body.LgID;
      await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'Häuser' });
      const started = Date.now();
      const fill = await s.client.post('/api/v1/lemmas/fill', { language_id: lg });
      expect(Date.now() - started).toBeLessThan(1500);
      expect(fill.body).toMatchObject({ success: true, updated: 0, filled: 0, left_empty: 1, conflicts: 0, nlp: 'unavailable' });
      const avail = await s.client.get('/api/v1/lemmas/nlp-available');
      expect(avail.body.available).toBe(false);
      expect(avail.body.error).toMatch(/did not answer within 200 ms/);
    } finally {
      await s.close();
      await nlp.close();
    }
  });

  it('hybrid: dictionary first, NLP for the rest, and the dictionary alone when the service is down', async () => {
    const nlp = await fakeNlp({ blorbe: 'Blorb', häuser: 'NLP-Haus' });
    const s = await startTestServer({ env: { ...env, NLP_SERVICE_URL: nlp.url, NLP_TIMEOUT_MS: '2000' } });
    try {
      const file = path.join(s.core.dataDir, 'lemma-dictionaries', 'de_lemmas.tsv');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'häuser\tHaus\n');
      const lg = (await s.client.post('/api/v1/languages', { LgName: 'German', LgLemmatizerType: 'hybrid' })).body.LgID;
      expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'Häuser' })).body.WoLemma).toBe('Haus');
      // Made-up words: no file line and no Hunspell reading, so only the NLP service knows them.
      const b = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'Blorbe' })).body;
      await nlpPassIdle(s.core.context());
      expect((await s.client.get(`/api/v1/terms/${b.WoID}`)).body.WoLemma).toBe('Blorb');
      await nlp.close(); // the service goes down
      fs.appendFileSync(file, 'kinder\tKind\n');
      expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'Kinder' })).body.WoLemma).toBe('Kind');
      const w = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'Quxelder' })).body;
      await nlpPassIdle(s.core.context());
      expect((await s.client.get(`/api/v1/terms/${w.WoID}`)).body.WoLemma).toBeNull();
      expect((await s.client.post('/api/v1/lemmas/fill', { language_id: lg })).body).toMatchObject({ nlp: 'unavailable' });
    } finally {
      await s.close();
    }
  });
});
