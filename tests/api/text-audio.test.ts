// POST /api/v1/texts/{id}/audio over real HTTP (issue 19): an audio file attached to a text is typed from its
// bytes, kept under <dataDir>/media and served by the app with ranges; a file that is not audio is refused with
// nothing stored; another user's text answers like a missing one and keeps nothing either.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { makeWav } from '../helpers/audio';
import { insertForeignLanguage } from '../helpers/core';

let wav: Buffer;
let textId = 0;

const attach = (id: number, name: string, data: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  return s.client.request('POST', `/api/v1/texts/${id}/audio`, { multipart: form });
};
const mediaFiles = () => {
  const dir = path.join(s.core.config.dataDir, 'media');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

const s = withServer();
beforeAll(async () => {
  const lang = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  textId = (await s.client.post('/api/v1/texts', { TxLgID: lang, TxTitle: 'Cat', TxText: 'The cat sat on the mat.' })).body.TxID;
  wav = makeWav([{ seconds: 1.5 }]);
});

describe('attaching audio to a text', () => {
  it('keeps the file in the data directory, points TxAudioURI at it and serves it with ranges', async () => {
    const res = await attach(textId, 'cat.wav', wav);
    expect(res.status).toBe(200);
    expect(res.body.TxAudioURI).toMatch(/^\/api\/v1\/media\/[0-9a-f]{32}$/);
    expect(mediaFiles()).toHaveLength(1);
    expect(fs.readFileSync(path.join(s.core.config.dataDir, 'media', mediaFiles()[0]))).toEqual(wav);
    const part = await s.client.request('GET', res.body.TxAudioURI, { headers: { Range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect((await s.client.get(`/api/v1/texts/${textId}`)).body.TxAudioURI).toBe(res.body.TxAudioURI);
  });

  it('refuses a file that is not audio by its bytes (whatever its name), storing nothing', async () => {
    const before = mediaFiles().length;
    const uri = (await s.client.get(`/api/v1/texts/${textId}`)).body.TxAudioURI;
    const res = await attach(textId, 'notes.mp3', Buffer.from('plain text, not audio'));
    expect(res.status).toBe(415);
    expect(res.body.error).toMatch(/"notes\.mp3" is not an audio or video file/);
    expect(mediaFiles()).toHaveLength(before);
    expect((await s.client.get(`/api/v1/texts/${textId}`)).body.TxAudioURI).toBe(uri);
  });

  it("answers another user's text like a missing one, and keeps no file", async () => {
    const { languageId } = insertForeignLanguage(s.core);
    const foreignText = Number(
      s.core.sqlite
        .prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) SELECT ?, LgUsID, 'x', 'y', 0, 0 FROM languages WHERE LgID = ?")
        .run(languageId, languageId).lastInsertRowid,
    );
    const before = mediaFiles().length;
    expect((await attach(foreignText, 'cat.wav', wav)).status).toBe(404);
    expect((await attach(999_999, 'cat.wav', wav)).status).toBe(404);
    expect(mediaFiles()).toHaveLength(before);
  });
});
