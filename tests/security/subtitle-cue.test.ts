// Issue 34 item 9: one 5 MB subtitle cue held the event loop for 1.1 s (the whole cue became one "sentence" of
// the text and its timings). A cue longer than any spoken line is skipped and counted, like an unreadable one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { rawUpload, whileWatching } from './hostile';
import { CUE_MAX_CHARS } from '../../src-shared/subtitles/parse';

let s: TestServer;
let languageId: number;
beforeAll(async () => {
  s = await startTestServer();
  languageId = (await s.client.post('/api/v1/languages', { LgName: 'Cues' })).body.LgID;
}, 60_000);
afterAll(async () => s?.close());

describe('a single huge subtitle cue', { timeout: 60_000 }, () => {
  it('is skipped and counted, and the server keeps answering meanwhile', async () => {
    const huge = 'palabra '.repeat(5 * 131_072); // 5 MB of words in one cue
    const srt = `1\n00:00:01,000 --> 00:00:02,000\nHola.\n\n2\n00:00:02,000 --> 00:00:03,000\n${huge}\n\n3\n00:00:03,000 --> 00:00:04,000\nAdiós.\n`;
    const send = rawUpload(s, '/api/v1/texts/import-subtitles', { name: 'huge.srt', data: Buffer.from(srt) }, { language_id: String(languageId) });
    const watched = await whileWatching(s.baseUrl, send);
    expect(watched.result.status, watched.result.text).toBe(200);
    const body = JSON.parse(watched.result.text) as { cues: number; skipped: number; text: { TxText: string } };
    expect(body).toMatchObject({ cues: 2, skipped: 1 });
    expect(body.text.TxText).not.toContain('palabra');
    expect(watched.slowestMs, `/api/v1/version answered in ${Math.round(watched.slowestMs)} ms`).toBeLessThan(250);
  });

  it('a cue just under the cap is kept', async () => {
    const line = 'x'.repeat(CUE_MAX_CHARS - 10);
    const srt = `1\n00:00:01,000 --> 00:00:02,000\n${line}\n`;
    const res = await rawUpload(s, '/api/v1/texts/import-subtitles', { name: 'long.srt', data: Buffer.from(srt) }, { language_id: String(languageId) })();
    expect(res.status, res.text).toBe(200);
  });
});
