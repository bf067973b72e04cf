import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures, insertForeignLanguage } from '../helpers/core';
import { insertTerm, openCollection, rows, termRow, zipCollection } from '../helpers/apkg';

const languages: Record<string, number> = {};
const apkg = (name: string) => new Uint8Array(fs.readFileSync(fixture('apkg', name)));
const countTerms = (languageId: number) => s.core.sqlite.prepare('SELECT count(*) FROM words WHERE WoLgID = ?').pluck().get(languageId) as number;
const termByText = (languageId: number, text: string) =>
  s.core.sqlite.prepare('SELECT * FROM words WHERE WoLgID = ? AND WoText = ?').get(languageId, text) as Record<string, any> | undefined;

async function language(name: string): Promise<number> {
  const res = await s.client.post('/api/v1/languages', { LgName: name });
  expect(res.status, res.text).toBe(200);
  return (languages[name] = res.body.LgID);
}

const inspect = (data: Uint8Array, name = 'deck.apkg') => s.client.upload('/api/v1/apkg/inspect', { name, data });
const importDeck = (data: Uint8Array, fields: Record<string, string | number>) =>
  s.client.upload('/api/v1/apkg/import-deck', { name: 'deck.apkg', data }, Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])));

const s = withServer();
beforeAll(async () => {
  for (const name of ['Chinese', 'English', 'Spanish', 'German', 'French']) await language(name);
});

describe.skipIf(!hasFixtures)('create-only deck import of real packages (needs ../shared/fixtures)', () => {
  it('inspects every package generation: note types with notes, their fields, counts and cleaned samples', async () => {
    const legacy = await inspect(apkg('mujing_primary_school_words.apkg'));
    expect(legacy.status, legacy.text).toBe(200);
    expect(legacy.body).toMatchObject({ collection: 'collection.anki2', schema_version: 11, note_count: 1021, is_lectio_package: false });
    expect(legacy.body.note_types).toEqual([expect.objectContaining({ id: 1484226111157, name: 'Basic', fields: ['Front', 'Back'], note_count: 1021 })]);
    expect(legacy.body.note_types[0].samples[0]).toEqual(['一（纸）盒', 'a carton of']);

    const anki21 = await inspect(apkg('taaltuig_spanish-small.apkg'));
    expect(anki21.body).toMatchObject({ collection: 'collection.anki21', schema_version: 11, note_count: 5 });

    const anki21b = await inspect(apkg('mujing_Alphabet_Word.apkg'));
    expect(anki21b.body).toMatchObject({ collection: 'collection.anki21b', schema_version: 18, note_count: 26 });
    // Six stock note types exist in the collection; only the one holding notes is offered.
    expect(anki21b.body.note_types).toHaveLength(1);
    expect(anki21b.body.note_types[0]).toMatchObject({ name: 'Basic', fields: ['Front', 'Back'], note_count: 26 });
    expect(anki21b.body.note_types[0].samples[0]).toEqual(['apple', '苹果']);
  });

  it('imports the legacy collection.anki2 deck (1021 notes) and creates nothing the second time', async () => {
    const zh = languages.Chinese;
    const first = await importDeck(apkg('mujing_primary_school_words.apkg'), {
      language_id: zh,
      note_type_id: 1484226111157,
      term_field: 'Front',
      translation_field: 'Back',
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ notes: 1021, created: 1021, existing: 0, statuses: { 1: 1021 } });
    expect(countTerms(zh)).toBe(1021);
    expect(termByText(zh, '一（纸）盒')).toMatchObject({ WoTranslation: 'a carton of', WoStatus: 1 });
    const again = await importDeck(apkg('mujing_primary_school_words.apkg'), {
      language_id: zh,
      note_type_id: 1484226111157,
      term_field: 'Front',
      translation_field: 'Back',
    });
    expect(again.body).toMatchObject({ created: 0, existing: 1021 });
    expect(countTerms(zh)).toBe(1021);
  });

  it('imports the newest generation (collection.anki21b, zstd, schema 18), cleaning HTML fields', async () => {
    const en = languages.English;
    const res = await importDeck(apkg('mujing_Alphabet_Word.apkg'), {
      language_id: en,
      note_type_id: 1757878198335,
      term_field: 'Front',
      translation_field: 'Back',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ notes: 26, created: 26, statuses: { 1: 26 } });
    expect(termByText(en, 'apple')).toMatchObject({ WoTranslation: '苹果' });
    expect(termByText(en, '<div><pre>apple</pre></div>')).toBeUndefined();
    expect((await importDeck(apkg('mujing_Alphabet_Word.apkg'), { language_id: en, note_type_id: 1757878198335, term_field: 'Front' })).body.created).toBe(0);
  });

  it('imports collection.anki21 with the term in the back field and leaves existing terms untouched', async () => {
    const es = languages.Spanish;
    const mine = insertTerm(s.core, es, { text: 'saúco', status: 3, translation: 'mine' });
    const res = await importDeck(apkg('taaltuig_spanish-small.apkg'), {
      language_id: es,
      note_type_id: 1701699058981,
      term_field: 'Back',
      translation_field: 'Front',
    });
    expect(res.body).toMatchObject({ notes: 5, created: 4, existing: 1 });
    expect(termRow(s.core, mine)).toMatchObject({ WoStatus: 3, WoTranslation: 'mine', WoModified: 1 });
    expect(termByText(es, '¿Quieres que le pregunte?')).toMatchObject({ WoTranslation: 'do you want me to ask him' });
  });

  it('gives statuses by card state: mature 99, suspended 98, younger by interval; cleans cloze and sound', async () => {
    const db = await openCollection(apkg('taaltuig_spanish-small.apkg'));
    const template = rows(db, 'SELECT * FROM notes LIMIT 1')[0];
    const cases: [string, number, number, number, number][] = [
      // front, type, queue, ivl, expected status
      ['neu', 0, 0, 0, 1],
      ['lernend', 1, 1, -600, 1],
      ['eins', 2, 2, 1, 2],
      ['sechs', 2, 2, 6, 2],
      ['sieben', 2, 2, 7, 3],
      ['dreizehn', 2, 2, 13, 3],
      ['vierzehn', 2, 2, 14, 4],
      ['zwanzig', 2, 2, 20, 4],
      ['reif', 2, 2, 21, 99],
      ['alt', 2, 2, 400, 99],
      ['pausiert', 2, -1, 400, 98],
      ['{{c1::Hund::animal}} [sound:hund.mp3]', 0, 0, 0, 1],
    ];
    db.run('DELETE FROM cards; DELETE FROM notes;');
    cases.forEach(([front, type, queue, ivl], i) => {
      const id = template.id + i;
      db.run('INSERT INTO notes VALUES (?,?,?,?,?,?,?,?,?,?,?)', [
        id,
        `g${i}`,
        template.mid,
        0,
        0,
        ' tagged long_tag_that_is_over_twenty ',
        `${front}\x1fback ${i}`,
        front,
        0,
        0,
        '',
      ]);
      db.run("INSERT INTO cards VALUES (?,?,1,0,0,0,?,?,0,?,2500,3,0,0,0,0,0,'')", [id, id, type, queue, ivl]);
    });
    const de = languages.German;
    const res = await importDeck(await zipCollection(db), { language_id: de, note_type_id: template.mid, term_field: 'Front', translation_field: 'Back' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created: cases.length, statuses: { 1: 3, 2: 2, 3: 2, 4: 2, 98: 1, 99: 2 } });
    for (const [front, , , , status] of cases) {
      const text = front.startsWith('{{') ? 'Hund' : front;
      expect(termByText(de, text)?.WoStatus, front).toBe(status);
    }
    const hund = termByText(de, 'Hund')!;
    expect(s.core.sqlite.prepare('SELECT t.TgText FROM word_tag_map m JOIN tags t ON t.TgID = m.WtTgID WHERE m.WtWoID = ?').pluck().all(hund.WoID)).toEqual([
      'tagged',
    ]);
  });
});

describe('create-only deck import: bad input', () => {
  it('refuses unknown note types and fields, foreign languages and missing choices; creates nothing', async () => {
    const fr = languages.French;
    const ours = insertTerm(s.core, fr, { text: 'maison', status: 2, translation: 'house' });
    const exported = await s.client.get(`/vocabulary/apkg/export?lang_id=${fr}`);
    expect(exported.status).toBe(200);
    const pkg = exported.body as Uint8Array;
    const inspected = await inspect(pkg);
    expect(inspected.body).toMatchObject({ is_lectio_package: true, note_count: 1 });
    const ntid = inspected.body.note_types[0].id;

    const badType = await importDeck(pkg, { language_id: fr, note_type_id: 42, term_field: 'Term' });
    expect(badType.status).toBe(400);
    expect(badType.body.error).toMatch(/no note type with id 42/);
    const badField = await importDeck(pkg, { language_id: fr, note_type_id: ntid, term_field: 'Front' });
    expect(badField.status).toBe(400);
    expect(badField.body.error).toMatch(/no field "Front" \(fields: Term, Translation, Romanization, Notes, LectioId\)/);
    const badTranslation = await importDeck(pkg, { language_id: fr, note_type_id: ntid, term_field: 'Term', translation_field: 'Nope' });
    expect(badTranslation.status).toBe(400);
    const { languageId } = insertForeignLanguage(s.core, 'Hidden');
    const foreign = await importDeck(pkg, { language_id: languageId, note_type_id: ntid, term_field: 'Term' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe('Language not found or access denied');
    const missing = await importDeck(pkg, { language_id: fr, note_type_id: ntid });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/term_field/);
    const notZip = await importDeck(new TextEncoder().encode('nope'), { language_id: fr, note_type_id: ntid, term_field: 'Term' });
    expect(notZip.status).toBe(400);
    expect(notZip.body.error).toMatch(/not a zip/);
    expect(s.core.sqlite.prepare('SELECT count(*) FROM words WHERE WoLgID IS ?').pluck().get(languageId)).toBe(0);
    expect(countTerms(fr)).toBe(1);
    // The Lectio package itself, imported create-only into the same language: the term exists, nothing changes.
    const same = await importDeck(pkg, { language_id: fr, note_type_id: ntid, term_field: 'Term', translation_field: 'Translation' });
    expect(same.body).toMatchObject({ created: 0, existing: 1 });
    expect(termRow(s.core, ours)).toMatchObject({ WoStatus: 2, WoTranslation: 'house' });
  });
});
