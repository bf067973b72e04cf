// Issue 21, items 3, 4, 6, 9: the HTTP server refuses before reading, answers malformed requests with 4xx, drops
// slow clients, caps connections and header lines, and answers loopback sockets only in single-user mode.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src-main/core/config';
import { rendererDir } from '../../src-main/core/paths';
import { createHttpServer, isAllowedSocket } from '../../src-main/http/server';
import { makeTestCore, startTestServer, tempDir, type TestServer } from '../helpers/core';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

const port = () => Number(new URL(s.baseUrl).port);

/** Raw request: headers, then up to `bodyBytes` streamed in 64 KB chunks until the server answers. */
async function streamUpload(p: number, headers: string[], bodyBytes: number): Promise<{ status: number; sent: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(p, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let done = false;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, sent, text: answer });
    };
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      if (/\r\n\r\n[\s\S]*\}/.test(answer)) finish();
    });
    socket.on('error', () => finish());
    socket.on('close', () => finish());
    socket.on('connect', () => {
      socket.write(headers.join('\r\n') + '\r\n\r\n');
      const pump = () => {
        while (!done && sent < bodyBytes) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
      };
      pump();
    });
    setTimeout(() => (done ? undefined : reject(new Error('no answer'))), 20_000);
  });
}

/** GET on a new connection (no pooled keep-alive socket), Host: localhost. */
function freshGet(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: { host: 'localhost' } }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      })
      .on('error', reject);
  });
}

/** Bytes the server had read from the request's socket when it answered. */
function serverBytesRead(server: TestServer): { last: () => number } {
  let last = -1;
  server.http.server.on('request', (req, res) => res.once('finish', () => (last = req.socket.bytesRead)));
  return { last: () => last };
}

describe('refuse before reading (item 3)', () => {
  it('refuses a 450 MB upload without a CSRF token after reading less than 1 MB of it', async () => {
    const read = serverBytesRead(s);
    const declared = 450 * 1024 * 1024;
    const res = await streamUpload(
      port(),
      ['POST /api/v1/local-dictionaries/upload HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: multipart/form-data; boundary=x', `Content-Length: ${declared}`],
      declared,
    );
    expect(res.status).toBe(413);
    expect(read.last()).toBeGreaterThan(0);
    expect(read.last()).toBeLessThan(1024 * 1024);
    expect(res.sent).toBeLessThan(declared);
  });

  it('refuses a chunked upload without a token once it passes 1 MB, and a foreign Origin from the headers alone', async () => {
    const read = serverBytesRead(s);
    const chunked = await streamUpload(
      port(),
      ['POST /api/v1/local-dictionaries/upload HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: multipart/form-data; boundary=x', 'Transfer-Encoding: chunked'],
      450 * 1024 * 1024,
    );
    expect([403, 413, 400]).toContain(chunked.status);
    expect(read.last()).toBeLessThan(4 * 1024 * 1024);
    const foreign = await streamUpload(
      port(),
      [
        'POST /api/v1/local-dictionaries/upload HTTP/1.1',
        'Host: 127.0.0.1',
        'Origin: https://evil.example',
        'Content-Type: multipart/form-data; boundary=x',
        'Content-Length: 104857600',
      ],
      100 * 1024 * 1024,
    );
    expect(foreign.status).toBe(401);
    expect(foreign.text).toContain('Cross-site request refused: https://evil.example is not this app');
    expect(read.last()).toBeLessThan(1024 * 1024);
  });

  it('refuses a multipart form whose file comes before its _csrf_token', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('Haus,house\n')]), 'a.csv');
    form.append('_csrf_token', s.client.csrfToken);
    form.append('language_id', '1');
    const res = await s.client.request('POST', '/api/v1/local-dictionaries/upload', { multipart: form, csrf: false });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/before its files/);
  });
});

describe('HTTP edges', () => {
  it('answers malformed percent-encoding with 400, not 500 (item 4)', async () => {
    for (const p of ['/%E0%A4%A', '/assets/%', '/api/v1/languages/%zz']) {
      const res = await s.client.get(p);
      expect(res.status, p).toBe(400);
      expect(res.body.error).toMatch(/percent-encoding/);
    }
  });

  it('answers 431 to too many header lines', async () => {
    const headers = ['GET /api/v1/version HTTP/1.1', 'Host: 127.0.0.1', ...Array.from({ length: 150 }, (_, i) => `X-Filler-${i}: x`)];
    const res = await streamUpload(port(), headers, 0);
    expect(res.status).toBe(431);
  });

  it('times a body by its size: a large upload may take its time at a steady rate, a stalled one is closed with 408', async () => {
    const core = makeTestCore();
    // Scaled down: every body 1 s, or its size at 4 KB/s; never 600 ms without a byte.
    const server = createHttpServer(core, { rendererDir: rendererDir(), arrival: { requestMs: 1000, minBytesPerSecond: 4096, stallMs: 600 } });
    const p = await server.listen(0, '127.0.0.1');
    const page = await fetch(`http://127.0.0.1:${p}/`);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0];
    const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    /** Sends a JSON body of `size` bytes in `pieces` steps `everyMs` apart; resolves with the status (0: closed without one) and the time taken. */
    const send = (size: number, pieces: number, everyMs: number, stallAfter = Infinity) =>
      new Promise<{ status: number; ms: number }>((resolve) => {
        const body = Buffer.from(JSON.stringify({ LgName: 'Slow', LgTextSize: 100, padding: 'x'.repeat(size - 60) }).padEnd(size, ' '));
        const started = performance.now();
        const sock = net.connect(p, '127.0.0.1', () => {
          sock.write(
            `POST /api/v1/languages HTTP/1.1\r\nHost: 127.0.0.1:${p}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nCookie: ${cookie}\r\nX-CSRF-Token: ${csrf}\r\n\r\n`,
          );
          let k = 0;
          const step = Math.ceil(body.length / pieces);
          const drip = setInterval(() => {
            if (k >= stallAfter || !sock.writable) return;
            sock.write(body.subarray(k * step, (k + 1) * step));
            if (++k * step >= body.length) clearInterval(drip);
          }, everyMs);
          sock.on('close', () => clearInterval(drip));
        });
        let answer = '';
        sock.on('data', (d) => (answer += d.toString()));
        sock.on('error', () => undefined);
        sock.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0), ms: performance.now() - started }));
        setTimeout(() => sock.end(), 8000);
      });
    try {
      // 12 KB at ~6 KB/s: 2 s, longer than the 1 s every body gets, within the 3 s its size allows.
      const steady = await send(12 * 1024, 8, 250);
      expect(steady.status).toBe(200);
      // The same body stopping halfway: closed with 408 after the stall, not left hanging.
      const stalled = await send(12 * 1024, 8, 250, 4);
      expect(stalled.status).toBe(408);
      expect(stalled.ms).toBeLessThan(3000);
      // A small body trickled slower than the 1 s it may take: 408.
      const trickle = await send(2048, 20, 200);
      expect(trickle.status).toBe(408);
    } finally {
      await server.close();
      core.close();
    }
  });

  it('closes slow clients at the headers timeout and caps connections per client (item 6)', async () => {
    const core = makeTestCore();
    const server = createHttpServer(core, { rendererDir: rendererDir(), headersTimeoutMs: 1000, maxConnectionsPerClient: 8 });
    const p = await server.listen(0, '127.0.0.1');
    try {
      const started = performance.now();
      const closedAfter = await Promise.all(
        Array.from(
          { length: 5 },
          () =>
            new Promise<number>((resolve) => {
              const sock = net.connect(p, '127.0.0.1', () => sock.write('GET /api/v1/version HTTP/1.1\r\nHost: 127.0.0.1\r\n'));
              const drip = setInterval(() => sock.writable && sock.write('X'), 200);
              sock.on('data', () => undefined);
              sock.on('error', () => undefined);
              sock.on('close', () => {
                clearInterval(drip);
                resolve(performance.now() - started);
              });
            }),
        ),
      );
      for (const ms of closedAfter) expect(ms).toBeLessThan(5000);
      // Nine connections at once from one address: the ninth is closed without an answer.
      const socks = await Promise.all(
        Array.from(
          { length: 9 },
          () =>
            new Promise<net.Socket>((resolve) => {
              const c = net.connect(p, '127.0.0.1', () => resolve(c));
              c.on('error', () => undefined);
            }),
        ),
      );
      const closed = await new Promise<number>((resolve) => {
        let n = 0;
        for (const c of socks) c.once('close', () => n++);
        setTimeout(() => resolve(n), 500);
      });
      expect(closed).toBe(1);
      for (const c of socks) c.destroy();
    } finally {
      await server.close();
      core.cleanup();
    }
  }, 30_000);
});

describe('loopback means loopback (item 9)', () => {
  it('refuses a non-loopback --host in single-user mode, with the reason', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', 'example.com', 'fe80::1']) {
      expect(() => loadConfig({}, { host }, tempDir()), host).toThrow(ConfigError);
      expect(() => loadConfig({}, { host }, tempDir())).toThrow(/refused in single-user mode.*loopback only/);
    }
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2']) expect(loadConfig({}, { host }, tempDir()).host).toBe(host);
    expect(loadConfig({ MULTI_USER_ENABLED: 'true' }, { host: '0.0.0.0' }, tempDir()).host).toBe('0.0.0.0');
  });

  it('checks the socket address, not only the Host header', async () => {
    expect(isAllowedSocket('127.0.0.1', { multiUserEnabled: false })).toBe(true);
    expect(isAllowedSocket('::1', { multiUserEnabled: false })).toBe(true);
    expect(isAllowedSocket('::ffff:127.0.0.1', { multiUserEnabled: false })).toBe(true);
    for (const a of ['192.168.1.50', '::ffff:192.168.1.50', '10.1.2.3', 'fe80::1', undefined])
      expect(isAllowedSocket(a, { multiUserEnabled: false })).toBe(false);
    expect(isAllowedSocket('192.168.1.50', { multiUserEnabled: true })).toBe(true);

    // Over real HTTP: a connection that (as the server sees it) comes from the LAN, with Host: localhost.
    const lan = (socket: net.Socket) => Object.defineProperty(socket, 'remoteAddress', { value: '192.168.1.50', configurable: true });
    s.http.server.prependListener('connection', lan);
    try {
      const page = await freshGet(`${s.baseUrl}/`);
      expect(page.status).toBe(403);
      expect(page.text).not.toContain('csrf-token');
      const token = await freshGet(`${s.baseUrl}/api/v1/csrf-token`);
      expect(token.status).toBe(403);
      expect(token.text).toMatch(/loopback/);
    } finally {
      s.http.server.off('connection', lan);
    }
    expect((await fetch(`${s.baseUrl}/api/v1/version`)).status).toBe(200);
  });
});
