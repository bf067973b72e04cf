// A 500 MB upload to /api/v1/whisper/transcribe is streamed: to a temporary file, then to the NLP service,
// with the process's memory staying flat (measured while the bytes flow). The body is generated as it is
// sent (one reused 1 MB chunk), so nothing here holds 500 MB either.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { FakeNlp } from '../helpers/fake-listening';
import { wavHeader } from '../helpers/audio';

const SIZE = 500 * 1024 * 1024;
let nlp: FakeNlp;
let s: TestServer;

beforeAll(async () => {
  nlp = await new FakeNlp().start();
  s = await startTestServer({ env: { NLP_SERVICE_URL: nlp.url } });
});
afterAll(async () => {
  await s.close();
  await nlp.close();
});

/** A WAV header (RIFF/WAVE, 16-bit mono 16 kHz) followed by silence, `size` bytes in all. */
function wavStream(size: number): Readable {
  const header = wavHeader(size - 44, 16000);
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent = header.length;
        this.push(header);
        return;
      }
      if (sent >= size) return void this.push(null);
      const n = Math.min(chunk.length, size - sent);
      sent += n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

async function uploadLarge(baseUrl: string, cookie: string, csrf: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = '----lectiotest500';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nen\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/api/v1/whisper/transcribe`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
          cookie,
          'x-csrf-token': csrf,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body });
          req.destroy();
        });
      },
    );
    req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    req.write(head);
    const file = wavStream(size);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

it('streams a 500 MB upload to disk and on to the service with flat memory', async () => {
  const cookie = (s.client as unknown as { cookie: string }).cookie;
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const res = await uploadLarge(s.baseUrl, cookie, s.client.csrfToken, SIZE);
  clearInterval(timer);
  expect(res.status, res.body).toBe(200);
  const job = [...nlp.jobs.values()].at(-1)!;
  expect(job.bytes).toBe(SIZE);
  expect(job.filename).toBe('long.wav');
  const stored = s.core.sqlite.prepare('SELECT MfID, MfExt, MfSize, MfType FROM media_files').get() as {
    MfID: string;
    MfExt: string;
    MfSize: number;
    MfType: string;
  };
  expect(stored).toMatchObject({ MfSize: SIZE, MfType: 'audio/wav' });
  expect(fs.statSync(path.join(s.core.config.dataDir, 'media', `${stored.MfID}.${stored.MfExt}`)).size).toBe(SIZE);
  const growthMb = (peak - idle) / 1024 / 1024;
  console.log(`upload_500mb_peak_rss_growth_mb: ${growthMb.toFixed(1)}`);
  expect(growthMb).toBeLessThan(100);
}, 60_000);

it('refuses a body declared over 500 MB before reading it, naming the limit', async () => {
  const cookie = (s.client as unknown as { cookie: string }).cookie;
  const t0 = Date.now();
  const res = await uploadLarge(s.baseUrl, cookie, s.client.csrfToken, SIZE + 20 * 1024 * 1024);
  expect(Date.now() - t0).toBeLessThan(5000);
  expect(res.status).toBe(413);
  expect(res.body).toMatch(/500 MB/);
}, 60_000);
