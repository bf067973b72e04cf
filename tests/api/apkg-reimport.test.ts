import fs from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { decompress } from 'fzstd';
import JSZip from 'jszip';
import { on } from '../../src-main/core/events';
import { fixture, hasFixtures, insertForeignLanguage } from '../helpers/core';
import { insertTerm, openCollection, rows, termRow, termTags, testSqlJs, zipCollection, zstdStored } from '../helpers/apkg';

let failNextChange = false;
const changeEvents: { kind: string; terms: { WoID: number; WoStatus: number }[]; before?: { WoID: number; WoStatus: number }[] }[] = [];
const s = withServer({ language: { LgName: 'German' } });
beforeAll(() => {
  on(s.core, 'terms.changed', (_ctx, payload) => {
    if (failNextChange) {
      failNextChange = false;
      throw new Error('listener failed');
    }
    changeEvents.push(payload);
  });
});
beforeEach(() => {
  s.core.sqlite.exec('DELETE FROM words; DELETE FROM tags;');
  changeEvents.length = 0;
});

async function exported(): Promise<Uint8Array> {
  const res = await s.client.get(`/vocabulary/apkg/export?lang_id=${s.languageId}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const noteOf = (db: Awaited<ReturnType<typeof openCollection>>, termId: number) => rows(db, 'SELECT * FROM notes WHERE guid = ?', [`lectio-${termId}`])[0];
function setField(db: Awaited<ReturnType<typeof openCollection>>, termId: number, index: number, value: string) {
  const fields = noteOf(db, termId).flds.split('\x1f');
  fields[index] = value;
  db.run('UPDATE notes SET flds = ? WHERE guid = ?', [fields.join('\x1f'), `lectio-${termId}`]);
}
const suspend = (db: Awaited<ReturnType<typeof openCollection>>, termId: number, queue = -1) =>
  db.run('UPDATE cards SET queue = ? WHERE nid = (SELECT id FROM notes WHERE guid = ?)', [queue, `lectio-${termId}`]);

const reimport = (data: Uint8Array, name = 'back.apkg') => s.client.upload('/vocabulary/apkg/import', { name, data });

describe('apkg re-import', () => {
  it('round trip: suspended demotes 1-5 to 98, fields and tags are applied, unsuspending never promotes', async () => {
    const learning = insertTerm(s.core, s.languageId, {
      text: 'Haus',
      status: 3,
      translation: 'house',
      notes: 'old note',
      sentence: 'Das Haus.',
      tags: ['noun', 'a1'],
    });
    const edited = insertTerm(s.core, s.languageId, { text: 'Apfel', status: 2, translation: 'apple' });
    const ignored = insertTerm(s.core, s.languageId, { text: 'der', status: 98 });
    const known = insertTerm(s.core, s.languageId, { text: 'und', status: 99 });
    const untouched = insertTerm(s.core, s.languageId, { text: 'Baum', status: 1, translation: 'tree', tags: ['noun'] });
    const db = await openCollection(await exported());

    suspend(db, learning);
    setField(db, edited, 1, 'apple, <b>fruit</b>');
    setField(db, edited, 2, 'AP-fel');
    // Anki's editor keeps our sentence block and appends the user's edit to the notes.
    setField(db, learning, 3, 'new note<br>second line<div class="lectio-sentence">Das <b>{Haus}</b>.</div>');
    db.run("UPDATE notes SET tags = ' noun house_words ' WHERE guid = ?", [`lectio-${learning}`]);
    suspend(db, ignored, 0);
    suspend(db, known, 0);

    const res = await reimport(await zipCollection(db));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ notes: 5, updated: 2, unchanged: 3, demoted: 1, skipped_no_id: 0, skipped_term_not_found: 0 });
    expect(res.body.summary).toContain('skipped (no Lectio id): 0');
    expect(res.body.summary).toContain('skipped (term not found): 0');

    expect(termRow(s.core, learning)).toMatchObject({ WoStatus: 98, WoNotes: 'new note\nsecond line', WoSentence: 'Das Haus.', WoTranslation: 'house' });
    expect(termTags(s.core, learning)).toEqual(['house_words', 'noun']);
    expect(termRow(s.core, edited)).toMatchObject({ WoStatus: 2, WoTranslation: 'apple, fruit', WoRomanization: 'AP-fel' });
    expect(termRow(s.core, ignored)!.WoStatus).toBe(98);
    expect(termRow(s.core, known)!.WoStatus).toBe(99);
    expect(termRow(s.core, untouched)).toMatchObject({ WoStatus: 1, WoTranslation: 'tree', WoModified: 1 });
    expect(termTags(s.core, untouched)).toEqual(['noun']);
    expect(termRow(s.core, learning)!.WoStatusChanged).toBe(s.core.clock.now());

    // One event for the whole import, with the rows before and after.
    expect(changeEvents).toHaveLength(1);
    expect(changeEvents[0].kind).toBe('updated');
    expect(changeEvents[0].terms.find((t) => t.WoID === learning)?.WoStatus).toBe(98);
    expect(changeEvents[0].before?.find((t) => t.WoID === learning)?.WoStatus).toBe(3);

    // Running it again changes nothing.
    const again = await reimport(await zipCollection(db));
    expect(again.body).toMatchObject({ updated: 0, unchanged: 5, demoted: 0 });
  });

  it('skips notes without a Lectio id and notes whose term is gone; never creates or deletes', async () => {
    const kept = insertTerm(s.core, s.languageId, { text: 'Hund', status: 2 });
    const gone = insertTerm(s.core, s.languageId, { text: 'Katze', status: 2 });
    const dropped = insertTerm(s.core, s.languageId, { text: 'Maus', status: 2 });
    const db = await openCollection(await exported());
    s.core.sqlite.prepare('DELETE FROM words WHERE WoID = ?').run(gone);
    // A note made in Anki: our note type, but a guid of Anki's and an empty LectioId.
    const template = noteOf(db, kept);
    db.run('INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,?,?)', [
      template.id + 1000,
      'Ab3#xYz!q',
      template.mid,
      0,
      0,
      '',
      'Vogel\x1fbird\x1f\x1f\x1f',
      'Vogel',
      0,
      0,
      '',
    ]);
    // A deletion in Anki.
    db.run('DELETE FROM cards WHERE nid = (SELECT id FROM notes WHERE guid = ?)', [`lectio-${dropped}`]);
    db.run('DELETE FROM notes WHERE guid = ?', [`lectio-${dropped}`]);

    const res = await reimport(await zipCollection(db));
    expect(res.body).toMatchObject({ notes: 3, updated: 0, unchanged: 1, skipped_no_id: 1, skipped_term_not_found: 1 });
    expect(s.core.sqlite.prepare('SELECT WoText FROM words ORDER BY WoText').pluck().all()).toEqual(['Hund', 'Maus']);
  });

  it('finds the term by guid when the LectioId field was cleared, and by LectioId when the guid changed', async () => {
    const byGuid = insertTerm(s.core, s.languageId, { text: 'eins', status: 1 });
    const byField = insertTerm(s.core, s.languageId, { text: 'zwei', status: 1 });
    const db = await openCollection(await exported());
    setField(db, byGuid, 4, '');
    setField(db, byGuid, 1, 'one');
    db.run("UPDATE notes SET guid = 'other-guid' WHERE guid = ?", [`lectio-${byField}`]);
    suspend(db, byGuid);
    db.run("UPDATE cards SET queue = -1 WHERE nid = (SELECT id FROM notes WHERE guid = 'other-guid')");
    const res = await reimport(await zipCollection(db));
    expect(res.body).toMatchObject({ updated: 2, demoted: 2, skipped_no_id: 0 });
    expect(termRow(s.core, byGuid)).toMatchObject({ WoStatus: 98, WoTranslation: 'one' });
    expect(termRow(s.core, byField)!.WoStatus).toBe(98);
  });

  it('treats foreign terms as not found', async () => {
    const mine = insertTerm(s.core, s.languageId, { text: 'mein', status: 2 });
    const db = await openCollection(await exported());
    const { languageId, userId } = insertForeignLanguage(s.core, 'Theirs');
    const theirs = insertTerm(s.core, languageId, { text: 'dein', status: 2, owner: userId });
    // Point our note at their term.
    setField(db, mine, 4, String(theirs));
    db.run('UPDATE notes SET guid = ? WHERE guid = ?', [`lectio-${theirs}`, `lectio-${mine}`]);
    suspend(db, theirs);
    db.run('UPDATE cards SET queue = -1');
    const res = await reimport(await zipCollection(db));
    expect(res.body).toMatchObject({ updated: 0, skipped_term_not_found: 1 });
    expect(termRow(s.core, theirs)!.WoStatus).toBe(2);
  });

  it('leaves off tags longer than 20 characters and counts them', async () => {
    const t = insertTerm(s.core, s.languageId, { text: 'lang', status: 1 });
    const db = await openCollection(await exported());
    db.run('UPDATE notes SET tags = ? WHERE guid = ?', [` ok ${'x'.repeat(21)} `, `lectio-${t}`]);
    const res = await reimport(await zipCollection(db));
    expect(res.body).toMatchObject({ updated: 1, skipped_tags: 1 });
    expect(termTags(s.core, t)).toEqual(['ok']);
  });

  it('rolls everything back when applying fails part way', async () => {
    const a = insertTerm(s.core, s.languageId, { text: 'alpha', status: 2, translation: 'a' });
    const db = await openCollection(await exported());
    setField(db, a, 1, 'changed');
    suspend(db, a);
    failNextChange = true;
    const res = await reimport(await zipCollection(db));
    expect(res.status).toBe(500);
    expect(termRow(s.core, a)).toMatchObject({ WoStatus: 2, WoTranslation: 'a' });
  });

  it('refuses bad uploads clearly and changes nothing', async () => {
    const t = insertTerm(s.core, s.languageId, { text: 'bleibt', status: 2, translation: 'stays' });
    const cases: [string, Uint8Array, RegExp][] = [
      ['not a zip', new TextEncoder().encode('hello, I am text'), /not a zip archive/],
      ['empty', new Uint8Array(0), /empty/],
    ];
    const noCollection = new JSZip();
    noCollection.file('media', '{}');
    cases.push(['no collection', await noCollection.generateAsync({ type: 'uint8array' }), /no collection\.anki2/]);
    const garbage = new JSZip();
    garbage.file('collection.anki21', 'this is not sqlite at all, just text '.repeat(200));
    cases.push(['garbage collection', await garbage.generateAsync({ type: 'uint8array' }), /not a readable Anki collection/]);
    const badZstd = new JSZip();
    badZstd.file('collection.anki21b', 'not zstd');
    cases.push(['bad zstd', await badZstd.generateAsync({ type: 'uint8array' }), /not valid zstd/]);
    for (const [label, data, message] of cases) {
      const res = await reimport(data);
      expect(res.status, label).toBe(400);
      expect(res.body.error, label).toMatch(message);
    }
    const missing = await s.client.request('POST', '/vocabulary/apkg/import', { multipart: new FormData() });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/file/);
    expect(termRow(s.core, t)).toMatchObject({ WoStatus: 2, WoTranslation: 'stays' });
  });

  it('answers the same at /api/v1/apkg/import, and GET /vocabulary/apkg/import is the upload page', async () => {
    insertTerm(s.core, s.languageId, { text: 'api', status: 2 });
    const res = await s.client.upload('/api/v1/apkg/import', { name: 'x.apkg', data: await exported() });
    expect(res.status).toBe(200);
    expect(res.body.unchanged).toBe(1);
    const page = await s.client.get('/vocabulary/apkg/import');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe.skipIf(!hasFixtures)('apkg re-import of the newest package generation (needs ../shared/fixtures)', () => {
  it('reads collection.anki21b (zstd, schema 18) as Anki 23+ exports it, matching notes by guid', async () => {
    const apple = insertTerm(s.core, s.languageId, { text: 'apple', status: 3 });
    const book = insertTerm(s.core, s.languageId, { text: 'book', status: 99 });
    // The fixture's schema-18 collection, with two notes carrying our guids and their cards suspended.
    const zip = await JSZip.loadAsync(fs.readFileSync(fixture('apkg', 'mujing_Alphabet_Word.apkg')));
    const SQL = await testSqlJs();
    const db = new SQL.Database(decompress(await zip.file('collection.anki21b')!.async('uint8array')));
    // sfld/tag writes only touch tables without the unicase collation, so no schema change is needed here.
    db.run("UPDATE notes SET guid = ? WHERE sfld = 'apple'", [`lectio-${apple}`]);
    db.run("UPDATE notes SET guid = ? WHERE sfld = 'book'", [`lectio-${book}`]);
    db.run("UPDATE cards SET queue = -1 WHERE nid IN (SELECT id FROM notes WHERE sfld IN ('apple', 'book'))");
    const out = new JSZip();
    out.file('collection.anki21b', zstdStored(db.export()));
    out.file('collection.anki2', await zip.file('collection.anki2')!.async('uint8array'));
    out.file('meta', await zip.file('meta')!.async('uint8array'));
    const res = await reimport(await out.generateAsync({ type: 'uint8array' }));
    expect(res.status, res.text).toBe(200);
    // 26 notes read from the newest collection (the anki2 stub holds 1): 2 ours, 24 made in Anki.
    expect(res.body).toMatchObject({ notes: 26, updated: 1, unchanged: 1, demoted: 1, skipped_no_id: 24, skipped_term_not_found: 0 });
    expect(termRow(s.core, apple)!.WoStatus).toBe(98);
    expect(termRow(s.core, book)!.WoStatus).toBe(99);
  });
});
