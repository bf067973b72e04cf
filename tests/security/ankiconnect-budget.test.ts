// Issue 43: /ankiconnect has a body budget like /api/v1's — a request's body capped, the bodies held at once
// counted per caller and in all (429 before a byte is read) — and storeMediaFile a size cap and a per-day total
// per learner: past either the tool is told why and nothing is stored.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../src-main/http/server';
import { rendererDir } from '../../src-main/core/paths';
import { ANKICONNECT_MAX_MEDIA_BYTES } from '../../src-shared/contract/ankiconnect';
import { acPost, wavBase64 } from '../helpers/ankiconnect-client';
import { makeTestCore } from '../helpers/core';

const MB = 1024 * 1024;
// 1 MB of mined media a day, and 4 MB of bodies in flight per caller: small enough for a test.
const core = makeTestCore({ env: { LECTIO_ANKICONNECT_MEDIA_MB_PER_DAY: '1' } });
let server: ReturnType<typeof createHttpServer>;
let url = '';
const mediaCount = () => (core.sqlite.prepare('SELECT COUNT(*) AS n FROM media_files').get() as { n: number }).n;

beforeAll(async () => {
  server = createHttpServer(core, { rendererDir: rendererDir(), bodyBudget: { perCaller: 4 * MB, total: 8 * MB } });
  url = `http://127.0.0.1:${await server.listen(0, '127.0.0.1')}/ankiconnect`;
});
afterAll(async () => {
  await server?.close();
  core.cleanup();
});

/** A request that declares `bytes` and sends only its first ones: it holds its reservation until aborted. */
function holdBody(bytes: number): Promise<http.ClientRequest> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': bytes } });
    req.on('error', () => undefined);
    req.write('{"action": "storeMediaFile", "version": 6, "params": {"filename": "x.wav", "data": "', () => setTimeout(() => resolve(req), 100));
  });
}

describe('the body budget of /ankiconnect', () => {
  it('refuses a body that does not fit beside the caller’s others (429), and takes it once they are done', async () => {
    const held = await holdBody(3 * MB);
    const second = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(3 * MB) },
      body: 'x'.repeat(3 * MB),
    });
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe('1');
    expect(((await second.json()) as { error: string }).error).toMatch(/busy reading other large requests/);
    held.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect((await acPost(url, { action: 'version', version: 6 })).body).toEqual({ result: 6, error: null });
  });
});

describe('storeMediaFile', () => {
  it('refuses a file over the size cap without decoding it, and stores nothing', async () => {
    const data = Buffer.alloc(ANKICONNECT_MAX_MEDIA_BYTES + 1024).toString('base64');
    const answer = await acPost(url, { action: 'storeMediaFile', version: 6, params: { filename: 'huge.wav', data } });
    expect(answer.body).toEqual({
      result: null,
      error: `huge.wav is larger than ${ANKICONNECT_MAX_MEDIA_BYTES / MB} MB: Lectio keeps mined media up to that size`,
    });
    expect(mediaCount()).toBe(0);
  });

  it('stores at most the day’s total per learner, and again a day later', async () => {
    const clip = wavBase64(200_000); // 400 KB of silence (16-bit samples)
    const store = (name: string) => acPost(url, { action: 'storeMediaFile', version: 6, params: { filename: name, data: clip } });
    expect((await store('a.wav')).body).toEqual({ result: 'a.wav', error: null });
    expect((await store('b.wav')).body).toEqual({ result: 'b.wav', error: null });
    expect((await store('c.wav')).body).toEqual({
      result: null,
      error: 'Lectio has stored 1 MB of mined media today, as much as a day allows; c.wav was not stored',
    });
    expect(mediaCount()).toBe(2);
    core.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect((await store('c.wav')).body).toEqual({ result: 'c.wav', error: null });
    expect(mediaCount()).toBe(3);
  });
});
