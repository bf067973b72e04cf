// Automatic lemmas with no file installed (issue 17): the French Hunspell dictionary from the dictionary-fr
// package, read into a table in a worker on first use. The table is process-wide, so it is built once for
// this whole file (a few seconds) and every test after the first reuses it. French is one of the languages
// whose measured lemmas clear the bar (src-shared/lemmas/quality.json); Spanish does not, and its automatic
// lemmas are only ever an "unsure" suggestion (issue 30).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { catalogueSlot } from '../../src-main/modules/lemmas/catalogue';
import { lemmaWorkIdle } from '../../src-main/modules/lemmas/deferred';
import { autoFillAllowed } from '../../src-shared/lemmas/quality';
import { startTestServer, type TestServer } from '../helpers/core';

const env = { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' };

describe('automatic lemmas (French Hunspell, no file installed)', () => {
  let s: TestServer;
  let lg: number;
  const termLemma = async (id: number) => (await s.client.get(`/api/v1/terms/${id}`)).body.WoLemma as string | null;

  beforeAll(async () => {
    expect(autoFillAllowed('fr')).toBe(true);
    s = await startTestServer({ env });
    lg = (await s.client.post('/api/v1/languages', { LgName: 'French' })).body.LgID;
  });
  afterAll(() => s.close());

  it('terms saved while the table builds get their lemma when it is ready; later ones at once', async () => {
    expect(fs.existsSync(path.join(s.core.dataDir, 'lemma-dictionaries', 'fr_lemmas.tsv'))).toBe(false);
    const ids: number[] = [];
    for (const word of ['parlait', 'maisons', 'chevaux']) {
      const res = await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: word });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body.WoID);
    }
    // The first save starts the table build: while it runs the suggestion says so (the word panel shows
    // "building word table…"), and the terms saved meanwhile have no lemma yet — by every path that stores one:
    // a save, an import, a change of text.
    expect((await s.client.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=chiens`)).body).toMatchObject({ lemma: null, building: true });
    const imported = await s.client.post('/api/v1/terms/import', { language_id: lg, text: 'term\ttranslation\ntables\t-', duplicates: 'skip' });
    expect(imported.body.created).toBe(1);
    ids.push((await s.client.get(`/api/v1/terms?language_id=${lg}&q=tables`)).body.terms[0].WoID);
    expect((await s.client.put(`/api/v1/terms/${ids[2]}`, { WoText: 'fenêtres' })).body.WoLemma).toBeNull();
    expect(await Promise.all(ids.map(termLemma))).toEqual([null, null, null, null]);
    // Each path recorded them as pending (a restart meanwhile would fill them: lemmas-pending.test.ts).
    const pending = () => s.core.sqlite.prepare('SELECT LpWoID FROM lemma_pending ORDER BY LpWoID').pluck().all();
    expect(pending()).toEqual([...ids].sort((a, b) => a - b));
    // Every one of them is filled once the table is ready.
    await lemmaWorkIdle(s.core.context());
    expect(await Promise.all(ids.map(termLemma))).toEqual(['parler', 'maison', 'fenêtre', 'table']);
    expect(pending()).toEqual([]);
    const status = (await s.client.get(`/api/v1/lemmas/status?language_id=${lg}`)).body;
    expect(status).toMatchObject({
      active: 'automatic',
      lemmatizer: 'dictionary',
      file: null,
      automatic: {
        kind: 'hunspell',
        name: 'Running-text form table (Universal Dependencies + hand-written irregular forms) + dictionary-fr',
        state: 'ready',
        auto_fill: true,
      },
    });
    expect(status.automatic.quality.pairs).toBeGreaterThanOrEqual(2000);
    expect(status.automatic.forms).toBeGreaterThan(50_000);
    expect(status.automatic.license).toMatch(/GPL|MPL/);
    // Later terms get theirs at once, and the family groups them.
    const t = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'parlons' })).body;
    expect(t).toMatchObject({ WoLemma: 'parler', WoLemmaLC: 'parler' });
    const family = (await s.client.get(`/api/v1/word-families?language_id=${lg}&lemma_lc=parler`)).body;
    expect(family.terms.map((x: { WoText: string }) => x.WoText).sort()).toEqual(['parlait', 'parlons']);
    // The suggestion for an unsaved word (reader panel) comes from the same source, and is sure.
    expect((await s.client.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=Parlèrent`)).body).toMatchObject({
      lemma: 'parler',
      source: 'automatic',
      building: false,
      unsure: false,
    });
  }, 90_000);

  it('a file in data/lemma-dictionaries overrides a Hunspell pair without restart', async () => {
    expect((await s.client.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=chiens`)).body.lemma).toBe('chien');
    const file = path.join(s.core.dataDir, 'lemma-dictionaries', 'fr_lemmas.tsv');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '# mine\r\nchiens\tcabot\r\n');
    expect((await s.client.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=chiens`)).body).toMatchObject({ lemma: 'cabot', source: 'file' });
    expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'chiens' })).body.WoLemma).toBe('cabot');
    // Forms the file does not list still come from Hunspell.
    expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'chats' })).body.WoLemma).toBe('chat');
    expect((await s.client.get(`/api/v1/lemmas/status?language_id=${lg}`)).body).toMatchObject({ active: 'file', file: { entries: 2 } });
    fs.rmSync(file);
    expect((await s.client.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=chiens`)).body.lemma).toBe('chien');
  });

  it('never overwrites a manual lemma; fill counts it as a conflict', async () => {
    const m = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'mangeait', WoLemma: 'repas' })).body;
    expect(m.WoLemma).toBe('repas');
    // A text change keeps the manual lemma.
    expect((await s.client.put(`/api/v1/terms/${m.WoID}`, { WoText: 'mangions' })).body.WoLemma).toBe('repas');
    const fill = (await s.client.post('/api/v1/lemmas/fill', { language_id: lg })).body;
    expect(fill).toMatchObject({ success: true, conflicts: 1, nlp: 'unused' });
    expect(fill.conflict_examples[0]).toMatchObject({ WoText: 'mangions', manual: 'repas', automatic: 'manger' });
    expect(await termLemma(m.WoID)).toBe('repas');
  });

  it('a lemma the learner cleared stays cleared: no save, change of text or "fill missing lemmas" fills it (issue 31, item 8)', async () => {
    const none = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'chantait', noLemma: true })).body;
    expect(none.WoLemma).toBeNull();
    const auto = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'dansait' })).body;
    expect(auto.WoLemma).toBe('danser');
    // Cleared later in the panel: the automatic lemma goes, for good.
    expect((await s.client.put(`/api/v1/terms/${auto.WoID}`, { noLemma: true })).body.WoLemma).toBeNull();
    expect((await s.client.put(`/api/v1/terms/${none.WoID}`, { WoTranslation: 'sang' })).body.WoLemma).toBeNull();
    await s.client.post('/api/v1/lemmas/fill', { language_id: lg });
    await lemmaWorkIdle(s.core.context());
    expect([await termLemma(none.WoID), await termLemma(auto.WoID)]).toEqual([null, null]);
    // Typing one again makes it the learner's.
    expect((await s.client.put(`/api/v1/terms/${none.WoID}`, { WoLemma: 'chanter' })).body.WoLemma).toBe('chanter');
  });

  it('detects the column order of a michmech list (lemma first, BOM, CRLF) and imports it form-first', async () => {
    const list = '\uFEFFaller\tvais\r\naller\tva\r\naller\tallons\r\nêtre\tfus\r\nêtre\tfut\r\n';
    const data = new TextEncoder().encode(list);
    const preview = await s.client.upload('/api/v1/lemmas/import/preview', { name: 'lemmatization-fr.txt', data }, {});
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ lemma_column: 1, rows: 5 });
    expect(preview.body.sample[0]).toEqual(['aller', 'vais']);
    // Import without naming the column: the detected order is used.
    const res = await s.client.upload('/api/v1/lemmas/import', { name: 'lemmatization-fr.txt', data }, { language_id: String(lg) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.pairs).toBe(5);
    const written = fs.readFileSync(path.join(s.core.dataDir, 'lemma-dictionaries', 'fr_lemmas.tsv'), 'utf8');
    expect(written).toContain('\nvais\taller\n');
    expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'fus' })).body.WoLemma).toBe('être');
    fs.rmSync(path.join(s.core.dataDir, 'lemma-dictionaries', 'fr_lemmas.tsv'));
  });

  it('refuses a preview of a file without two columns', async () => {
    const res = await s.client.upload('/api/v1/lemmas/import/preview', { name: 'x.txt', data: new TextEncoder().encode('one\ntwo\n') }, {});
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/No two-column lines/);
  });

  it('"fill missing lemmas" fills a 10k-term language in one go', async () => {
    const big = (await s.client.post('/api/v1/languages', { LgName: 'Français grand', LgIsoCode: 'fr', LgLemmatizerType: 'none' })).body.LgID;
    // Real French headwords from the shipped dictionary, plus made-up words no source knows.
    const dic = fs
      .readFileSync(path.join(process.cwd(), 'node_modules', 'dictionary-fr', 'index.dic'), 'utf8')
      .split('\n')
      .slice(1);
    const words = new Set<string>();
    for (const line of dic) {
      const word = line.split('/')[0];
      if (!/^[a-zàâçéèêëîïôûùüÿœ]+$/.test(word)) continue;
      words.add(word);
      if (words.size >= 9_950) break;
    }
    for (let i = 0; i < 50; i++) words.add(`zzqx${i}blorp`);
    const text = ['term\ttranslation', ...[...words].map((w) => `${w}\t-`)].join('\n');
    const imported = await s.client.post('/api/v1/terms/import', { language_id: big, text, duplicates: 'skip' });
    expect(imported.status, JSON.stringify(imported.body).slice(0, 300)).toBe(200);
    expect(imported.body.created).toBe(10_000);
    await s.client.put(`/api/v1/languages/${big}`, { LgLemmatizerType: 'dictionary' });
    const started = Date.now();
    const fill = (await s.client.post('/api/v1/lemmas/fill', { language_id: big })).body;
    const tookMs = Date.now() - started;
    expect(fill.success).toBe(true);
    expect(fill.filled + fill.left_empty).toBe(10_000);
    expect(fill.filled).toBeGreaterThan(9_000);
    expect(fill.left_empty).toBeGreaterThanOrEqual(50);
    expect(tookMs).toBeLessThan(20_000);
    const stats = (await s.client.get(`/api/v1/word-families/stats?language_id=${big}`)).body;
    expect(stats.with_lemma).toBe(fill.filled);
    // A second pass has nothing left to do but the unknown words.
    expect((await s.client.post('/api/v1/lemmas/fill', { language_id: big })).body).toMatchObject({ filled: 0, left_empty: fill.left_empty });
  }, 90_000);
});

describe('a language whose lemmas miss the bar (Spanish) never auto-fills', () => {
  it('saving, importing and "fill missing lemmas" leave the lemma empty; the suggestion is marked unsure', async () => {
    expect(autoFillAllowed('es')).toBe(false);
    const s = await startTestServer({ env });
    try {
      const lg = (await s.client.post('/api/v1/languages', { LgName: 'Spanish' })).body.LgID;
      // The suggestion waits for the table, then gives Hunspell's lemma, flagged.
      expect((await s.client.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=hablaba&wait=true`)).body).toMatchObject({
        lemma: 'hablar',
        source: 'automatic',
        unsure: true,
      });
      const saved = (await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'hablaba' })).body;
      const imported = await s.client.post('/api/v1/terms/import', { language_id: lg, text: 'term\ttranslation\ncasas\t-\nperros\t-', duplicates: 'skip' });
      expect(imported.body.created).toBe(2);
      await lemmaWorkIdle(s.core.context());
      const fill = (await s.client.post('/api/v1/lemmas/fill', { language_id: lg })).body;
      expect(fill).toMatchObject({ filled: 0, left_empty: 3 });
      const terms = (await s.client.get(`/api/v1/terms?language_id=${lg}`)).body;
      const rows = terms.terms as { WoText: string; WoLemma: string | null }[];
      expect(rows.map((r) => [r.WoText, r.WoLemma]).sort()).toEqual([
        ['casas', null],
        ['hablaba', null],
        ['perros', null],
      ]);
      expect(saved.WoLemma).toBeNull();
      const status = (await s.client.get(`/api/v1/lemmas/status?language_id=${lg}`)).body;
      expect(status.automatic).toMatchObject({ auto_fill: false, state: 'ready' });
      expect(status.automatic.quality.wrong_rate).toBeGreaterThanOrEqual(10);
      // The learner's own list is theirs to trust: it still fills.
      const file = path.join(s.core.dataDir, 'lemma-dictionaries', 'es_lemmas.tsv');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'gatos\tgato\n');
      expect((await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: 'gatos' })).body.WoLemma).toBe('gato');
      expect((await s.client.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=gatos`)).body).toMatchObject({ source: 'file', unsure: false });
    } finally {
      await s.close();
    }
  }, 90_000);
});

describe('lemma list catalogue', () => {
  it('lists the shipped catalogue and downloads a list through the guarded fetcher', async () => {
    const list = '\uFEFFir\tfui\r\nir\tfue\r\nir\tfuimos\r\nser\tsoy\r\n';
    const server = http.createServer((req, res) => {
      if (req.url === '/lemmatization-es.txt') res.end(list);
      else {
        res.statusCode = 404;
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const s = await startTestServer({ env, core: { outboundAllowance: { allowHosts: ['127.0.0.1'] } } });
    try {
      const lg = (await s.client.post('/api/v1/languages', { LgName: 'Spanish' })).body.LgID;
      const shipped = (await s.client.get(`/api/v1/lemmas/catalogue?language_id=${lg}`)).body;
      expect(shipped.map((x: { id: string }) => x.id)).toEqual(['michmech-es']);
      expect(shipped[0]).toMatchObject({ format: 'lemma-form', license: 'ODbL 1.0' });
      const item = { ...shipped[0], id: 'test-es', url: `${url}/lemmatization-es.txt` };
      catalogueSlot.set(s.core.services, [item, { ...item, id: 'missing', url: `${url}/nothing.txt` }]);
      const res = await s.client.post('/api/v1/lemmas/download', { language_id: lg, source_id: 'test-es' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.pairs).toBe(4);
      expect(fs.readFileSync(path.join(s.core.dataDir, 'lemma-dictionaries', 'es_lemmas.tsv'), 'utf8')).toContain('\nfuimos\tir\n');
      const bad = await s.client.post('/api/v1/lemmas/download', { language_id: lg, source_id: 'missing' });
      expect(bad.status).toBe(502);
      expect(bad.body.error).toBe('Could not download Spanish lemmatization list (michmech): the list is no longer at its address.');
      // A mirror (setting) serves the same file name from elsewhere.
      await s.client.post('/api/v1/settings', { key: 'lemmaListsMirrorUrl', value: `${url}/` });
      catalogueSlot.set(s.core.services, [{ ...item, url: 'https://example.invalid/lists/lemmatization-es.txt' }]);
      expect((await s.client.post('/api/v1/lemmas/download', { language_id: lg, source_id: 'test-es' })).body.pairs).toBe(4);
      expect((await s.client.post('/api/v1/lemmas/download', { language_id: lg, source_id: 'nope' })).status).toBe(404);
    } finally {
      await s.close();
      server.close();
    }
  });
});
