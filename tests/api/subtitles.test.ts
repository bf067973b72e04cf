// Subtitle import (POST /api/v1/texts/import-subtitles) and sentence timings (GET/PUT /api/v1/texts/{id}/timings),
// over real HTTP: SRT with CRLF, VTT with markup, UTF-16, broken cues, the 10 MB limit, audio kept with the text
// and served with ranges, timings surviving an edit of the text.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { makeWav } from '../helpers/audio';
import { insertForeignUser } from '../helpers/core';

let lang = 0;
let wav: Buffer;

const SRT = [
  '1',
  '00:00:00,500 --> 00:00:02,000',
  'The cat sat',
  '',
  '2',
  '00:00:02,100 --> 00:00:03,500',
  'on the mat. The dog',
  '',
  '3',
  '00:00:03,600 --> 00:00:05,000',
  '<i>ran away.</i>',
  '',
].join('\r\n');

const VTT = `WEBVTT

STYLE
::cue { color: lime }

NOTE a note that must vanish

1
00:00:01.000 --> 00:00:02.000 align:start position:10%
<v Mary>Good <b>morning</b>.</v>

00:00:02.500 --> 00:00:04.000
<c.loud>How are you?</c>
`;

const upload = (name: string, data: Buffer, fields: Record<string, string> = {}, extra?: { name: string; data: Buffer }) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  if (extra) form.append('audio', new Blob([new Uint8Array(extra.data)]), extra.name);
  return s.client.request('POST', '/api/v1/texts/import-subtitles', { multipart: form });
};
const textCount = () => (s.core.sqlite.prepare('SELECT count(*) AS n FROM texts').get() as { n: number }).n;

const s = withServer();
beforeAll(async () => {
  lang = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  wav = makeWav([{ seconds: 1.5 }]);
});

describe('subtitle import', () => {
  it('imports an SRT with CRLF: cues joined into sentences, each timed', async () => {
    const res = await upload('lesson.srt', Buffer.from(SRT), { language_id: String(lang) });
    expect(res.status).toBe(200);
    expect(res.body.text.TxTitle).toBe('lesson');
    expect(res.body.text.TxText).toBe('The cat sat on the mat. The dog ran away.');
    expect(res.body).toMatchObject({ cues: 3, skipped: 0, timings: 2 });
    const timings = await s.client.get(`/api/v1/texts/${res.body.text.TxID}/timings`);
    expect(timings.body).toHaveLength(2);
    expect(timings.body[0]).toMatchObject({ order: 1, start: 0.5 });
    expect(timings.body[0].end).toBeGreaterThan(2.1);
    expect(timings.body[1].start).toBeGreaterThan(2.1);
    expect(timings.body[1].end).toBe(5);
  });

  it('imports a VTT without tags, NOTE, STYLE or positions, with the given title', async () => {
    const res = await upload('x.vtt', Buffer.from(VTT), { language_id: String(lang), title: 'Greetings' });
    expect(res.status).toBe(200);
    expect(res.body.text.TxTitle).toBe('Greetings');
    expect(res.body.text.TxText).toBe('Good morning. How are you?');
  });

  it('reads UTF-16 files and counts broken cues', async () => {
    const broken =
      '1\n00:00:01,000 --> 00:00:02,000\nGuten Tag.\n\n2\n00:00:zz,000 --> 00:00:03,000\nKaputt.\n\n3\n00:00:04,000 --> 00:00:05,000\nAuf Wiedersehen.\n';
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(broken, 'utf16le')]);
    const res = await upload('de.srt', bytes, { language_id: String(lang) });
    expect(res.status).toBe(200);
    expect(res.body.text.TxText).toBe('Guten Tag. Auf Wiedersehen.');
    expect(res.body.skipped).toBe(1);
  });

  it('refuses an 11 MB file naming the limit, and stores nothing', async () => {
    const before = textCount();
    const cue = (i: number) => `${i}\n00:00:01,000 --> 00:00:02,000\nSome words here for padding the file.\n\n`;
    let big = '';
    for (let i = 1; big.length < 11 * 1024 * 1024; i++) big += cue(i);
    const res = await upload('big.srt', Buffer.from(big), { language_id: String(lang) });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatch(/10 MB/);
    expect(textCount()).toBe(before);
  });

  it('refuses bad input with clear errors and stores nothing', async () => {
    const before = textCount();
    expect((await upload('notes.txt', Buffer.from(SRT), { language_id: String(lang) })).body.error).toMatch(/srt or \.vtt/);
    const empty = await upload('empty.srt', Buffer.from('just text\n\nno cues'), { language_id: String(lang) });
    expect([empty.status, empty.body.error]).toEqual([400, expect.stringMatching(/No subtitles found.*2 broken/)]);
    expect((await upload('a.srt', Buffer.from(SRT), {})).status).toBe(400);
    expect((await upload('a.srt', Buffer.from(SRT), { language_id: '99999' })).status).toBe(404);
    const fakeAudio = await upload(
      'a.srt',
      Buffer.from(SRT),
      { language_id: String(lang) },
      { name: 'a.mp3', data: Buffer.from('PK\x03\x04 not audio at all, a zip header') },
    );
    expect(fakeAudio.status).toBe(415);
    expect(textCount()).toBe(before);
  });

  it('keeps the audio with the text and serves it with ranges to its owner', async () => {
    const res = await upload('cat.srt', Buffer.from(SRT), { language_id: String(lang) }, { name: 'cat.wav', data: wav });
    expect(res.status).toBe(200);
    const uri: string = res.body.text.TxAudioURI;
    expect(uri).toMatch(/^\/api\/v1\/media\/[0-9a-f]{32}$/);
    const full = await s.client.get(uri);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toMatch(/^audio\//);
    expect(Buffer.compare(full.body, wav)).toBe(0);
    const part = await s.client.get(uri, { range: 'bytes=4-11' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${wav.length}`);
    expect(part.body.toString('latin1')).toBe(wav.subarray(4, 12).toString('latin1'));
    expect((await s.client.get(uri, { range: `bytes=${wav.length + 10}-` })).status).toBe(416);
    // Deleting the text orphans its audio: removed (row and file) at the owner's next upload, once an hour old.
    const id = uri.split('/').pop()!;
    const file = path.join(s.core.config.dataDir, 'media', `${id}.wav`);
    expect(fs.existsSync(file)).toBe(true);
    const keep = await upload('keep.srt', Buffer.from(SRT), { language_id: String(lang) }, { name: 'keep.wav', data: wav });
    expect((await s.client.delete(`/api/v1/texts/${res.body.text.TxID}`)).status).toBe(200);
    s.core.sqlite.prepare('UPDATE media_files SET MfCreated = 0').run();
    await upload('again.srt', Buffer.from(SRT), { language_id: String(lang) }, { name: 'again.wav', data: wav });
    expect(fs.existsSync(file)).toBe(false);
    expect((await s.client.get(uri)).status).toBe(404);
    expect((await s.client.get(keep.body.text.TxAudioURI)).status).toBe(200);
    // Another user's media behaves as missing.
    const keepUri: string = keep.body.text.TxAudioURI;
    s.core.sqlite.prepare('UPDATE media_files SET MfUsID = ? WHERE MfID = ?').run(insertForeignUser(s.core), keepUri.split('/').pop());
    expect((await s.client.get(keepUri)).status).toBe(404);
  });
});

describe('timings', () => {
  it('saves manual timings, validates them, and keeps them for unchanged sentences through an edit', async () => {
    const text = (
      await s.client.post('/api/v1/texts', { TxLgID: lang, TxTitle: 'Manual', TxText: 'One sentence here. Two sentence here. Three sentence here.' })
    ).body;
    const put = await s.client.put(`/api/v1/texts/${text.TxID}/timings`, {
      timings: [
        { order: 1, start: 0 },
        { order: 2, start: 1.5 },
        { order: 3, start: 3.25, end: 5 },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual([
      { order: 1, start: 0, end: 1.5 },
      { order: 2, start: 1.5, end: 3.25 },
      { order: 3, start: 3.25, end: 5 },
    ]);
    expect((await s.client.put(`/api/v1/texts/${text.TxID}/timings`, { timings: [{ order: 9, start: 0 }] })).body.error).toMatch(/no sentence 9/);
    expect(
      (
        await s.client.put(`/api/v1/texts/${text.TxID}/timings`, {
          timings: [
            { order: 1, start: 4 },
            { order: 2, start: 1 },
          ],
        })
      ).body.error,
    ).toMatch(/starts before/);
    expect((await s.client.put(`/api/v1/texts/${text.TxID}/timings`, { timings: [{ order: 1, start: -1 }] })).status).toBe(400);
    // Edit: a new first sentence, the second changed, the third unchanged.
    await s.client.put(`/api/v1/texts/${text.TxID}`, { TxText: 'A new start. One sentence here. Two changed words. Three sentence here.' });
    const after = await s.client.get(`/api/v1/texts/${text.TxID}/timings`);
    expect(after.body).toEqual([
      { order: 2, start: 0, end: 1.5 },
      { order: 4, start: 3.25, end: 5 },
    ]);
  });

  it("answers another user's or a missing text as not found", async () => {
    expect((await s.client.get('/api/v1/texts/999999/timings')).status).toBe(404);
    expect((await s.client.put('/api/v1/texts/999999/timings', { timings: [] })).status).toBe(404);
  });
});
