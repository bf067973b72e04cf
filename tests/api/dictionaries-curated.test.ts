// Curated catalogue imports over real HTTP. The catalogue's file is served by a test server on
// 127.0.0.1; the core reaches it only through the explicit test allowance, and a core without the
// allowance refuses the same URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CuratedDictionaryDto } from '../../src-shared/contract/dictionaries';
import { detectUploadFormat } from '../../src-shared/dictionaries/format';
import catalogueFile from '../../resources/curated-dictionaries.json';
import { insertForeignLanguage, startTestServer, type TestServer } from '../helpers/core';
import { pack } from '../helpers/archives';

let files: http.Server;
let filesBase: string;
let s: TestServer;
let guarded: TestServer;
let languageId: number;

const tsv = Buffer.from('Hund\tdog\nKatze\tcat\n\tno headword\n');

function catalogue(): CuratedDictionaryDto[] {
  const item = (id: string, path: string, filename: string): CuratedDictionaryDto => ({
    id,
    name: `Test ${id}`,
    language: 'de',
    target_language: 'en',
    filename,
    url: `${filesBase}${path}`,
    homepage: 'https://example.org/',
    license: 'CC0-1.0',
    attribution: 'Test fixture',
    description: 'Served from 127.0.0.1',
  });
  return [
    item('tsv', '/de-en.tsv', 'de-en.tsv'),
    item('sd', '/redirect-to-bundle', 'bundle.tar.gz'),
    item('gone', '/missing', 'x.tsv'),
    { ...item('fr', '/de-en.tsv', 'fr.tsv'), language: 'fr' },
  ];
}

beforeAll(async () => {
  const ifo = Buffer.from("StarDict's dict ifo file\nversion=2.4.2\nbookname=Curated\nwordcount=1\nsametypesequence=m\n");
  const idx = Buffer.concat([Buffer.from('Haus\0'), Buffer.from([0, 0, 0, 0, 0, 0, 0, 5])]);
  const bundle = await pack('tar.gz', [
    { name: 'c/c.ifo', data: ifo },
    { name: 'c/c.idx', data: idx },
    { name: 'c/c.dict', data: Buffer.from('house') },
  ]);
  files = http.createServer((req, res) => {
    if (req.url === '/de-en.tsv') return res.end(tsv);
    if (req.url === '/redirect-to-bundle') {
      res.writeHead(302, { location: '/bundle.tar.gz' });
      return res.end();
    }
    if (req.url === '/bundle.tar.gz') return res.end(bundle);
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesBase = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;

  s = await startTestServer({ core: { outboundAllowance: { allowHosts: ['127.0.0.1'] } } });
  s.core.services.curatedDictionaries = catalogue();
  guarded = await startTestServer();
  guarded.core.services.curatedDictionaries = catalogue();
  languageId = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
});
afterAll(async () => {
  await s.close();
  await guarded.close();
  files.closeAllConnections();
  files.close();
});

const rows = (t: TestServer) => (t.core.sqlite.prepare('SELECT COUNT(*) AS n FROM local_dictionary_entries').get() as { n: number }).n;

describe('curated dictionaries', () => {
  it('lists the catalogue for the language', async () => {
    const res = await s.client.get(`/api/v1/local-dictionaries/curated?language_id=${languageId}`);
    expect(res.body.map((c: CuratedDictionaryDto) => c.id)).toEqual(['tsv', 'sd', 'gone']);
    expect((await s.client.get('/api/v1/local-dictionaries/curated')).body).toHaveLength(4);
  });

  it('imports a catalogue entry through the fetcher, with source and licence kept', async () => {
    const res = await s.client.post('/api/v1/local-dictionaries/import-curated', { language_id: languageId, catalogue_id: 'tsv' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ format: 'tsv', imported: 2, skipped: 1 });
    expect(res.body.dictionary).toMatchObject({ LdName: 'Test tsv', LdLgID: languageId, LdEntryCount: 2, LdSourceURI: `${filesBase}/de-en.tsv` });
    expect(res.body.dictionary.LdLicense).toContain('CC0-1.0');
    const look = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${languageId}&term=hund`);
    expect(look.body.entries[0].LeDefinition).toBe('dog');
  });

  it('follows a redirect to a StarDict archive', async () => {
    const res = await s.client.post('/api/v1/local-dictionaries/import-curated', { language_id: languageId, catalogue_id: 'sd' });
    expect(res.body).toMatchObject({ format: 'stardict', imported: 1 });
  });

  it('refuses a foreign or missing language with the spec text, and unknown ids', async () => {
    const { languageId: foreign } = insertForeignLanguage(s.core);
    for (const id of [foreign, 0, 424242]) {
      const res = await s.client.post('/api/v1/local-dictionaries/import-curated', { language_id: id, catalogue_id: 'tsv' });
      expect(res.body.error).toBe('Language not found or access denied');
    }
    const unknown = await s.client.post('/api/v1/local-dictionaries/import-curated', { language_id: languageId, catalogue_id: 'nope' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('Curated dictionary not found');
  });

  it('reports a failed download and writes nothing', async () => {
    const before = rows(s);
    const dictionaries = (await s.client.get('/api/v1/local-dictionaries')).body.length;
    const res = await s.client.post('/api/v1/local-dictionaries/import-curated', { language_id: languageId, catalogue_id: 'gone' });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/Download of Test gone failed: .*HTTP 404/);
    expect(rows(s)).toBe(before);
    expect((await s.client.get('/api/v1/local-dictionaries')).body.length).toBe(dictionaries);
  });

  it('cannot reach 127.0.0.1 without the test allowance', async () => {
    const lg = (await guarded.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
    const res = await guarded.client.post('/api/v1/local-dictionaries/import-curated', { language_id: lg, catalogue_id: 'tsv' });
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/private, loopback or reserved address/);
    expect(rows(guarded)).toBe(0);
  });

  it('ships a catalogue of public https sources with licences and importable file names', () => {
    const shipped = (catalogueFile as { dictionaries: CuratedDictionaryDto[] }).dictionaries;
    expect(shipped.length).toBeGreaterThanOrEqual(4);
    expect(new Set(shipped.map((c) => c.id)).size).toBe(shipped.length);
    for (const c of shipped) {
      expect(c.url, c.id).toMatch(/^https:\/\//);
      expect(c.license, c.id).not.toBe('');
      expect(c.attribution, c.id).not.toBe('');
      expect(c.language, c.id).toMatch(/^[a-z]{2}$/);
      expect(() => detectUploadFormat(c.filename), c.id).not.toThrow();
    }
  });
});
