// Response compression (issue 18): large JSON answers go br or gzip to a client that asks, only where it pays —
// not on loopback by default. Raw HTTP on 127.0.0.1 so the bytes on the wire are what is checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import zlib from 'node:zlib';
import { makeTestCore, type TestCore } from '../helpers/core';
import { createHttpServer, type LectioHttpServer } from '../../src-main/http/server';
import { rendererDir } from '../../src-main/core/paths';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (r: Raw): string =>
  (r.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(r.body)
      : r.body
  ).toString('utf8');

let core: TestCore;
let plain: LectioHttpServer;
let compressing: LectioHttpServer;
let plainPort: number;
let port: number;
let bigText: number;
let smallText: number;

beforeAll(async () => {
  core = makeTestCore();
  plain = createHttpServer(core, { rendererDir: rendererDir() });
  compressing = createHttpServer(core, { rendererDir: rendererDir(), compressLoopback: true });
  plainPort = await plain.listen(0, '127.0.0.1');
  port = await compressing.listen(0, '127.0.0.1');
  const { LgID } = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
  const sentence = 'Der alte Hund schläft heute lange im warmen Garten hinter dem Haus. ';
  bigText = ((await core.dispatch('texts.create', { TxLgID: LgID, TxTitle: 'big', TxText: sentence.repeat(200) })) as { TxID: number }).TxID;
  smallText = ((await core.dispatch('texts.create', { TxLgID: LgID, TxTitle: 'small', TxText: 'Ein Satz.' })) as { TxID: number }).TxID;
});
afterAll(async () => {
  await plain.close();
  await compressing.close();
  core.cleanup();
});

describe('response compression', () => {
  it('sends a large answer to a loopback client as it is by default, whatever it accepts', async () => {
    const r = await get(plainPort, `/api/v1/texts/${bigText}/words`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toBeUndefined();
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeGreaterThan(100_000);
  });

  it('compresses a large answer with br (preferred) or gzip when compression applies, to the same JSON', async () => {
    const identity = await get(port, `/api/v1/texts/${bigText}/words`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    const expected = identity.body.toString('utf8');
    const br = await get(port, `/api/v1/texts/${bigText}/words`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(identity.body.length / 5);
    expect(decode(br)).toBe(expected);
    const gz = await get(port, `/api/v1/texts/${bigText}/words`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(expected);
    // Weights: gzip preferred by q, br refused, everything refused.
    expect((await get(port, `/api/v1/texts/${bigText}/words`, { 'accept-encoding': 'br;q=0.5, gzip' })).headers['content-encoding']).toBe('gzip');
    expect((await get(port, `/api/v1/texts/${bigText}/words`, { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    expect((await get(port, `/api/v1/texts/${bigText}/words`, { 'accept-encoding': '*;q=0' })).headers['content-encoding']).toBeUndefined();
    expect((await get(port, `/api/v1/texts/${bigText}/words`, { 'accept-encoding': 'identity' })).headers['content-encoding']).toBeUndefined();
  });

  it('sends a small answer as it is, and HEAD without a body', async () => {
    const small = await get(port, `/api/v1/texts/${smallText}/words`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8')).TxID).toBe(smallText);
    const head = await get(port, `/api/v1/texts/${bigText}/words`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});
