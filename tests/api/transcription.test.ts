// Transcription through the NLP service (whisper), against a fake service on 127.0.0.1 with the protocol's
// shapes: job lifecycle (pending → processing → completed, failure, cancel), slow polling, service down,
// job ownership, the kickoff rate limit, type detection from the bytes, and the text made from a result.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertForeignUser, startTestServer, type TestServer } from '../helpers/core';
import { FakeNlp } from '../helpers/fake-listening';
import { makeWav, oggFixture } from '../helpers/audio';

let nlp: FakeNlp;
let s: TestServer;
let lang = 0;
const media: Record<string, Buffer> = {};

const transcribe = (server: TestServer, file: { name: string; data: Buffer }, fields: Record<string, string> = { language: 'en', model: 'base' }) =>
  server.client.upload('/api/v1/whisper/transcribe', file, fields);
const count = (table: string) => (s.core.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const mediaFilesOnDisk = (server: TestServer) => {
  const dir = path.join(server.core.config.dataDir, 'media');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

async function pollUntilDone(id: string) {
  for (let i = 0; i < 10; i++) {
    const st = await s.client.get(`/api/v1/whisper/status/${id}`);
    if (['completed', 'failed', 'cancelled'].includes(st.body.status)) return st;
  }
  throw new Error('job never finished');
}

beforeAll(async () => {
  nlp = await new FakeNlp().start();
  s = await startTestServer({ env: { NLP_SERVICE_URL: nlp.url, NLP_TIMEOUT_MS: '500', LECTIO_RATE_LIMIT_TRANSCRIBE_PER_15_MINUTES: '1000' } });
  lang = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  media.wav = makeWav([{ seconds: 2.4, pause: 0.2 }, { seconds: 2.6 }]);
  media.ogg = oggFixture();
  // A few MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz), silent: what an .mp3 starts with.
  media.mp3 = Buffer.concat(Array.from({ length: 20 }, () => Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)])));
});
afterAll(async () => {
  await s.close();
  await nlp.close();
});

describe('whisper through the NLP service', () => {
  it('reports availability, languages and models', async () => {
    expect((await s.client.get('/api/v1/whisper/available')).body).toEqual({ available: true });
    expect((await s.client.get('/api/v1/whisper/languages')).body.languages).toEqual([
      { code: 'en', name: 'English' },
      { code: 'de', name: 'German' },
    ]);
    expect((await s.client.get('/api/v1/whisper/models')).body).toEqual({ models: ['tiny', 'base', 'small'] });
  });

  it('runs a job to completion and makes the text with its audio and timings', async () => {
    const start = await transcribe(s, { name: 'lesson one.wav', data: media.wav });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ status: 'pending', filename: 'lesson one.wav', progress: 0 });
    const remote = [...nlp.jobs.values()].at(-1)!;
    expect(remote).toMatchObject({ filename: 'lesson one.wav', bytes: media.wav.length, language: 'en', model: 'base' });
    const id = start.body.job_id;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toBe(remote.id);

    const early = await s.client.get(`/api/v1/whisper/result/${id}`);
    expect(early.status).toBe(409);

    const p1 = await s.client.get(`/api/v1/whisper/status/${id}`);
    expect(p1.body).toMatchObject({ status: 'pending', stage: expect.stringMatching(/Waiting/) });
    const p2 = await s.client.get(`/api/v1/whisper/status/${id}`);
    expect(p2.body).toMatchObject({ status: 'processing', progress: 40, stage: 'Transcribing' });
    const p3 = await s.client.get(`/api/v1/whisper/status/${id}`);
    expect(p3.body).toMatchObject({ status: 'completed', progress: 100 });
    // Finished jobs are answered from the store: the service is not asked again.
    const polls = remote.polls;
    await s.client.get(`/api/v1/whisper/status/${id}`);
    expect(remote.polls).toBe(polls);

    const result = await s.client.get(`/api/v1/whisper/result/${id}`);
    expect(result.body).toMatchObject({ text: 'The cat sat on the mat. The dog ran away.', language: 'en', duration_seconds: 5.2, filename: 'lesson one.wav' });
    expect(result.body.segments).toHaveLength(2);
    expect(result.body.media_url).toMatch(/^\/api\/v1\/media\/[0-9a-f]{32}$/);
    const audio = await s.client.get(result.body.media_url);
    expect(Buffer.compare(audio.body, media.wav)).toBe(0);

    const text = await s.client.post(`/api/v1/whisper/job/${id}/text`, {
      language_id: lang,
      title: 'lesson one',
      text: 'The cat sat on the mat. The dog ran away.',
    });
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ TxTitle: 'lesson one', TxAudioURI: result.body.media_url });
    const timings = await s.client.get(`/api/v1/texts/${text.body.TxID}/timings`);
    expect(timings.body).toEqual([
      { order: 1, start: 0, end: 2.4 },
      { order: 2, start: 2.6, end: 5.2 },
    ]);
  });

  it("reports a failed job with the service's reason", async () => {
    nlp.nextScript = [
      { status: 'processing', progress: 10 },
      { status: 'failed', error: 'Audio decoding failed' },
    ];
    const id = (await transcribe(s, { name: 'x.ogg', data: media.ogg })).body.job_id;
    const done = await pollUntilDone(id);
    expect(done.body).toMatchObject({ status: 'failed', error: 'Audio decoding failed', stage: 'Failed' });
    expect((await s.client.get(`/api/v1/whisper/result/${id}`)).status).toBe(409);
    expect((await s.client.delete(`/api/v1/whisper/job/${id}`)).status).toBe(409);
  });

  it('cancels a running job on the service and forgets its media', async () => {
    nlp.nextScript = [{ status: 'processing', progress: 5 }];
    const filesBefore = mediaFilesOnDisk(s);
    const id = (await transcribe(s, { name: 'x.mp3', data: media.mp3 })).body.job_id;
    expect(mediaFilesOnDisk(s)).toBe(filesBefore + 1);
    await s.client.get(`/api/v1/whisper/status/${id}`);
    const cancel = await s.client.delete(`/api/v1/whisper/job/${id}`);
    expect(cancel.body).toMatchObject({ status: 'cancelled' });
    expect([...nlp.jobs.values()].at(-1)!.cancelled).toBe(true);
    expect((await s.client.get(`/api/v1/whisper/status/${id}`)).body.status).toBe('cancelled');
    expect(mediaFilesOnDisk(s)).toBe(filesBefore);
  });

  it('answers slow polling with a timeout, not a hang, and keeps the job', async () => {
    nlp.nextScript = [{ status: 'processing', progress: 50 }];
    const id = (await transcribe(s, { name: 'slow.wav', data: media.wav })).body.job_id;
    nlp.slowMs = 1500;
    const t0 = Date.now();
    const st = await s.client.get(`/api/v1/whisper/status/${id}`);
    nlp.slowMs = 0;
    expect(Date.now() - t0).toBeLessThan(1400);
    expect(st.status).toBe(504);
    expect(st.body.error).toMatch(/did not answer within 500 ms/);
    expect((await s.client.get(`/api/v1/whisper/status/${id}`)).body).toMatchObject({ status: 'processing', progress: 50 });
  });

  it('accepts audio typed from its bytes (WAV, Ogg, MP3 under any name) and refuses the rest, storing nothing', async () => {
    nlp.nextScript = [{ status: 'pending' }];
    for (const [name, data] of [
      ['a.wav', media.wav],
      ['a.ogg', media.ogg],
      ['renamed.bin', media.mp3],
    ] as const) {
      expect((await transcribe(s, { name, data })).status, name).toBe(200);
    }
    const jobs = count('transcription_jobs');
    const files = mediaFilesOnDisk(s);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00'), Buffer.alloc(200, 1)]);
    const refused = await transcribe(s, { name: 'song.mp3', data: zip });
    expect(refused.status).toBe(415);
    expect(refused.body.error).toMatch(/not an audio or video file.*application\/zip/);
    const text = await transcribe(s, { name: 'talk.wav', data: Buffer.from('just some text, really') });
    expect(text.status).toBe(415);
    expect((await transcribe(s, { name: 'e.wav', data: Buffer.alloc(0) })).status).toBe(400);
    expect((await s.client.post('/api/v1/whisper/transcribe', { file: { filename: 'x.wav', path: '/etc/passwd', size: 10 } })).status).toBe(400);
    expect(count('transcription_jobs')).toBe(jobs);
    expect(mediaFilesOnDisk(s)).toBe(files);
    // Temporary upload files are removed when each response closes.
    const tmp = path.join(s.core.config.dataDir, 'tmp');
    for (let i = 0; i < 40 && fs.readdirSync(tmp).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it("keeps jobs to their owner: another user's job id behaves as not found", async () => {
    nlp.nextScript = [{ status: 'completed' }];
    const id = (await transcribe(s, { name: 'mine.wav', data: media.wav })).body.job_id;
    await s.client.get(`/api/v1/whisper/status/${id}`);
    s.core.sqlite.prepare('UPDATE transcription_jobs SET TjUsID = ? WHERE TjID = ?').run(insertForeignUser(s.core, 'zz-jobs'), id);
    const missing = await s.client.get('/api/v1/whisper/status/0123456789abcdef0123456789abcdef');
    for (const res of [
      await s.client.get(`/api/v1/whisper/status/${id}`),
      await s.client.get(`/api/v1/whisper/result/${id}`),
      await s.client.delete(`/api/v1/whisper/job/${id}`),
      await s.client.post(`/api/v1/whisper/job/${id}/text`, { language_id: lang, title: 't', text: 'x' }),
    ]) {
      expect([res.status, res.body.error]).toEqual([missing.status, missing.body.error]);
    }
  });
});

describe('when the NLP service is down', () => {
  let down: TestServer;
  beforeAll(async () => {
    const closed = await new FakeNlp().start();
    const url = closed.url;
    await closed.close();
    down = await startTestServer({ env: { NLP_SERVICE_URL: url, NLP_TIMEOUT_MS: '1000' } });
  });
  afterAll(() => down.close());

  it('says so (available false; 503 naming NLP_SERVICE_URL) and stores nothing', async () => {
    expect((await down.client.get('/api/v1/whisper/available')).body).toEqual({ available: false });
    expect((await down.client.get('/api/v1/whisper/models')).status).toBe(503);
    const res = await transcribe(down, { name: 'a.wav', data: media.wav });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatch(/not reachable.*NLP_SERVICE_URL/);
    expect((down.core.sqlite.prepare('SELECT count(*) AS n FROM transcription_jobs').get() as { n: number }).n).toBe(0);
    expect((down.core.sqlite.prepare('SELECT count(*) AS n FROM media_files').get() as { n: number }).n).toBe(0);
    expect(mediaFilesOnDisk(down)).toBe(0);
  });
});

describe('kickoff rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { NLP_SERVICE_URL: nlp.url } });
  });
  afterAll(() => limited.close());

  it('allows 5 transcriptions per 15 minutes per client, then 429 with Retry-After; polling is not counted', async () => {
    nlp.nextScript = [{ status: 'pending' }];
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await transcribe(limited, { name: `a${i}.wav`, data: media.wav });
      expect(res.status).toBe(200);
      ids.push(res.body.job_id);
    }
    const sixth = await transcribe(limited, { name: 'a6.wav', data: media.wav });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await limited.client.get(`/api/v1/whisper/status/${ids[0]}`)).status).toBe(200);
  });
});
