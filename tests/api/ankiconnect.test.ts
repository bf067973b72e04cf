// Lectio as an AnkiConnect server (issue 29): the exact request shapes of the mining tools, answers checked type by
// type as those tools check them. Sources of the shapes:
//   Yomitan — ext/js/comm/anki-connect.js: `{action, params, version: 2, key?}` (this._localVersion = 2, so bare
//     results; an object answer with an `error` key is an error), findNoteIds as a `multi` of findNotes with
//     `"deck:<deck>" "<first field, lower-cased>:<value>"`, duplicateScope 'collection' | 'deck' | 'deck-root',
//     guiBrowse `nid:1,2`, storeMediaFile {filename, data}.
//   asbplayer — its anki.ts: version 6, {result, error}; storeMediaFile with base64 data; addNote with audio/picture
//     objects {filename, data, fields}; findNotes "added:1" then notesInfo and updateNoteFields for "update last card".
//   mpvacious — ankiconnect.lua: curl without Origin (`-d @-`: form Content-Type), version 6, addNote with
//     options.allowDuplicate/duplicateScope, findNotes/notesInfo/updateNoteFields, guiBrowse "nid:…".
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { TEST_NOW } from '../helpers/core';
import { acPost, termIdOfNote, LECTIO_NOTE_FIELDS, PNG_BASE64, wavBase64 } from '../helpers/ankiconnect-client';

const s = withServer({ language: { LgName: 'Japanese', LgIsoCode: 'ja', LgSplitEachChar: false } });
const YOMITAN = 'chrome-extension://likgccmbimhjbgkjambclfkhldnlhbnn';
let url = '';
const yomitan = (action: string, params: Record<string, unknown> = {}) => acPost(url, { action, params, version: 2 }, { origin: YOMITAN });
const v6 = (action: string, params: Record<string, unknown> = {}, origin?: string) => acPost(url, { action, version: 6, params }, { origin });

const yomitanNote = (expression: string, opts: Record<string, unknown> = {}) => ({
  deckName: 'Japanese',
  modelName: 'Lectio term',
  fields: {
    Term: expression,
    Reading: 'たべる',
    Translation: '<div><ol><li>to eat</li><li>to live on</li></ol></div>',
    Sentence: `パンを<b>${expression}</b>。`,
  },
  tags: ['yomitan'],
  options: {
    allowDuplicate: false,
    duplicateScope: 'collection',
    duplicateScopeOptions: { deckName: null, checkChildren: false, checkAllModels: false },
    ...opts,
  },
});

beforeAll(() => {
  url = `${s.baseUrl}/ankiconnect`;
});

describe('Yomitan (version 2: bare results)', () => {
  it('is refused until the learner allows it: requestPermission answers denied and shows the Allow prompt', async () => {
    expect((await yomitan('deckNames')).body).toEqual({ result: null, error: expect.stringContaining('has not allowed') });
    const asked = await yomitan('requestPermission');
    expect(asked.body).toEqual({ permission: 'denied' });
    expect(asked.headers.get('access-control-allow-origin')).toBe(YOMITAN);
    await yomitan('requestPermission'); // asking again shows one prompt, not two
    const pending = (await s.client.get('/api/v1/pairing/pending')).body as { id: string; origin: string }[];
    expect(pending.filter((p) => p.origin === YOMITAN)).toHaveLength(1);
    expect((await s.client.post(`/api/v1/pairing/${pending[0].id}/answer`, { allow: true })).status).toBe(200);
    expect((await yomitan('requestPermission')).body).toEqual({ permission: 'granted', requireApiKey: false, version: 6 });
  });

  it('answers the set-up calls with bare values of the types Yomitan normalises', async () => {
    expect((await yomitan('version')).body).toBe(6);
    expect((await yomitan('deckNames')).body).toEqual(['Japanese']);
    expect((await yomitan('modelNames')).body).toEqual(['Lectio term']);
    // Without LectioID: Lectio's own link to the term, not a field a tool fills.
    expect((await yomitan('modelFieldNames', { modelName: 'Lectio term' })).body).toEqual(LECTIO_NOTE_FIELDS.filter((f) => f !== 'LectioID'));
    expect((await yomitan('apiReflect', { scopes: ['actions'], actions: ['canAddNotesWithErrorDetail', 'createDeck'] })).body).toEqual({
      scopes: ['actions'],
      actions: ['canAddNotesWithErrorDetail'],
    });
    expect((await yomitan('suspend', { cards: [1] })).body).toEqual({ result: null, error: 'unsupported action' });
  });

  it('checks duplicates (multi of findNotes, canAddNotes), adds the note, and finds it again', async () => {
    const query = '"deck:Japanese" "term:食べる"';
    expect((await yomitan('multi', { actions: [{ action: 'findNotes', params: { query } }] })).body).toEqual([[]]);
    expect((await yomitan('canAddNotes', { notes: [yomitanNote('食べる')] })).body).toEqual([true]);
    const added = await yomitan('addNote', { note: yomitanNote('食べる') });
    expect(typeof added.body).toBe('number');
    const id = added.body as number;
    expect((await yomitan('canAddNotes', { notes: [yomitanNote('食べる')] })).body).toEqual([false]);
    expect((await yomitan('canAddNotesWithErrorDetail', { notes: [yomitanNote('食べる'), yomitanNote('飲む')] })).body).toEqual([
      { canAdd: false, error: 'cannot create note because it is a duplicate' },
      { canAdd: true },
    ]);
    expect(
      (
        await yomitan('multi', {
          actions: [
            { action: 'findNotes', params: { query } },
            { action: 'findNotes', params: { query: 'nid:999999' } },
          ],
        })
      ).body,
    ).toEqual([[id], []]);
    expect((await yomitan('guiBrowse', { query: `nid:${id}` })).body).toEqual([id]);
    expect((await yomitan('findCards', { query: `nid:${id}` })).body).toEqual([id]);
    const [info] = (await yomitan('notesInfo', { notes: [id] })).body;
    expect(info).toMatchObject({ noteId: id, modelName: 'Lectio term', tags: ['yomitan'], cards: [id] });
    expect(info.fields.Term).toEqual({ value: '食べる', order: 0 });
    expect(info.fields.Translation.value).toBe('to eat<br>to live on');
    expect(info.fields.Sentence.value).toBe('パンを<b>食べる</b>。');
    const [card] = (await yomitan('cardsInfo', { cards: [id] })).body;
    expect(card).toMatchObject({ cardId: id, note: id, deckName: 'Japanese', modelName: 'Lectio term', interval: 0, queue: 0 });
    expect((await yomitan('notesInfo', { notes: [123456789] })).body).toEqual([{}]);

    const term = (await s.client.get(`/api/v1/terms/${termIdOfNote(s.core.sqlite, id)}`)).body;
    expect(term).toMatchObject({
      WoText: '食べる',
      WoRomanization: 'たべる',
      WoTranslation: 'to eat\nto live on',
      WoSentence: 'パンを{食べる}。',
      WoStatus: 1,
    });
    expect(term.TermTags).toEqual(['yomitan']);
  });

  it('adds a duplicate when asked to (allowDuplicate updates the one term of that text) and scopes by deck', async () => {
    const again = await yomitan('addNote', {
      note: { ...yomitanNote('食べる', { allowDuplicate: true }), fields: { Term: '食べる', Notes: 'godan? no: ichidan' } },
    });
    expect(typeof again.body).toBe('number');
    const term = (await s.client.get(`/api/v1/terms/${termIdOfNote(s.core.sqlite, again.body)}`)).body;
    expect(term).toMatchObject({ WoNotes: 'godan? no: ichidan', WoTranslation: 'to eat\nto live on' });
    expect((await yomitan('canAddNotes', { notes: [yomitanNote('食べる', { duplicateScope: 'deck-root' })] })).body).toEqual([false]);
  });
});

describe('asbplayer (version 6: {result, error})', () => {
  const origin = 'chrome-extension://hkledmpjpaehamkiehglnbelcpdflcab';
  beforeAll(async () => {
    await v6('requestPermission', {}, origin);
    const pending = (await s.client.get('/api/v1/pairing/pending')).body as { id: string; origin: string }[];
    await s.client.post(`/api/v1/pairing/${pending.find((p) => p.origin === origin)!.id}/answer`, { allow: true });
  });

  it('stores media, adds a note with its sentence audio and screenshot, and attaches both to the term', async () => {
    const stored = await v6('storeMediaFile', { filename: 'asbplayer-1.wav', data: wavBase64() }, origin);
    expect(stored.body).toEqual({ result: 'asbplayer-1.wav', error: null });
    const added = await v6(
      'addNote',
      {
        note: {
          deckName: 'Japanese',
          modelName: 'Mining',
          fields: { Word: '走る', Definition: 'to run', Sentence: '毎朝走る。', Image: '<img src="asbplayer-1.png">', Audio: '[sound:asbplayer-1.wav]' },
          tags: ['asbplayer'],
          options: { allowDuplicate: false },
          picture: [{ filename: 'asbplayer-1.png', data: PNG_BASE64, fields: ['Image'] }],
        },
      },
      origin,
    );
    expect(added.body.error).toBeNull();
    const id = added.body.result as number;
    const term = (await s.client.get(`/api/v1/terms/${termIdOfNote(s.core.sqlite, id)}`)).body;
    expect(term).toMatchObject({ WoText: '走る', WoTranslation: 'to run', WoSentence: '毎朝{走る}。' });
    expect(term.TermMedia).toEqual([
      { id: expect.stringMatching(/^[0-9a-f]{32}$/), role: 'picture', filename: 'asbplayer-1.png', url: expect.stringMatching(/^\/api\/v1\/media\//) },
      { id: expect.stringMatching(/^[0-9a-f]{32}$/), role: 'audio', filename: 'asbplayer-1.wav', url: expect.stringMatching(/^\/api\/v1\/media\//) },
    ]);
    const audio = await fetch(s.baseUrl + term.TermMedia[1].url, { headers: { cookie: (s.client as unknown as { cookie: string }).cookie } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toMatch(/^audio\//);
    const [info] = (await v6('notesInfo', { notes: [id] }, origin)).body.result;
    expect(info.fields.Audio.value).toBe('[sound:asbplayer-1.wav]');
    expect(info.fields.Picture.value).toBe('<img src="asbplayer-1.png">');
  });

  it('updates the last card: findNotes added:1, notesInfo, updateNoteFields', async () => {
    const found = (await v6('findNotes', { query: 'added:1' }, origin)).body.result as number[];
    const last = Math.max(...found);
    const update = await v6(
      'updateNoteFields',
      {
        note: {
          id: last,
          fields: { Sentence: '彼は<b>走る</b>のが好きだ。' },
          audio: [{ filename: 'asbplayer-2.wav', data: wavBase64(400), fields: ['Audio'] }],
        },
      },
      origin,
    );
    expect(update.body).toEqual({ result: null, error: null });
    const term = (await s.client.get(`/api/v1/terms/${termIdOfNote(s.core.sqlite, last)}`)).body;
    expect(term.WoSentence).toBe('彼は{走る}のが好きだ。');
    expect(term.WoTranslation).toBe('to run');
    expect(term.TermMedia.map((m: { filename: string }) => m.filename)).toContain('asbplayer-2.wav');
    expect((await v6('updateNoteFields', { note: { id: 987654, fields: { Sentence: 'x' } } }, origin)).body).toEqual({
      result: null,
      error: 'Note was not found: 987654',
    });
    // added:N counts days back from now: two days on, added:1 finds nothing and added:3 finds them again.
    s.core.clock.set(TEST_NOW + 2 * 24 * 3600_000);
    expect((await v6('findNotes', { query: 'added:1' }, origin)).body.result).toEqual([]);
    expect((await v6('findNotes', { query: 'added:3' }, origin)).body.result).toEqual(found);
    s.core.clock.set(TEST_NOW);
  });

  it('searches lower-case field names with wildcards', async () => {
    const ids = (await v6('findNotes', { query: '"deck:Japanese::Mining" "word:走*"' }, origin)).body.result;
    expect(ids).toHaveLength(1);
    expect((await v6('findNotes', { query: '"definition:to run"' }, origin)).body.result).toEqual(ids);
    expect((await v6('findNotes', { query: 'deck:German' }, origin)).body.result).toEqual([]);
    expect((await v6('findNotes', { query: 'tag:a' }, origin)).body).toEqual({ result: null, error: expect.stringContaining('Search not understood') });
  });
});

describe('mpvacious (curl: no Origin, form Content-Type, version 6)', () => {
  const curl = (action: string, params: Record<string, unknown>) =>
    acPost(url, { action, version: 6, params }, { contentType: 'application/x-www-form-urlencoded' });

  it('adds a note of its own note type and reads it back', async () => {
    expect((await curl('deckNames', {})).body).toEqual({ result: ['Japanese'], error: null });
    const added = await curl('addNote', {
      note: {
        deckName: 'Japanese',
        modelName: 'Japanese sentences',
        fields: { Expression: '見る', Meaning: 'to see', 'Sentence Audio': '[sound:mpv-1.wav]' },
        options: { allowDuplicate: false, duplicateScope: 'deck' },
        tags: ['mpvacious'],
      },
    });
    expect(typeof added.body.result).toBe('number');
    expect((await curl('guiBrowse', { query: `nid:${added.body.result}` })).body).toEqual({ result: [added.body.result], error: null });
    expect((await curl('guiEditNote', { note: added.body.result })).body).toEqual({ result: null, error: null });
  });

  it('refuses a local path in storeMediaFile and a hostile url', async () => {
    expect((await curl('storeMediaFile', { filename: 'x.mp3', path: '/etc/passwd' })).body).toEqual({
      result: null,
      error: 'Lectio does not read files by path (x.mp3); send the file as data (base64) or url',
    });
    for (const bad of ['file:///etc/passwd', 'http://169.254.169.254/latest/meta-data', `${s.baseUrl}/api/v1/settings`]) {
      const answer = (await curl('storeMediaFile', { filename: 'x.mp3', url: bad })).body;
      expect(answer.result).toBeNull();
      expect(typeof answer.error).toBe('string');
    }
    expect((await curl('storeMediaFile', { filename: 'x.mp3', data: '%%%' })).body.error).toBe('The data of x.mp3 is not base64');
    expect((await curl('storeMediaFile', { filename: 'x.txt', data: Buffer.from('hello').toString('base64') })).body.error).toMatch(/x\.txt/);
  });
});
