// The safe outbound fetcher against hostile URLs: blocked addresses (literal and via DNS), schemes,
// credentials, redirects to loopback or file:, oversize bodies and slow servers. Test servers run on
// 127.0.0.1 and are reached only through the explicit allowance object.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../../src-main/net/address';
import { networkError, OutboundError, outboundAppError, safeFetch, validateUrl } from '../../src-main/net/fetch';
import { msg } from '../../src-shared/contract/messages';

let server: http.Server;
let base: string;
let port: number;
const allowance = { allowHosts: ['127.0.0.1'] };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const go = (location: string) => {
      res.writeHead(302, { location });
      res.end();
    };
    if (url.pathname === '/ok') return res.end('hello');
    if (url.pathname === '/redirect-loopback') return go(`http://localhost:${port}/ok`);
    if (url.pathname === '/redirect-v6') return go(`http://[::1]:${port}/ok`);
    if (url.pathname === '/redirect-file') return go('file:///etc/passwd');
    if (url.pathname === '/redirect-metadata') return go('http://169.254.169.254/latest/meta-data/');
    if (url.pathname === '/redirect-relative') return go('/ok');
    if (url.pathname === '/loop') return go('/loop');
    if (url.pathname === '/big') {
      res.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
      return res.end(Buffer.alloc(2 * 1024 * 1024));
    }
    if (url.pathname === '/big-chunked') {
      res.writeHead(200);
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024));
      return res.end();
    }
    if (url.pathname === '/slow') return setTimeout(() => res.end('late'), 2000);
    res.writeHead(404);
    res.end('no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function refusal(url: string, opts: Partial<Parameters<typeof safeFetch>[1]> = {}): Promise<OutboundError> {
  try {
    await safeFetch(url, { allowance: null, ...opts });
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundError);
    return err as OutboundError;
  }
  throw new Error(`${url} was fetched`);
}

describe('connection failures in words (never the system text)', () => {
  const sys = (code: string, message = `getaddrinfo ${code} gutendex.com`) => Object.assign(new Error(message), { code });
  it('no name resolution or no route is offline; the rest by kind', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN'])
      expect(networkError('gutendex.com', sys(code))).toMatchObject({ code: 'offline', text: { code: 'net.offline', params: { host: 'gutendex.com' } } });
    expect(networkError('a.example', sys('ECONNREFUSED')).text.code).toBe('net.refused');
    expect(networkError('a.example', sys('ECONNRESET')).text.code).toBe('net.reset');
    expect(networkError('a.example', new Error('socket hang up')).text.code).toBe('net.reset');
    expect(networkError('a.example', sys('CERT_HAS_EXPIRED')).text.code).toBe('net.tls');
    expect(networkError('a.example', sys('EWHATEVER')).message).toBe('Could not reach a.example');
  });
  it('offline is one coded 503 whatever the caller would have said; other failures keep the caller’s message', () => {
    const offline = outboundAppError(networkError('gutendex.com', sys('ENOTFOUND')), msg('youtube.captionsFailed'));
    expect([offline.status, offline.message, offline.extra]).toEqual([
      503,
      'You seem to be offline: gutendex.com could not be reached',
      { code: 'net.offline', params: { host: 'gutendex.com' }, reason: 'offline' },
    ]);
    const other = outboundAppError(networkError('a.example', sys('ECONNRESET')), msg('youtube.captionsFailed'));
    expect([other.status, other.message]).toEqual([502, 'The captions could not be downloaded']);
  });
});

describe('address classification', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe',
    '2002:7f00:1::',
    'not-an-ip',
  ])('refuses %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) =>
    expect(isBlockedAddress(address)).toBe(false),
  );
});

describe('safeFetch', () => {
  it('refuses blocked IP literals without connecting', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://10.0.0.5/x',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://2130706433/',
      'http://0x7f.1/',
    ]) {
      expect((await refusal(url)).code, url).toBe('blocked');
    }
  });

  it('refuses names that resolve to loopback', async () => {
    const err = await refusal(`http://localhost:${port}/ok`);
    expect(err.code).toBe('blocked');
    expect(err.message).toMatch(/resolves to a private, loopback or reserved address/);
  });

  it('refuses other schemes and credentials', async () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/x', 'data:text/plain,hi', 'not a url'])
      expect((await refusal(url)).code, url).toBe('bad_url');
    expect((await refusal('http://user:pw@example.com/')).message).toMatch(/user name or password/);
  });

  it('reaches the test server only through the allowance', async () => {
    expect((await refusal(`${base}/ok`)).code).toBe('blocked');
    const res = await safeFetch(`${base}/ok`, { allowance });
    expect(res.body.toString()).toBe('hello');
    expect(validateUrl(`${base}/ok`, allowance).port).toBe(String(port));
  });

  it('re-checks every redirect hop', async () => {
    expect((await refusal(`${base}/redirect-loopback`, { allowance })).code).toBe('blocked');
    expect((await refusal(`${base}/redirect-v6`, { allowance })).code).toBe('blocked');
    expect((await refusal(`${base}/redirect-file`, { allowance })).code).toBe('bad_url');
    expect((await refusal(`${base}/redirect-metadata`, { allowance })).code).toBe('blocked');
    expect((await refusal(`${base}/loop`, { allowance })).code).toBe('too_many_redirects');
    const ok = await safeFetch(`${base}/redirect-relative`, { allowance });
    expect(ok.url).toBe(`${base}/ok`);
  });

  it('caps the body size, declared or streamed', async () => {
    expect((await refusal(`${base}/big`, { allowance, maxBytes: 1024 * 1024 })).code).toBe('too_large');
    expect((await refusal(`${base}/big-chunked`, { allowance, maxBytes: 1024 * 1024 })).code).toBe('too_large');
  });

  it('gives up after the timeout and reports HTTP errors', async () => {
    expect((await refusal(`${base}/slow`, { allowance, timeoutMs: 200 })).code).toBe('timeout');
    const notFound = await refusal(`${base}/nothing`, { allowance });
    expect(notFound).toMatchObject({ code: 'http_status', status: 404 });
  });
});
