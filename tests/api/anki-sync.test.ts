// Lectio as an AnkiConnect client, over real HTTP: terms sent to a fake Anki on 127.0.0.1 (tests/helpers/
// fake-ankiconnect.ts answers as AnkiConnect does), statuses read back from its cards, and Anki down or refusing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { FakeAnkiConnect } from '../helpers/fake-ankiconnect';
import { insertForeignLanguage } from '../helpers/core';
import { insertTerm } from '../helpers/apkg';
import { acPost, LECTIO_NOTE_FIELDS, PNG_BASE64, termIdOfNote, wavBase64 } from '../helpers/ankiconnect-client';

const s = withServer({ language: { LgName: 'German' } });
let anki: FakeAnkiConnect;

beforeAll(async () => {
  anki = await new FakeAnkiConnect().start();
});
afterAll(() => anki.close());

beforeEach(async () => {
  s.core.sqlite.exec('DELETE FROM words; DELETE FROM tags;');
  await anki.close();
  anki = await new FakeAnkiConnect().start();
  await setting('ankiConnectUrl', anki.url);
  await setting('ankiConnectKey', '');
});

async function setting(key: string, value: string) {
  const res = await s.client.post('/api/v1/settings', { key, value });
  expect(res.status, res.text).toBe(200);
}

async function term(text: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: text, WoTranslation: `${text}-tr`, WoStatus: 1, ...extra });
  expect(res.status, res.text).toBe(200);
  return res.body.WoID;
}

const send = (body: unknown) => s.client.post('/api/v1/anki-sync/send', body);
const lectioNotes = () => anki.notesOfModel('Lectio term');
const noteOf = (termId: number) => lectioNotes().find((n) => n.fields.LectioID === String(termId))!;

describe('send to Anki', () => {
  it('a word mined over AnkiConnect goes on to Anki with its sentence audio and picture (term media, both halves of issue 29)', async () => {
    const mine = (action: string, params: Record<string, unknown>) => acPost(`${s.baseUrl}/ankiconnect`, { action, version: 6, params });
    expect((await mine('storeMediaFile', { filename: 'katze.wav', data: wavBase64() })).body.error).toBeNull();
    const added = await mine('addNote', {
      note: {
        deckName: 'German',
        modelName: 'Basic',
        fields: { Front: 'Katze', Back: 'cat', Sentence: 'Die <b>Katze</b> schläft.', Audio: '[sound:katze.wav]' },
        picture: [{ filename: 'katze.png', data: PNG_BASE64, fields: ['Picture'] }],
      },
    });
    expect(added.body.error).toBeNull();
    // addNote answers the note id (a creation time); sending to Anki takes term ids.
    const termId = termIdOfNote(s.core.sqlite, added.body.result);
    const res = await send({ ids: [termId] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ added: 1, failed: [] });
    expect([...anki.media.keys()].sort()).toEqual(['katze.png', 'katze.wav']);
    expect(anki.media.get('katze.wav')).toBe(wavBase64());
    const note = noteOf(termId);
    expect(note.fields.Audio).toBe('[sound:katze.wav]');
    expect(note.fields.Picture).toContain('katze.png');
  });

  it('sends one term: creates the deck and the note type, then adds the note with every field', async () => {
    const id = await term('Haus', { WoRomanization: 'haʊs', WoSentence: 'Das {Haus} ist alt.', WoNotes: 'n.', TermTags: { TagList: ['noun', 'a1 level'] } });
    const res = await send({ ids: [id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ sent: 1, added: 1, updated: 0, unchanged: 0, failed: [], total: 1, next_page: null });
    expect(res.body.created_decks).toEqual(['Lectio::German']);
    expect(res.body.created_note_type).toBe(true);
    expect(anki.decks.has('Lectio::German')).toBe(true);
    expect(anki.models.get('Lectio term')!.fields).toEqual(LECTIO_NOTE_FIELDS);
    const note = noteOf(id);
    expect(note.deckName).toBe('Lectio::German');
    expect(note.fields).toMatchObject({
      Term: 'Haus',
      Reading: 'haʊs',
      Translation: 'Haus-tr',
      Sentence: 'Das <b>Haus</b> ist alt.',
      Notes: 'n.',
      Tags: 'a1 level, noun',
    });
    expect(note.tags).toEqual(['lectio', 'a1_level', 'noun']);
    // Setup in one multi, the lookup, then the adds in one multi: the note type is created once.
    expect(anki.actions().filter((a) => a === 'createModel')).toHaveLength(1);
    expect(anki.requests.every((r) => r.version === 6)).toBe(true);
  });

  it('sends a selection in one multi, and a second send updates changed notes, leaves the rest, adds no duplicate', async () => {
    const ids = [await term('eins'), await term('zwei'), await term('drei')];
    expect((await send({ ids })).body).toMatchObject({ sent: 3, added: 3 });
    const multis = anki.requests.filter((r) => r.action === 'multi' && (r.params!.actions as { action: string }[]).some((a) => a.action === 'addNote'));
    expect(multis).toHaveLength(1);

    const put = await s.client.put(`/api/v1/terms/${ids[1]}`, { WoTranslation: 'two' });
    expect(put.status, put.text).toBe(200);
    anki.requests.length = 0;
    const again = await send({ ids });
    expect(again.body).toMatchObject({ sent: 3, added: 0, updated: 1, unchanged: 2, failed: [], created_decks: [], created_note_type: false });
    expect(lectioNotes()).toHaveLength(3);
    expect(noteOf(ids[1]).fields.Translation).toBe('two');
    expect(anki.actions()).not.toContain('addNote');
    expect(anki.actions().filter((a) => a === 'updateNoteFields')).toHaveLength(1);
  });

  it('sends the current filter a page at a time', async () => {
    // Letters only: a term must be one word of the language.
    const name = (i: number) => `wort${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`;
    for (let i = 0; i < 130; i++) await term(name(i), { WoStatus: i < 120 ? 2 : 3 });
    const first = await send({ filter: { language_id: s.languageId, status: '2' }, page: 1 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ sent: 100, added: 100, total: 120, next_page: 2 });
    const second = await send({ filter: { language_id: s.languageId, status: '2' }, page: 2 });
    expect(second.body).toMatchObject({ sent: 20, added: 20, total: 120, next_page: null });
    expect(lectioNotes()).toHaveLength(120);
  });

  it('reports a note Anki refuses with its reason and adds the others', async () => {
    const ok = await term('gut');
    const bad = await term('schlecht');
    anki.failNext.set('addNote', 'cannot create note because it is empty');
    const res = await send({ ids: [ok, bad] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.added).toBe(1);
    expect(res.body.failed).toEqual([{ term_id: ok, term: 'gut', reason: 'cannot create note because it is empty' }]);
    expect(lectioNotes().map((n) => n.fields.Term)).toEqual(['schlecht']);
  });

  it('adds the note again when the learner deleted it in Anki', async () => {
    const id = await term('weg');
    await send({ ids: [id] });
    anki.notes.clear();
    expect((await send({ ids: [id] })).body).toMatchObject({ added: 1, updated: 0 });
  });

  it('refuses ids of no term of the caller with one line', async () => {
    const res = await send({ ids: [999_999] });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ankiSync.nothingToSend');
  });

  it('sends the key AnkiConnect asks for, and says so in one line when it is missing', async () => {
    const id = await term('Schlüssel');
    anki.apiKey = 'secret';
    const refused = await send({ ids: [id] });
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('ankiSync.badKey');
    await setting('ankiConnectKey', 'secret');
    const res = await send({ ids: [id] });
    expect(res.status, res.text).toBe(200);
    expect(anki.requests.at(-1)!.key).toBe('secret');
    expect((anki.requests.at(-1)!.params!.actions as { key: string }[]).every((a) => a.key === 'secret')).toBe(true);
  });

  it('gives a "Lectio term" note type that lost fields its fields back, so a re-send finds its note', async () => {
    anki.models.set('Lectio term', { fields: ['Term', 'Translation'], css: '', templates: [{ Front: '{{Term}}', Back: '{{Translation}}' }] });
    const id = await term('Feld');
    const first = await send({ ids: [id] });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ added: 1, created_note_type: false });
    expect(anki.models.get('Lectio term')!.fields).toEqual([
      'Term',
      'Translation',
      'Reading',
      'Sentence',
      'Notes',
      'Lemma',
      'Picture',
      'Audio',
      'Tags',
      'LectioID',
    ]);
    expect((await send({ ids: [id] })).body).toMatchObject({ added: 0, unchanged: 1 });
    expect(lectioNotes()).toHaveLength(1);
    expect(anki.actions().filter((a) => a === 'modelFieldAdd')).toHaveLength(8);
  });

  it('stops with Anki own reason when the note type cannot be created', async () => {
    const id = await term('Typ');
    anki.failNext.set('createModel', 'Model name already exists');
    const res = await send({ ids: [id] });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'ankiSync.refused', error: 'Anki refused the request: Model name already exists' });
    expect(lectioNotes()).toHaveLength(0);
  });
});

describe('send on save', () => {
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    return check();
  };

  it('sends a saved term by itself when the setting is on, and its edit updates the note', async () => {
    await setting('ankiSendOnSave', '1');
    try {
      const id = await term('sofort');
      expect(await until(() => lectioNotes().length === 1)).toBe(true);
      expect(noteOf(id).fields.Translation).toBe('sofort-tr');
      expect((await s.client.put(`/api/v1/terms/${id}`, { WoTranslation: 'at once' })).status).toBe(200);
      expect(await until(() => noteOf(id).fields.Translation === 'at once')).toBe(true);
      expect(lectioNotes()).toHaveLength(1);
    } finally {
      await setting('ankiSendOnSave', '0');
    }
  });

  it('sends nothing when the setting is off (the default), and a save still succeeds with Anki closed', async () => {
    await term('still');
    await new Promise((r) => setTimeout(r, 150));
    expect(anki.requests).toHaveLength(0);
    await setting('ankiSendOnSave', '1');
    try {
      await anki.close();
      const res = await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'trotzdem', WoStatus: 1 });
      expect(res.status, res.text).toBe(200);
    } finally {
      await setting('ankiSendOnSave', '0');
    }
  });
});

describe('Anki not there', () => {
  it('says "Anki is not running" in one line when nothing listens', async () => {
    const id = await term('aus');
    const closed = anki.url;
    await anki.close();
    const res = await send({ ids: [id] });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('ankiSync.notRunning');
    expect(res.body.error).toBe(`Anki is not running (nothing answers at ${closed}): start Anki with the AnkiConnect add-on, then try again`);
    const check = await s.client.get('/api/v1/anki-sync/check');
    expect(check.status).toBe(503);
    anki = await new FakeAnkiConnect().start();
  });

  it('tells a page that is not AnkiConnect apart', async () => {
    anki.notAnki = true;
    const res = await s.client.get('/api/v1/anki-sync/check');
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('ankiSync.notAnkiConnect');
  });

  it('gives up on an Anki that never answers at the deadline', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    s.core.services.outboundTimeoutMs = 300;
    try {
      await setting('ankiConnectUrl', `http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
      const res = await s.client.get('/api/v1/anki-sync/check');
      expect(res.status).toBe(504);
      expect(res.body.code).toBe('ankiSync.timeout');
    } finally {
      s.core.services.outboundTimeoutMs = undefined;
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
  });

  it('refuses a URL that is not http(s)', async () => {
    await setting('ankiConnectUrl', 'file:///etc/passwd');
    const res = await s.client.get('/api/v1/anki-sync/check');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('ankiSync.badUrl');
  });

  it('checks the connection: version 6 at the URL of the setting', async () => {
    const res = await s.client.get('/api/v1/anki-sync/check');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ version: 6, url: anki.url });
  });
});

describe('statuses from Anki', () => {
  it('applies the interval bands, keeps 98/99, demotes suspended cards, leaves unstudied ones', async () => {
    const ids = {
      young: await term('jung'),
      week: await term('Woche'),
      mature: await term('reif'),
      suspended: await term('ruht', { WoStatus: 4 }),
      fresh: await term('neu', { WoStatus: 3 }),
      known: await term('bekannt', { WoStatus: 99 }),
      ignored: await term('egal', { WoStatus: 98 }),
    };
    expect((await send({ ids: Object.values(ids) })).body.added).toBe(7);
    anki.study(noteOf(ids.young).id, { type: 2, queue: 2, ivl: 3 });
    anki.study(noteOf(ids.week).id, { type: 2, queue: 2, ivl: 9 });
    anki.study(noteOf(ids.mature).id, { type: 2, queue: 2, ivl: 40 });
    anki.study(noteOf(ids.suspended).id, { type: 2, queue: -1, ivl: 5 });
    anki.study(noteOf(ids.known).id, { type: 1, queue: 1, ivl: 0 });
    anki.study(noteOf(ids.ignored).id, { type: 2, queue: 2, ivl: 50 });

    const res = await s.client.post('/api/v1/anki-sync/statuses', {});
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ cards: 7, terms: 7, updated: 4, unchanged: 3, not_found: 0, statuses: { '2': 1, '3': 1, '98': 1, '99': 1 } });
    const status = async (id: number) => (await s.client.get(`/api/v1/terms/${id}`)).body.WoStatus;
    expect(await status(ids.young)).toBe(2);
    expect(await status(ids.week)).toBe(3);
    expect(await status(ids.mature)).toBe(99);
    expect(await status(ids.suspended)).toBe(98);
    expect(await status(ids.fresh)).toBe(3);
    expect(await status(ids.known)).toBe(99);
    expect(await status(ids.ignored)).toBe(98);
    // Reading cards back is a read: nothing was written to Anki.
    expect(
      anki
        .actions()
        .slice(-2)
        .every((a) => ['findCards', 'cardsInfo'].includes(a)),
    ).toBe(true);
  });

  it('counts cards of deleted terms as not found and changes nothing for them', async () => {
    const id = await term('gelöscht');
    await send({ ids: [id] });
    anki.study(noteOf(id).id, { type: 2, queue: 2, ivl: 30 });
    expect((await s.client.delete(`/api/v1/terms/${id}`)).status).toBe(200);
    const res = await s.client.post('/api/v1/anki-sync/statuses', {});
    expect(res.body).toMatchObject({ cards: 1, terms: 0, updated: 0, not_found: 1 });
  });

  it("never sends or changes another user's term: its id is like a missing one", async () => {
    const other = insertForeignLanguage(s.core);
    const foreignId = insertTerm(s.core, other.languageId, { text: 'fremd', owner: other.userId, status: 1 });
    const refused = await send({ ids: [foreignId] });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('ankiSync.nothingToSend');
    // A card in Anki naming that id (as if copied from another library) changes nothing.
    const own = await term('eigen');
    await send({ ids: [own] });
    const note = noteOf(own);
    note.fields.LectioID = String(foreignId);
    anki.study(note.id, { type: 2, queue: 2, ivl: 30 });
    const res = await s.client.post('/api/v1/anki-sync/statuses', {});
    expect(res.body).toMatchObject({ cards: 1, terms: 0, updated: 0, not_found: 1 });
    expect(s.core.sqlite.prepare('SELECT WoStatus FROM words WHERE WoID = ?').pluck().get(foreignId)).toBe(1);
  });

  it('writes every change or none: a failure while reading cards leaves statuses as they were', async () => {
    const id = await term('halb');
    await send({ ids: [id] });
    anki.study(noteOf(id).id, { type: 2, queue: 2, ivl: 30 });
    anki.failNext.set('cardsInfo', 'collection is not available');
    const res = await s.client.post('/api/v1/anki-sync/statuses', {});
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('Anki refused the request: collection is not available');
    expect((await s.client.get(`/api/v1/terms/${id}`)).body.WoStatus).toBe(1);
  });
});
