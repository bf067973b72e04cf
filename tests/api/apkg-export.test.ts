import crypto from 'node:crypto';
import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import JSZip from 'jszip';
import { setSqlJsLoader, defaultSqlJsLoader } from '../../src-main/modules/apkg/sqljs';
import { openPackage } from '../../src-main/modules/apkg/package-reader';
import { LEGACY_STUB_TEXT } from '../../src-main/modules/apkg/package-writer';
import { fixture, hasFixtures, insertForeignLanguage } from '../helpers/core';
import { insertTerm, openCollection, rows, testSqlJs, unzip } from '../helpers/apkg';

let ids: Record<string, number>;

const s = withServer({ language: { LgName: 'German' } });
beforeAll(async () => {
  ids = {
    haus: insertTerm(s.core, s.languageId, {
      text: 'Haus',
      status: 2,
      translation: 'house',
      notes: 'n. <neuter>',
      sentence: 'Das Haus ist rot.',
      tags: ['noun', 'basic vocab'],
    }),
    apfel: insertTerm(s.core, s.languageId, { text: 'Apfel', status: 5, translation: 'apple', romanization: 'AP-fel', sentence: 'Ein {Apfel} am Tag.' }),
    zebra: insertTerm(s.core, s.languageId, { text: 'Zebra', status: 98, translation: '', sentence: 'Kein Bezug hier.' }),
    aerger: insertTerm(s.core, s.languageId, { text: 'Ärger', status: 99, translation: '*' }),
    mitte: insertTerm(s.core, s.languageId, { text: 'in der Mitte', status: 1, translation: 'in the middle\nat the centre' }),
  };
});

async function exportGerman(query = `?lang_id=${s.languageId}`) {
  const res = await s.client.get(`/vocabulary/apkg/export${query}`);
  expect(res.status, res.text).toBe(200);
  return res;
}

describe('apkg export', () => {
  it('streams lectio-{language}-{date}.apkg: the collection as anki21, a schema-11 "please update" anki2 stub, an empty media map', async () => {
    const res = await exportGerman();
    expect(res.headers.get('content-disposition')).toContain('filename="lectio-German-2026-03-15.apkg"');
    const zip = await unzip(res.body);
    expect(Object.keys(zip.files).sort()).toEqual(['collection.anki2', 'collection.anki21', 'media']);
    expect(await zip.file('media')!.async('string')).toBe('{}');
    // The full collection is deflated (the stub is stored, as Anki stores it).
    const [fullBytes, stubBytes] = await Promise.all(['collection.anki21', 'collection.anki2'].map((n) => zip.file(n)!.async('uint8array')));
    expect(res.body.length - stubBytes.length).toBeLessThan(fullBytes.length / 2);
    const full = await openCollection(res.body);
    expect(rows(full, 'SELECT count(*) AS n FROM notes')[0].n).toBe(5);
    // As in Anki's own legacy exports, collection.anki2 is read only by clients too old for anki21.
    const stub = await openCollection(res.body, 'collection.anki2');
    expect(rows(stub, 'SELECT ver FROM col')[0].ver).toBe(11);
    expect(rows(stub, 'SELECT flds FROM notes').map((n) => n.flds.split('\x1f')[0])).toEqual([LEGACY_STUB_TEXT]);
    expect(rows(stub, 'SELECT count(*) AS n FROM cards')[0].n).toBe(1);
  });

  it('writes the Lectio Term note type, its template and the nested decks into a schema-11 collection', async () => {
    const db = await openCollection((await exportGerman()).body);
    const col = rows(db, 'SELECT * FROM col')[0];
    expect(col.ver).toBe(11);
    const models = JSON.parse(col.models);
    expect(Object.keys(models)).toEqual(['1607392319000']);
    const model = models['1607392319000'];
    expect(model).toMatchObject({ id: 1607392319000, name: 'Lectio Term', type: 0, sortf: 0 });
    expect(model.flds.map((f: { name: string; ord: number }) => [f.ord, f.name])).toEqual([
      [0, 'Term'],
      [1, 'Translation'],
      [2, 'Romanization'],
      [3, 'Notes'],
      [4, 'LectioId'],
    ]);
    expect(model.tmpls).toHaveLength(1);
    expect(model.tmpls[0].qfmt).toMatch(/\{\{Term\}\}[\s\S]*\{\{#Romanization\}\}[\s\S]*\{\{Romanization\}\}[\s\S]*\{\{\/Romanization\}\}/);
    expect(model.tmpls[0].afmt).toMatch(/\{\{FrontSide\}\}[\s\S]*\{\{Translation\}\}[\s\S]*\{\{#Notes\}\}[\s\S]*\{\{Notes\}\}[\s\S]*\{\{\/Notes\}\}/);
    const decks = Object.values(JSON.parse(col.decks)) as { id: number; name: string }[];
    expect(decks.map((d) => d.name).sort()).toEqual(['Default', 'Lectio', 'Lectio::German']);
    const languageDeck = decks.find((d) => d.name === 'Lectio::German')!;
    expect(model.did).toBe(languageDeck.id);
    expect(Object.keys(JSON.parse(col.dconf))).toEqual(['1']);
    expect(JSON.parse(col.tags)).toEqual({ basic_vocab: 0, noun: 0 });
    const cardDecks = rows(db, 'SELECT DISTINCT did FROM cards').map((r) => r.did);
    expect(cardDecks).toEqual([languageDeck.id]);
  });

  it('writes one note per term, sorted by WoText, with guid, fields, sfld, csum and tags', async () => {
    const db = await openCollection((await exportGerman()).body);
    const notes = rows(db, 'SELECT * FROM notes ORDER BY id');
    expect(notes.map((n) => n.sfld)).toEqual(['Apfel', 'Haus', 'Zebra', 'in der Mitte', 'Ärger']);
    for (const n of notes) {
      const fields = n.flds.split('\x1f');
      expect(fields).toHaveLength(5);
      expect(n.guid).toBe(`lectio-${fields[4]}`);
      expect(n.mid).toBe(1607392319000);
      expect(n.csum).toBe(parseInt(crypto.createHash('sha1').update(n.sfld).digest('hex').slice(0, 8), 16));
    }
    const byGuid = Object.fromEntries(notes.map((n) => [n.guid, { ...n, fields: n.flds.split('\x1f') }]));
    const haus = byGuid[`lectio-${ids.haus}`];
    expect(haus.fields.slice(0, 3)).toEqual(['Haus', 'house', '']);
    // Notes escaped as HTML; the example sentence follows with braces added around the word.
    expect(haus.fields[3]).toBe('n. &lt;neuter&gt;<div class="lectio-sentence">Das <b>Haus</b> ist rot.</div>');
    expect(haus.fields[4]).toBe(String(ids.haus));
    expect(haus.tags).toBe(' basic_vocab noun ');
    const apfel = byGuid[`lectio-${ids.apfel}`];
    expect(apfel.fields[2]).toBe('AP-fel');
    expect(apfel.fields[3]).toBe('<div class="lectio-sentence">Ein <b>Apfel</b> am Tag.</div>');
    expect(apfel.tags).toBe('');
    // Empty (and "*") translations stay empty; a sentence without the word is left out.
    expect(byGuid[`lectio-${ids.zebra}`].fields[1]).toBe('');
    expect(byGuid[`lectio-${ids.zebra}`].fields[3]).toBe('');
    expect(byGuid[`lectio-${ids.aerger}`].fields[1]).toBe('');
    expect(byGuid[`lectio-${ids.mitte}`].fields[1]).toBe('in the middle<br>at the centre');
  });

  it('makes new cards, suspending 98 and 99, with no scheduling', async () => {
    const db = await openCollection((await exportGerman()).body);
    const cards = rows(db, 'SELECT n.guid, c.* FROM cards c JOIN notes n ON n.id = c.nid');
    expect(cards).toHaveLength(5);
    const queue = Object.fromEntries(cards.map((c) => [c.guid, c.queue]));
    expect(queue).toEqual({
      [`lectio-${ids.haus}`]: 0,
      [`lectio-${ids.apfel}`]: 0,
      [`lectio-${ids.mitte}`]: 0,
      [`lectio-${ids.zebra}`]: -1,
      [`lectio-${ids.aerger}`]: -1,
    });
    for (const c of cards)
      expect({ type: c.type, ord: c.ord, ivl: c.ivl, factor: c.factor, reps: c.reps, lapses: c.lapses }).toEqual({
        type: 0,
        ord: 0,
        ivl: 0,
        factor: 0,
        reps: 0,
        lapses: 0,
      });
    expect(rows(db, 'SELECT count(*) AS n FROM revlog')[0].n).toBe(0);
    // New-card queue order (due) follows the note order, i.e. WoText.
    expect(rows(db, 'SELECT n.sfld FROM cards c JOIN notes n ON n.id = c.nid ORDER BY c.due').map((r) => r.sfld)).toEqual([
      'Apfel',
      'Haus',
      'Zebra',
      'in der Mitte',
      'Ärger',
    ]);
    expect(rows(db, 'SELECT min(due) AS lo, max(due) AS hi FROM cards')[0]).toEqual({ lo: 1, hi: 5 });
  });

  it('restricts POST exports to marked[] (form or JSON); an empty marked[] means every term', async () => {
    const form = await s.client.request('POST', '/vocabulary/apkg/export', {
      form: { lang_id: String(s.languageId), 'marked[]': [String(ids.haus), String(ids.zebra)] },
    });
    expect(form.status, form.text).toBe(200);
    let db = await openCollection(form.body);
    expect(rows(db, 'SELECT sfld FROM notes ORDER BY id').map((r) => r.sfld)).toEqual(['Haus', 'Zebra']);
    const json = await s.client.post('/vocabulary/apkg/export', { lang_id: s.languageId, marked: [ids.apfel] });
    db = await openCollection(json.body);
    expect(rows(db, 'SELECT sfld FROM notes').map((r) => r.sfld)).toEqual(['Apfel']);
    const empty = await s.client.request('POST', '/vocabulary/apkg/export', { form: { lang_id: String(s.languageId), 'marked[]': '' } });
    db = await openCollection(empty.body);
    expect(rows(db, 'SELECT count(*) AS n FROM notes')[0].n).toBe(5);
    const bad = await s.client.post('/vocabulary/apkg/export', { lang_id: s.languageId, marked: ['x'] });
    expect(bad.status).toBe(400);
  });

  it('refuses a language with no terms with the spec message', async () => {
    const empty = (await s.client.post('/api/v1/languages', { LgName: 'Esperanto' })).body.LgID;
    const res = await s.client.get(`/vocabulary/apkg/export?lang_id=${empty}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('No terms to export for language Esperanto');
  });

  it('treats foreign languages and foreign terms as missing', async () => {
    const { languageId, userId } = insertForeignLanguage(s.core, 'Secret');
    const foreignTerm = insertTerm(s.core, languageId, { text: 'geheim', owner: userId });
    expect((await s.client.get(`/vocabulary/apkg/export?lang_id=${languageId}`)).status).toBe(404);
    const res = await s.client.post('/vocabulary/apkg/export', { lang_id: s.languageId, marked: [foreignTerm] });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('No terms to export for language German');
  });

  it('defaults to the current language, and asks for one when it cannot tell', async () => {
    const ambiguous = await s.client.get('/vocabulary/apkg/export');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error).toMatch(/lang_id is required/);
    await s.client.post('/api/v1/settings', { key: 'currentLanguage', value: String(s.languageId) });
    const res = await exportGerman('');
    expect(res.headers.get('content-disposition')).toContain('lectio-German-');
    await s.client.post('/api/v1/settings', { key: 'currentLanguage', value: '' });
  });

  it('re-reads its own package with the reader used for fixture packages', async () => {
    const SQL = await testSqlJs();
    const pkg = await openPackage(SQL, (await exportGerman()).body);
    try {
      expect(pkg.generation).toBe('collection.anki21');
      expect(pkg.schemaVersion).toBe(11);
      expect(pkg.noteTypes.get(1607392319000)?.fields).toEqual(['Term', 'Translation', 'Romanization', 'Notes', 'LectioId']);
      expect([...pkg.notes()].map((n) => n.fields[0])).toEqual(['Apfel', 'Haus', 'Zebra', 'in der Mitte', 'Ärger']);
    } finally {
      pkg.close();
    }
  });

  it.skipIf(!hasFixtures)('has the same tables, columns and indexes as a schema-11 collection Anki wrote (fixture)', async () => {
    const ours = await openCollection((await exportGerman()).body);
    const theirs = await openCollection(new Uint8Array(fs.readFileSync(fixture('apkg', 'taaltuig_spanish-small.apkg'))));
    const shape = (db: Awaited<ReturnType<typeof openCollection>>, table: string) =>
      rows(db, `PRAGMA table_info(${table})`).map((c) => `${c.name}:${c.type}:${c.notnull}:${c.pk}`);
    for (const table of ['col', 'notes', 'cards', 'revlog']) expect(shape(ours, table), table).toEqual(shape(theirs, table));
    const indexes = (db: Awaited<ReturnType<typeof openCollection>>) =>
      rows(db, "SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'ix_%' ORDER BY name").map((r) => r.name);
    expect(indexes(ours)).toEqual(indexes(theirs));
    // The JSON of a deck, deck config and note type carries every key Anki's own export has at top level
    // (the legacy keys Anki still reads), so older clients find what they look up.
    const colOf = (db: Awaited<ReturnType<typeof openCollection>>) => rows(db, 'SELECT * FROM col')[0];
    const theirDeck = Object.values(JSON.parse(colOf(theirs).decks))[0] as object;
    const ourDeck = Object.values(JSON.parse(colOf(ours).decks))[0] as object;
    const legacyDeckKeys = Object.keys(theirDeck).filter((k) => !/Limit|browserCollapsed/.test(k));
    for (const k of legacyDeckKeys) expect(ourDeck, `deck key ${k}`).toHaveProperty(k);
    const theirModel = Object.values(JSON.parse(colOf(theirs).models))[0] as Record<string, unknown>;
    const ourModel = Object.values(JSON.parse(colOf(ours).models))[0] as Record<string, unknown>;
    for (const k of Object.keys(theirModel).filter((k) => k !== 'originalStockKind')) expect(ourModel, `model key ${k}`).toHaveProperty(k);
  });
});

describe('apkg without SQLite support', () => {
  it('stops export and import with a message naming the requirement; other endpoints keep working', async () => {
    setSqlJsLoader(s.core.services, () => Promise.reject(new Error('WebAssembly.instantiate(): out of memory')));
    try {
      const exp = await s.client.get(`/vocabulary/apkg/export?lang_id=${s.languageId}`);
      expect(exp.status).toBe(503);
      expect(exp.body.error).toMatch(/^Anki packages need SQLite support \(sql\.js WebAssembly\), which failed to load: .*out of memory/);
      const zip = new JSZip();
      zip.file('collection.anki21', 'x');
      const imp = await s.client.upload('/vocabulary/apkg/import', { name: 'a.apkg', data: await zip.generateAsync({ type: 'uint8array' }) });
      expect(imp.status).toBe(503);
      expect(imp.body.error).toMatch(/SQLite support/);
      expect((await s.client.get('/api/v1/languages')).status).toBe(200);
      expect((await s.client.get('/api/v1/settings')).status).toBe(200);
    } finally {
      setSqlJsLoader(s.core.services, defaultSqlJsLoader);
    }
    expect((await s.client.get(`/vocabulary/apkg/export?lang_id=${s.languageId}`)).status).toBe(200);
  });
});
