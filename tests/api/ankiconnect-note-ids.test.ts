// Note ids as AnkiConnect's are (issue 44): a term's creation time in milliseconds, 13 digits, so a tool that sorts
// them as strings (asbplayer's "update last card": `[...ids].sort()` and the last) or compares them with a time
// (mpvacious: "added in the last two minutes") picks the newest. Terms made in one millisecond take the next free
// ones; the mapping holds both ways (note id → term for every action, term → note id in every answer); another
// account's note id is, for the caller, a note that does not exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { TEST_NOW, type TestServer } from '../helpers/core';
import { acPost, termIdOfNote } from '../helpers/ankiconnect-client';
import { signedIn, startMultiUser } from '../helpers/accounts';

const s = withServer({ language: { LgName: 'German' } });
const v6 = (action: string, params: Record<string, unknown> = {}) => acPost(`${s.baseUrl}/ankiconnect`, { action, version: 6, params });
const note = (word: string) => ({ deckName: 'German', modelName: 'Basic', fields: { Front: word, Back: `${word} (en)` }, tags: ['mined'] });
const lastAsString = (ids: number[]) => Number([...ids].map(String).sort().at(-1));
/** Words the German tokenizer keeps whole (no digits): a, b, …, z, aa, bb, … */
const nth = (i: number) => String.fromCharCode(97 + (i % 26)).repeat(1 + Math.floor(i / 26));

describe('note ids are creation times', () => {
  it('sorts the same as strings and as numbers across 9 → 10 and 99 → 100 notes, so "the last" is the newest', async () => {
    const added: number[] = [];
    // One millisecond for all (the test clock stands still): each note takes the next free id.
    for (let i = 1; i <= 13; i++) added.push((await v6('addNote', { note: note(`Wort${nth(i)}`) })).body.result);
    expect(added[0]).toBe(TEST_NOW);
    expect(added).toEqual(added.map((_, i) => TEST_NOW + i));
    const found = (await v6('findNotes', { query: 'added:1' })).body.result as number[];
    expect(found).toEqual(added);
    expect(found.every((id) => String(id).length === 13)).toBe(true);
    expect(lastAsString(found)).toBe(added[12]);
    // Up to 101 notes in one addNotes: still one order for strings and numbers.
    const more = (await v6('addNotes', { notes: Array.from({ length: 88 }, (_, i) => note(`Mehr${nth(i)}`)) })).body.result as number[];
    const all = (await v6('findNotes', { query: 'added:1' })).body.result as number[];
    expect(all).toHaveLength(101);
    expect(all.map(String).sort()).toEqual(all.map(String));
    expect(lastAsString(all)).toBe(more.at(-1));
    // asbplayer then updates that note: the newest term changes, no other.
    expect((await v6('updateNoteFields', { note: { id: lastAsString(all), fields: { Back: 'the last one' } } })).body).toEqual({ result: null, error: null });
    expect((await s.client.get(`/api/v1/terms/${termIdOfNote(s.core.sqlite, more.at(-1)!)}`)).body.WoTranslation).toBe('the last one');
    expect((await s.client.get(`/api/v1/terms/${termIdOfNote(s.core.sqlite, added[8])}`)).body.WoTranslation).toBe(`Wort${nth(9)} (en)`);
  });

  it('a note made later has the later time as its id (mpvacious: made in the last two minutes)', async () => {
    s.core.clock.set(TEST_NOW + 3_600_000);
    try {
      const id = (await v6('addNote', { note: note('Später') })).body.result as number;
      expect(id).toBe(TEST_NOW + 3_600_000);
      // mpvacious: note_id >= (os.time() - 60 * 2) * 1000
      expect(id >= s.core.clock.now() - 120_000).toBe(true);
      const recent = (await v6('findNotes', { query: 'added:1' })).body.result as number[];
      expect(lastAsString(recent)).toBe(id);
      // A term saved in the reader is a note too, with its own creation time as the id.
      const term = (await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'Leser' })).body;
      const [info] = (await v6('notesInfo', { notes: [id + 1] })).body.result;
      expect(info.fields.Term.value).toBe('Leser');
      expect(termIdOfNote(s.core.sqlite, id + 1)).toBe(term.WoID);
    } finally {
      s.core.clock.set(TEST_NOW);
    }
  });

  it('maps both ways: notesInfo, cardsInfo and nid: answer the note id; an unknown id is not found', async () => {
    const id = (await v6('addNote', { note: note('Brücke') })).body.result as number;
    const [info] = (await v6('notesInfo', { notes: [id] })).body.result;
    expect(info).toMatchObject({ noteId: id, cards: [id], fields: { Term: { value: 'Brücke', order: 0 } } });
    const [card] = (await v6('cardsInfo', { cards: [id] })).body.result;
    expect(card).toMatchObject({ cardId: id, note: id, deckName: 'German' });
    expect((await v6('findNotes', { query: `nid:${id}` })).body.result).toEqual([id]);
    expect((await v6('findCards', { query: '"Front:brücke"' })).body.result).toEqual([id]);
    // A term id is not a note id: small numbers name nothing.
    const termId = termIdOfNote(s.core.sqlite, id);
    expect((await v6('notesInfo', { notes: [termId] })).body.result).toEqual([{}]);
    expect((await v6('updateNoteFields', { note: { id: termId, fields: { Back: 'x' } } })).body.error).toBe(`Note was not found: ${termId}`);
  });
});

describe('another account’s note ids', () => {
  let m: TestServer;
  beforeAll(async () => {
    m = await startMultiUser();
  });
  afterAll(() => m.close());

  it('are notes that do not exist, for every action', async () => {
    const keys: string[] = [];
    for (const name of ['ana', 'ben']) {
      const b = await signedIn(m.baseUrl, name);
      expect((await b.post('/api/v1/languages', { LgName: 'German' })).status).toBe(200);
      keys.push((await b.post('/api/v1/auth/tokens', { name: 'asbplayer', scopes: ['read', 'vocabulary'] })).body.token);
    }
    const call = (key: string, action: string, params: Record<string, unknown>) => acPost(`${m.baseUrl}/ankiconnect`, { action, version: 6, key, params });
    const anas = (await call(keys[0], 'addNote', { note: note('Geheimnis') })).body.result as number;
    expect(String(anas)).toHaveLength(13);
    expect((await call(keys[1], 'findNotes', { query: `nid:${anas}` })).body.result).toEqual([]);
    expect((await call(keys[1], 'findNotes', { query: 'added:1' })).body.result).toEqual([]);
    expect((await call(keys[1], 'notesInfo', { notes: [anas] })).body.result).toEqual([{}]);
    expect((await call(keys[1], 'cardsInfo', { cards: [anas] })).body.result).toEqual([{}]);
    expect((await call(keys[1], 'areSuspended', { cards: [anas] })).body.result).toEqual([null]);
    expect((await call(keys[1], 'notesModTime', { notes: [anas] })).body.result).toEqual([]);
    expect((await call(keys[1], 'updateNoteFields', { note: { id: anas, fields: { Back: 'mine now' } } })).body.error).toBe(`Note was not found: ${anas}`);
    expect((await call(keys[1], 'addTags', { notes: [anas], tags: 'stolen' })).body.error).toBe(`Note was not found: ${anas}`);
    // Ben's own note, made in the same millisecond, has an id of its own.
    const bens = (await call(keys[1], 'addNote', { note: note('Geheimnis') })).body.result as number;
    expect(bens).toBe(anas + 1);
    const [info] = (await call(keys[0], 'notesInfo', { notes: [anas] })).body.result;
    expect(info.fields.Translation.value).toBe('Geheimnis (en)');
    expect(info.tags).toEqual(['mined']);
  });
});
