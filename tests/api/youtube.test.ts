// Video transcripts against a fake YouTube on 127.0.0.1 with the real response shapes: without a key (the watch
// page's player response lists the signed caption tracks, read as json3), with a Data API key (metadata from the
// API, captions still from the page), ids and links, a bad key, offline, import as a text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { withServer } from '../helpers/with-server';
import { videoIdOf } from '../../src-main/modules/youtube';
import { FakeYoutube } from '../helpers/fake-listening';

let yt: FakeYoutube;
let lang = 0;

// No YT_API_KEY: the way a learner's machine starts.
const s = withServer({ core: { outboundAllowance: { allowHosts: ['127.0.0.1'] } } });
beforeAll(async () => {
  yt = await new FakeYoutube().start();
  await s.client.post('/api/v1/settings', { key: 'youtubeApiBaseUrl', value: `${yt.url}/youtube/v3` });
  await s.client.post('/api/v1/settings', { key: 'youtubeWatchBaseUrl', value: yt.url });
  lang = (await s.client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body.LgID;
});
afterAll(async () => {
  await yt.close();
});

describe('video ids', () => {
  it('accepts ids and watch/short/embed/youtu.be links, reduced to the id', () => {
    for (const ref of [
      'dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'youtube.com/watch?v=dQw4w9WgXcQ',
      'https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ?start=3',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/live/dQw4w9WgXcQ',
    ])
      expect(videoIdOf(ref), ref).toBe('dQw4w9WgXcQ');
  });
  it('refuses everything else', () => {
    for (const ref of [
      '',
      'short',
      'dQw4w9WgXcQ!',
      'a'.repeat(13),
      'https://evil.example/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=<script>',
      'javascript:alert(1)',
      'https://www.youtube.com/channel/UC123',
    ])
      expect(videoIdOf(ref), ref).toBeNull();
  });
});

describe('without a key: the watch page', () => {
  it('is usable without a key, and says no key is set', async () => {
    expect((await s.client.get('/api/v1/youtube/configured')).body).toEqual({ configured: true, api_key: false });
  });

  it('lists the caption tracks the watch page publishes', async () => {
    const res = await s.client.get('/api/v1/youtube?video_id=' + encodeURIComponent('https://youtu.be/dQw4w9WgXcQ'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      video_id: 'dQw4w9WgXcQ',
      captions: [
        { id: 'a.en', language: 'en', name: '', kind: 'asr' },
        { id: '.de', language: 'de', name: '', kind: 'standard' },
      ],
    });
    expect(yt.seen.at(-1)).toMatch(/^\/watch\?v=dQw4w9WgXcQ/);
    expect(yt.keysSeen).toEqual([]);
  });

  it("gives title, channel, description and the transcript from the track's signed URL as json3", async () => {
    yt.seen = [];
    const res = await s.client.get('/api/v1/youtube/video?video_id=dQw4w9WgXcQ&lang=de');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      video_id: 'dQw4w9WgXcQ',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      title: 'Deutsch lernen: Im Café',
      channel: 'Deutsch mit Anna',
      description: 'Eine kurze Szene im Café.\nMehr Videos auf dem Kanal.',
    });
    expect(res.body.transcript.language).toBe('de');
    expect(res.body.transcript.text).toBe("Guten Morgen! Ich hätte gern einen Kaffee. Das macht 'drei' Euro.");
    expect(res.body.transcript.cues[0]).toEqual({ start: 0.5, end: 2.6, text: 'Guten Morgen! Ich hätte' });
    const track = new URL(yt.seen.at(-1)!, 'http://x');
    expect(track.pathname).toBe('/api/timedtext');
    expect(Object.fromEntries(track.searchParams)).toMatchObject({ v: 'dQw4w9WgXcQ', lang: 'de', signature: '3A4B', fmt: 'json3' });
  });

  it('without a language asked for, takes the spoken one (the automatic track tells it); automatic captions read', async () => {
    const res = await s.client.get('/api/v1/youtube/video?video_id=dQw4w9WgXcQ');
    expect(res.body.transcript).toMatchObject({ language: 'en', text: 'good morning i would like a coffee' });
    expect(res.body.transcript.cues[1]).toEqual({ start: 2.7, end: 4.5, text: 'like a coffee' });
  });

  it('says why there is no transcript', async () => {
    expect((await s.client.get('/api/v1/youtube/video?video_id=privcaps123')).body).toMatchObject({
      title: 'Private captions',
      transcript: null,
      transcript_note: 'The captions are not public',
    });
    expect((await s.client.get('/api/v1/youtube/video?video_id=nocaptions1')).body).toMatchObject({
      captions: [],
      transcript: null,
      transcript_note: 'The video has no captions',
    });
    expect((await s.client.get('/api/v1/youtube/video?video_id=dQw4w9WgXcQ&lang=ja')).body).toMatchObject({
      transcript: null,
      transcript_note: 'No captions in "ja"',
      transcript_note_message: { code: 'youtube.noCaptionsIn', params: { lang: 'ja' } },
    });
  });

  it('never follows a track the page points at another site', async () => {
    const res = await s.client.get('/api/v1/youtube/video?video_id=foreignCaps');
    expect(res.body).toMatchObject({ transcript: null, transcript_note_message: { code: 'youtube.captionsFailed' } });
  });

  it('imports the transcript as a text keeping the video link, with sentence timings', async () => {
    const res = await s.client.post('/api/v1/youtube/import', { video_id: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', language_id: lang, lang: 'de' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      TxTitle: 'Deutsch lernen: Im Café',
      TxSourceURI: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      TxText: "Guten Morgen! Ich hätte gern einen Kaffee. Das macht 'drei' Euro.",
    });
    const timings = (await s.client.get(`/api/v1/texts/${res.body.TxID}/timings`)).body;
    expect(timings).toHaveLength(3);
    expect(timings[0]).toMatchObject({ order: 1, start: 0.5 });
    expect(timings[2]).toMatchObject({ order: 3, start: 4.6, end: 6.6 });
  });

  it('refuses bad ids and unknown videos, storing nothing', async () => {
    const bad = await s.client.get('/api/v1/youtube/video?video_id=' + encodeURIComponent('https://evil.example/watch?v=dQw4w9WgXcQ'));
    expect([bad.status, bad.body.error]).toEqual([400, expect.stringMatching(/Not a YouTube video id or link/)]);
    expect((await s.client.get('/api/v1/youtube/video')).status).toBe(400);
    expect((await s.client.get('/api/v1/youtube/video?video_id=AAAAAAAAAAA')).status).toBe(404);
    const texts = (s.core.sqlite.prepare('SELECT count(*) AS n FROM texts').get() as { n: number }).n;
    expect((await s.client.post('/api/v1/youtube/import', { video_id: 'AAAAAAAAAAA', language_id: lang })).status).toBe(404);
    expect((s.core.sqlite.prepare('SELECT count(*) AS n FROM texts').get() as { n: number }).n).toBe(texts);
  });
});

describe('with a Data API key (the Settings field)', () => {
  beforeAll(async () => {
    await s.client.post('/api/v1/settings', { key: 'youtubeApiKey', value: 'test-key' });
  });
  afterAll(async () => {
    await s.client.post('/api/v1/settings', { key: 'youtubeApiKey', value: '' });
  });

  it('takes the details from the API and the captions from the page', async () => {
    expect((await s.client.get('/api/v1/youtube/configured')).body).toEqual({ configured: true, api_key: true });
    const res = await s.client.get('/api/v1/youtube/video?video_id=dQw4w9WgXcQ');
    expect(yt.keysSeen.at(-1)).toBe('test-key');
    // The API's defaultAudioLanguage (de) chooses the track now.
    expect(res.body).toMatchObject({ title: 'Deutsch lernen: Im Café', channel: 'Deutsch mit Anna', transcript: { language: 'de' } });
    expect((await s.client.get('/api/v1/youtube/video?video_id=AAAAAAAAAAA')).status).toBe(404);
  });

  it('says so when the key is refused', async () => {
    await s.client.post('/api/v1/settings', { key: 'youtubeApiKey', value: 'wrong-key' });
    const wrong = await s.client.get('/api/v1/youtube/video?video_id=dQw4w9WgXcQ');
    expect([wrong.status, wrong.body.error]).toEqual([502, expect.stringMatching(/check the API key/)]);
  });
});

describe('offline', () => {
  it('says "You seem to be offline" with one code, whatever the system said', async () => {
    await s.client.post('/api/v1/settings', { key: 'youtubeWatchBaseUrl', value: 'http://www.youtube.invalid' });
    const res = await s.client.get('/api/v1/youtube/video?video_id=dQw4w9WgXcQ');
    await s.client.post('/api/v1/settings', { key: 'youtubeWatchBaseUrl', value: yt.url });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'net.offline', error: 'You seem to be offline: www.youtube.invalid could not be reached', reason: 'offline' });
    expect(JSON.stringify(res.body)).not.toMatch(/ENOTFOUND|EAI_AGAIN|getaddrinfo/);
  });
});

describe('without the test allowance', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer();
    await guarded.client.post('/api/v1/settings', { key: 'youtubeWatchBaseUrl', value: yt.url });
  });
  afterAll(() => guarded.close());

  it('cannot be pointed at loopback through the base URL setting', async () => {
    const res = await guarded.client.get('/api/v1/youtube/video?video_id=dQw4w9WgXcQ');
    expect(res.status).toBe(502);
    expect(res.body.error).toMatch(/private, loopback or reserved/);
  });
});
