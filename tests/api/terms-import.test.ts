import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { readFileSync } from 'node:fs';
import { fixture } from '../helpers/core';

const count = () => s.core.sqlite.prepare('SELECT count(*) FROM words').pluck().get() as number;
const utf8 = (t: string) => new TextEncoder().encode(t);

const s = withServer({ language: { LgName: 'Spanish' }, env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });

describe('term import', () => {
  it('previews a file: delimiter, header and roles guessed', async () => {
    const res = await s.client.upload(
      '/api/v1/terms/import/preview',
      { name: 'v.csv', data: utf8('Word;Meaning;Tags\ncasa;house;a\n') },
      { language_id: String(s.languageId) },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ delimiter: 'semicolon', has_header: true, columns: 3, roles: ['term', 'translation', 'tags'], rows: 1 });
  });

  it('imports an uploaded TSV with BOM and CRLF, column mapping, tags and statuses', async () => {
    const file = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('perro\tdog\tanimal,A1\t2\r\ngatos\tcats\tanimal\t\r\n\r\n# comment\r\n')]);
    const res = await s.client.upload(
      '/api/v1/terms/import',
      { name: 'words.tsv', data: file },
      { language_id: String(s.languageId), columns: 'term,translation,tags,status', has_header: '0' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, created: 2, updated: 0, skipped: 0, total: 2 });
    const perro = (await s.client.get(`/api/v1/terms?language_id=${s.languageId}&q=perro`)).body.terms[0];
    expect(perro).toMatchObject({ WoText: 'perro', WoTextLC: 'perro', WoTranslation: 'dog', WoStatus: 2, TermTags: ['A1', 'animal'] });
    const gatos = (await s.client.get(`/api/v1/terms?language_id=${s.languageId}&q=gatos`)).body.terms[0];
    expect(gatos.WoStatus).toBe(1);
  });

  it('imports pasted CSV with quotes and a lemma column; skips duplicates by default', async () => {
    const text = 'term,translation,lemma\nPerro,"dog, hound",\ncasas,"houses",casa\ncasas,again,\n';
    const res = await s.client.post('/api/v1/terms/import', { language_id: s.languageId, text });
    expect(res.body).toMatchObject({ created: 1, updated: 0, skipped: 2 });
    const casas = (await s.client.get(`/api/v1/terms?language_id=${s.languageId}&q=casas`)).body.terms[0];
    expect(casas).toMatchObject({ WoTranslation: 'houses', WoLemma: 'casa' });
    expect((await s.client.get(`/api/v1/terms?language_id=${s.languageId}&q=perro`)).body.terms[0].WoTranslation).toBe('dog');
  });

  it('overwrites duplicates when asked, moving WoStatusChanged only when the status changes', async () => {
    s.core.clock.advance(1000);
    const res = await s.client.post('/api/v1/terms/import', {
      language_id: s.languageId,
      text: 'term,translation,status,tags\nperro,hound,2,\ngatos,felines,3,pets\n',
      duplicates: 'overwrite',
    });
    expect(res.body).toMatchObject({ created: 0, updated: 2, skipped: 0 });
    const perro = (await s.client.get(`/api/v1/terms?language_id=${s.languageId}&q=perro`)).body.terms[0];
    expect(perro).toMatchObject({ WoTranslation: 'hound', WoStatus: 2, TermTags: [] });
    expect(perro.WoStatusChanged).toBeLessThan(s.core.clock.now());
    const gatos = (await s.client.get(`/api/v1/terms?language_id=${s.languageId}&q=gatos`)).body.terms[0];
    expect(gatos).toMatchObject({ WoTranslation: 'felines', WoStatus: 3, WoStatusChanged: s.core.clock.now(), TermTags: ['pets'] });
  });

  it("GET /api/v1/terms/imported returns the last import's terms, paged", async () => {
    const res = await s.client.get('/api/v1/terms/imported?per_page=1');
    expect(res.body.total).toBe(2);
    expect(res.body.terms).toHaveLength(1);
    expect(res.body.pages).toBe(2);
    const all = await s.client.get('/api/v1/terms/imported');
    expect(all.body.terms.map((t: { WoText: string }) => t.WoText).sort()).toEqual(['gatos', 'perro']);
  });

  it('imports 1,200 rows (three batches of 500) in one go', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `palabra${i}\tword ${i}`).join('\n');
    const res = await s.client.post('/api/v1/terms/import', { language_id: s.languageId, text: rows, delimiter: 'tab', columns: ['term', 'translation'] });
    expect(res.body).toMatchObject({ created: 1200, total: 1200 });
    expect((await s.client.get('/api/v1/terms/imported')).body.total).toBe(1200);
  });

  it('refuses UTF-16 and UTF-32 files asking for UTF-8, and writes nothing', async () => {
    const before = count();
    const utf16 = new Uint8Array([0xff, 0xfe, ...[...'uno\tone\n'].flatMap((c) => [c.charCodeAt(0), 0])]);
    const r16 = await s.client.upload('/api/v1/terms/import', { name: 'x.tsv', data: utf16 }, { language_id: String(s.languageId) });
    expect(r16.status).toBe(400);
    expect(r16.body.error).toMatch(/UTF-16.*save the file as UTF-8/);
    const utf32 = new Uint8Array([0xff, 0xfe, 0, 0, ...[...'uno\tone\n'].flatMap((c) => [c.charCodeAt(0), 0, 0, 0])]);
    const r32 = await s.client.upload('/api/v1/terms/import', { name: 'x.tsv', data: utf32 }, { language_id: String(s.languageId) });
    expect(r32.body.error).toMatch(/UTF-32/);
    expect(count()).toBe(before);
  });

  it('a bad row anywhere refuses the whole import with its line number, nothing half-written', async () => {
    const before = count();
    const good = Array.from({ length: 700 }, (_, i) => `bueno${i},good,1`).join('\n');
    const res = await s.client.post('/api/v1/terms/import', { language_id: s.languageId, text: `${good}\nmalo,bad,9\n`, columns: 'term,translation,status' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Nothing was imported.*line 701: "9" is not a status/);
    // Each row's problem also by code, for the interface language (issue 20).
    expect(res.body.errors).toEqual([{ line: 701, message: '"9" is not a status (use 1-5, 98 or 99)', code: 'import.badStatus', params: { status: '9' } }]);
    const longTag = await s.client.post('/api/v1/terms/import', { language_id: s.languageId, text: 'uno,abcdefghijklmnopqrstu', columns: 'term,tags' });
    expect(longTag.body.error).toMatch(/longer than 20/);
    expect(count()).toBe(before);
  });

  it('refuses other bad input clearly', async () => {
    expect((await s.client.post('/api/v1/terms/import', { language_id: s.languageId })).body.error).toMatch(/Choose a file or paste/);
    expect((await s.client.post('/api/v1/terms/import', { language_id: s.languageId, text: 'a,b', columns: 'translation,notes' })).body.error).toMatch(
      /which column holds the term/,
    );
    expect((await s.client.post('/api/v1/terms/import', { language_id: s.languageId, text: 'a,b', columns: 'term,banana' })).status).toBe(400);
    expect((await s.client.post('/api/v1/terms/import', { language_id: 999999, text: 'a,b' })).status).toBe(404);
    const notUtf8 = await s.client.upload(
      '/api/v1/terms/import',
      { name: 'x.csv', data: new Uint8Array([0x61, 0xe4, 0x62]) },
      { language_id: String(s.languageId) },
    );
    expect(notUtf8.body.error).toMatch(/not valid UTF-8/);
  });

  it('rows and tags are owned by the importing user', async () => {
    const owners = s.core.sqlite.prepare('SELECT DISTINCT WoUsID FROM words').pluck().all();
    const tagOwners = s.core.sqlite.prepare('SELECT DISTINCT TgUsID FROM tags').pluck().all();
    expect(owners).toEqual([null]);
    expect(tagOwners).toEqual([null]);
  });

  it('imports JSON vocabulary (a list of objects, pairs, an object of term → translation), HTML made text; junk refused', async () => {
    const fr = (await s.client.post('/api/v1/languages', { LgName: 'French' })).body.LgID;
    const list = JSON.stringify([
      { term: 'maison', translation: '<p>house</p><p>home</p>', tags: ['noun', 'A1'], status: 2 },
      { term: 'chat', translation: '<ul><li>cat</li><li>tomcat</li></ul>' },
    ]);
    const preview = await s.client.upload('/api/v1/terms/import/preview', { name: 'words.json', data: utf8(list) }, { language_id: String(fr) });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ has_header: true, roles: ['term', 'translation', 'tags', 'status'], rows: 2 });
    // The preview shows cells as they will be imported, not as raw tags.
    expect(preview.body.sample[1]).toEqual(['maison', 'house\nhome', 'noun, A1', '2']);
    const res = await s.client.upload('/api/v1/terms/import', { name: 'words.json', data: utf8(list) }, { language_id: String(fr) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (text: string) =>
      s.core.sqlite.prepare('SELECT WoTranslation AS t, WoStatus AS st FROM words WHERE WoLgID = ? AND WoText = ?').get(fr, text) as { t: string; st: number };
    expect(row('maison')).toEqual({ t: 'house\nhome', st: 2 });
    expect(row('chat').t).toBe('cat; tomcat');

    // Pasted pairs and an object map work too (pyglossary's ##name keys are metadata).
    expect((await s.client.post('/api/v1/terms/import', { language_id: fr, text: '[["chien", "dog"]]' })).status).toBe(200);
    expect(row('chien').t).toBe('dog');
    const map = utf8('{"##name": "Mots", "pain": "bread"}');
    expect((await s.client.upload('/api/v1/terms/import', { name: 'map.json', data: map }, { language_id: String(fr) })).status).toBe(200);
    expect(row('pain').t).toBe('bread');
    expect(row('##name')).toBeUndefined();

    const bad = await s.client.upload('/api/v1/terms/import', { name: 'x.json', data: utf8('[1, 2') }, { language_id: String(fr) });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^This JSON file cannot be read: it is not valid JSON/);
  });

  it('pyglossary CSV: the #name/#copyright rows are not terms, HTML definitions become text (blocks → lines, lists → "; ")', async () => {
    const ja = (await s.client.post('/api/v1/languages', { LgName: 'Japanese' })).body.LgID;
    const data = readFileSync(fixture('vocab', 'pyglossary_100-ja-en.csv'));
    const preview = await s.client.upload('/api/v1/terms/import/preview', { name: 'pyglossary_100-ja-en.csv', data }, { language_id: String(ja) });
    expect(preview.status).toBe(200);
    expect(preview.body.sample[0][0]).toBe('ヽ');
    expect(preview.body.has_header).toBe(false);
    const res = await s.client.upload('/api/v1/terms/import', { name: 'pyglossary_100-ja-en.csv', data }, { language_id: String(ja) });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(100);
    const rows = s.core.sqlite.prepare('SELECT WoText, WoTranslation FROM words WHERE WoLgID = ?').all(ja) as { WoText: string; WoTranslation: string }[];
    expect(rows.filter((r) => r.WoText.startsWith('#'))).toEqual([]);
    expect(rows.filter((r) => /<\/?[a-z]/i.test(r.WoTranslation))).toEqual([]);
    const by = new Map(rows.map((r) => [r.WoText, r.WoTranslation]));
    expect(by.get('ヽ')).toBe('noun (common) (futsuumeishi)\nrepetition mark in katakana');
    expect(by.get('Ｏバック')).toBe('noun (common) (futsuumeishi)\nO-back; skirt with peek-a-boo hole in rump');
    expect(by.get('仝')).toBe('noun (common) (futsuumeishi)\n"as above" mark');
  });
});
