// Lectio's AnkiConnect server (issue 29) under bad input: every refusal an AnkiConnect answer ({result: null, error}),
// nothing half-written (addNotes checks all notes first, one transaction per call); the key is an API token (with
// accounts it is required); the optional 127.0.0.1 port says when it is taken and answers loopback names only.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { acPost, termIdOfNote } from '../helpers/ankiconnect-client';
import { makeTestCore } from '../helpers/core';
import { signedIn, startMultiUser } from '../helpers/accounts';
import { createHttpServer } from '../../src-main/http/server';
import { rendererDir } from '../../src-main/core/paths';

const s = withServer({ language: { LgName: 'German' } });
const url = () => `${s.baseUrl}/ankiconnect`;
const call = (action: string, params: Record<string, unknown>, version = 6) => acPost(url(), { action, version, params });
const note = (term: string, extra: Record<string, unknown> = {}) => ({
  deckName: 'German',
  modelName: 'Basic',
  fields: { Front: term, Back: `${term}!` },
  ...extra,
});
/** A word of letters only for a number (German words hold no digits). */
const word = (i: number) => 'w' + i.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]);
const termCount = () => (s.core.sqlite.prepare('SELECT COUNT(*) AS n FROM words').get() as { n: number }).n;

describe('malformed requests', () => {
  it('answers malformed JSON, a non-object and a missing action in AnkiConnect shape', async () => {
    const broken = await acPost(url(), null, { raw: '{"action": "version",' });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ result: null, error: 'The request is not valid JSON' });
    expect((await acPost(url(), [1, 2])).body).toEqual({ result: null, error: 'request must be a JSON object' });
    expect((await acPost(url(), { version: 6 })).body).toEqual({ result: null, error: 'action is required' });
    expect((await call('canAddNotes', { notes: 'x' })).body).toEqual({ result: null, error: expect.stringMatching(/^Invalid params for canAddNotes: notes:/) });
    // Errors are wrapped whatever the version, as AnkiConnect does.
    expect((await call('nope', {}, 4)).body).toEqual({ result: null, error: 'unsupported action' });
    expect((await call('multi', { actions: [{ action: 'multi', params: { actions: [] } }] })).body).toEqual({
      result: [{ result: null, error: 'multi cannot run another multi' }],
      error: null,
    });
  });

  it('refuses an oversized body before reading it (413)', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url(), { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': 40 * 1024 * 1024 } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"action": "storeMediaFile", "params": {"data": "');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ result: null, error: 'The request is larger than 32 MB (send smaller media files)' });
  });
});

describe('notes Lectio cannot take', () => {
  it('names an unknown deck, a note without a term field and an empty term', async () => {
    expect((await call('addNote', { note: note('Haus', { deckName: 'Klingon::Verbs' }) })).body).toEqual({
      result: null,
      error: 'deck was not found: Klingon::Verbs',
    });
    expect((await call('addNote', { note: { deckName: 'German', modelName: 'Odd', fields: { Kanji: 'x', Frequency: '3' } } })).body.error).toBe(
      'The note has no field Lectio reads as the term (it has: Kanji, Frequency); name one Term, Expression, Word or Front, or map it in Settings → AnkiConnect',
    );
    expect((await call('addNote', { note: note('  <br> ') })).body).toEqual({ result: null, error: 'cannot create note because it is empty' });
    expect((await call('modelFieldNames', { modelName: 'Basic' })).body).toEqual({ result: null, error: 'model was not found: Basic' });
    expect(termCount()).toBe(0);
  });

  it('an unknown deck becomes a language only when the learner allowed it and a preset has its name', async () => {
    const languages = async () => (await s.client.get('/api/v1/languages')).body.map((l: { LgName: string }) => l.LgName).sort();
    expect((await call('addNote', { note: note('casa', { deckName: 'Italian::Mining' }) })).body.error).toBe('deck was not found: Italian::Mining');
    expect((await s.client.get('/api/v1/ankiconnect')).body.new_decks).toBe(false);
    expect((await s.client.post('/api/v1/ankiconnect', { new_decks: true })).body.new_decks).toBe(true);
    // A check creates nothing; a call with one note Lectio cannot take writes nothing, not even the new language.
    expect((await call('canAddNotes', { notes: [note('casa', { deckName: 'Italian' })] })).body).toEqual({ result: [true], error: null });
    const refused = await call('addNotes', { notes: [note('casa', { deckName: 'Italian' }), note('Haus', { deckName: 'Klingon' })] });
    expect(refused.body.error).toMatch(/deck was not found: Klingon/);
    expect(await languages()).toEqual(['German']);
    // Two notes of one new deck: one language, with the preset's settings, and both terms.
    const added = await call('addNotes', { notes: [note('casa', { deckName: 'Italian::Mining' }), note('cane', { deckName: 'Italian' })] });
    expect(added.body.error).toBeNull();
    expect(await languages()).toEqual(['German', 'Italian']);
    const italian = (await s.client.get('/api/v1/languages')).body.find((l: { LgName: string }) => l.LgName === 'Italian');
    expect(italian).toMatchObject({ LgIsoCode: 'it', LgParserType: 'regex' });
    expect((await call('findNotes', { query: 'deck:Italian' })).body.result).toHaveLength(2);
    // One note at a time too, into the language made before.
    expect((await call('addNote', { note: note('gatto', { deckName: 'Italian' }) })).body.error).toBeNull();
    expect((await call('addNote', { note: note('犬', { deckName: 'Japanese' }) })).body.error).toBeNull();
    expect(await languages()).toEqual(['German', 'Italian', 'Japanese']);
    await s.client.post('/api/v1/ankiconnect', { new_decks: false });
    expect((await call('addNote', { note: note('Hund', { deckName: 'Dutch' }) })).body.error).toBe('deck was not found: Dutch');
    for (const l of (await s.client.get('/api/v1/languages')).body) if (l.LgName !== 'German') await s.client.delete(`/api/v1/languages/${l.LgID}`);
  });

  it('takes a field mapping from Settings: a field named there becomes the term', async () => {
    const set = await s.client.post('/api/v1/ankiconnect', { field_roles: { Kanji: 'term', Frequency: 'notes' } });
    expect(set.body.field_roles).toEqual({ kanji: 'term', frequency: 'notes' });
    const added = await call('addNote', { note: { deckName: 'German', modelName: 'Odd', fields: { Kanji: 'Baum', Frequency: '3' } } });
    expect(typeof added.body.result).toBe('number');
    expect((await s.client.get(`/api/v1/terms/${termIdOfNote(s.core.sqlite, added.body.result)}`)).body).toMatchObject({ WoText: 'Baum', WoNotes: '3' });
    expect((await call('findNotes', { query: 'kanji:baum' })).body.result).toEqual([added.body.result]);
    await s.client.post('/api/v1/ankiconnect', { field_roles: {} });
  });

  it('adds 10,000 notes all or nothing: one duplicate fails the call, naming the note, and writes none', async () => {
    const before = termCount();
    const notes = Array.from({ length: 10_000 }, (_, i) => note(word(i)));
    notes[9_999] = note(word(0));
    notes[5] = note('1234');
    const failed = await call('addNotes', { notes });
    expect(failed.body).toEqual({
      result: null,
      error:
        `['note 6: "1234" would never show in a text: as this language cuts its texts, it is not one word, nor words on one line starting and ending with a word', ` +
        `'note 10000: cannot create note because it is a duplicate']`,
    });
    expect(termCount()).toBe(before);
    notes[5] = note(word(5));
    notes[9_999] = note(word(9_999));
    const added = await call('addNotes', { notes });
    expect(added.body.error).toBeNull();
    expect(new Set(added.body.result).size).toBe(10_000);
    expect(termCount()).toBe(before + 10_000);
    const tooMany = await call('addNotes', { notes: Array.from({ length: 10_001 }, (_, i) => note(`x${i}`)) });
    expect(tooMany.body).toEqual({ result: null, error: '10001 notes in one call; at most 10000' });
  }, 60_000);
});

describe('keys and origins', () => {
  it('takes an API token as the key from any origin; a wrong key is refused; an unpaired web page may only ask', async () => {
    const made = await s.client.post('/api/v1/auth/tokens', { name: 'asbplayer', origin: 'https://app.asbplayer.dev', scopes: ['read'] });
    const key = made.body.token as string;
    const page = 'https://evil.example';
    expect((await acPost(url(), { action: 'deckNames', version: 6, key }, { origin: page })).body).toEqual({ result: ['German'], error: null });
    expect((await acPost(url(), { action: 'addNote', version: 6, key, params: { note: note('Tür') } })).body.error).toBe(
      'This key may not call addNote: its app needs the vocabulary permission (Settings → Connected apps)',
    );
    expect((await acPost(url(), { action: 'deckNames', version: 6, key: 'x'.repeat(40) })).body).toEqual({
      result: null,
      error: 'valid api key must be provided',
    });
    const fromPage = await acPost(url(), { action: 'addNote', version: 6, params: { note: note('Tür') } }, { origin: page });
    expect(fromPage.body.error).toMatch(/has not allowed https:\/\/evil\.example/);
    expect((await acPost(url(), { action: 'version', version: 6 }, { origin: page })).body).toEqual({ result: 6, error: null });
  });

  it('with accounts, requires the key and writes into its account only', async () => {
    const multi = await startMultiUser();
    try {
      const ann = await signedIn(multi.baseUrl, 'ann');
      await ann.request('POST', '/api/v1/languages', { json: { LgName: 'German' } });
      const token = (await ann.request('POST', '/api/v1/auth/tokens', { json: { name: 'yomitan', scopes: ['read', 'vocabulary'] } })).body.token as string;
      const at = `${multi.baseUrl}/ankiconnect`;
      expect((await acPost(at, { action: 'deckNames', version: 6 })).body).toEqual({ result: null, error: 'valid api key must be provided' });
      expect((await acPost(at, { action: 'requestPermission', version: 6 })).body).toEqual({
        result: { permission: 'granted', requireApiKey: true, version: 6 },
        error: null,
      });
      const added = await acPost(at, { action: 'addNote', version: 6, key: token, params: { note: note('Haus') } });
      expect(typeof added.body.result).toBe('number');
      const bob = await signedIn(multi.baseUrl, 'bob');
      await bob.request('POST', '/api/v1/languages', { json: { LgName: 'German' } });
      const bobToken = (await bob.request('POST', '/api/v1/auth/tokens', { json: { name: 'y', scopes: ['read', 'vocabulary'] } })).body.token as string;
      expect((await acPost(at, { action: 'notesInfo', version: 6, key: bobToken, params: { notes: [added.body.result] } })).body.result).toEqual([{}]);
      expect((await acPost(at, { action: 'findNotes', version: 6, key: bobToken, params: { query: 'front:haus' } })).body.result).toEqual([]);
    } finally {
      await multi.close();
    }
  });
});

describe('the AnkiConnect port', () => {
  const core = makeTestCore();
  let blocker: net.Server;
  let server: ReturnType<typeof createHttpServer>;
  let port = 0;
  afterAll(async () => {
    await server?.close();
    core.close();
  });

  it('says when the port is taken, listens once it is free, answers loopback names only, and closes', async () => {
    blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    port = (blocker.address() as AddressInfo).port;
    server = createHttpServer(core, { rendererDir: rendererDir(), ankiConnectPort: port });
    const main = await server.listen(0, '127.0.0.1');
    const configure = (port_enabled: boolean) =>
      fetch(`http://127.0.0.1:${main}/api/v1/ankiconnect`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: `http://127.0.0.1:${main}` },
        body: JSON.stringify({ port_enabled }),
      }).then((r) => r.json());
    const csrf = await fetch(`http://127.0.0.1:${main}/api/v1/csrf-token`);
    const cookie = csrf.headers.get('set-cookie')!.split(';')[0];
    const token = ((await csrf.json()) as { csrf_token: string }).csrf_token;
    const post = (body: unknown) =>
      fetch(`http://127.0.0.1:${main}/api/v1/ankiconnect`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', cookie, 'X-CSRF-TOKEN': token },
        body: JSON.stringify(body),
      }).then((r) => r.json());
    void configure;
    expect((await post({ port_enabled: true })).port).toEqual({ enabled: true, listening: false, error: 'in_use', port: null });
    await new Promise<void>((r) => blocker.close(() => r()));
    expect((await post({ port_enabled: true })).port).toEqual({ enabled: true, listening: true, error: null, port });
    expect((await acPost(`http://127.0.0.1:${port}`, { action: 'version', version: 6 })).body).toEqual({ result: 6, error: null });
    expect((await acPost(`http://localhost:${port}/ankiconnect`, { action: 'deckNames', version: 6 })).body).toEqual({ result: [], error: null });
    const rebinding = await new Promise<number>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/', headers: { Host: `attacker.example:${port}` } }, (res) =>
        resolve(res.statusCode ?? 0),
      );
      req.end('{"action":"deckNames"}');
    });
    expect(rebinding).toBe(403);
    expect((await post({ port_enabled: false })).port).toEqual({ enabled: false, listening: false, error: null, port: null });
    await expect(fetch(`http://127.0.0.1:${port}`)).rejects.toThrow();
  });
});
