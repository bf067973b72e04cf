// Issue 34, item 7: JSON and form bodies are capped per endpoint (a setting is kilobytes, a text megabytes) and
// refused by Content-Length before a byte is read; the bytes held in memory at once are limited per caller, so
// concurrent large bodies get 429 instead of taking the process's memory.
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_BYTES } from '../../src-shared/contract/endpoint';
import { BodyBudget, BODY_BUDGET } from '../../src-main/http/body-budget';
import { session } from '../helpers/streams';
import { withServer } from '../helpers/with-server';

const s = withServer({ language: { LgName: 'German' } });
let auth: { cookie: string; csrf: string };
beforeAll(async () => {
  auth = await session(s.baseUrl);
});

const port = () => Number(new URL(s.baseUrl).port);

/** A raw request that sends its headers and `sendBytes` of its body, then waits: for an answer, or held open. */
function rawRequest(method: string, path: string, declared: number, sendBytes: number) {
  const socket = net.connect(port(), '127.0.0.1');
  let answer = '';
  const answered = new Promise<{ status: number; text: string }>((resolve) => {
    const finish = () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), text: answer });
    socket.on('data', (d) => {
      answer += d.toString('utf8');
      if (/\r\n\r\n[\s\S]*\}/.test(answer)) finish();
    });
    socket.on('close', finish);
    socket.on('error', finish);
  });
  socket.on('connect', () => {
    socket.write(
      [
        `${method} ${path} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        `Content-Length: ${declared}`,
        `Cookie: ${auth.cookie}`,
        `X-CSRF-TOKEN: ${auth.csrf}`,
      ].join('\r\n') + '\r\n\r\n',
    );
    if (sendBytes > 0) socket.write(Buffer.alloc(sendBytes, 0x20));
  });
  return { answered, close: () => socket.destroy() };
}

describe('per-endpoint body caps', () => {
  it('refuses a 2 MB settings body by its Content-Length, naming the 1 MB limit', async () => {
    const req = rawRequest('POST', '/api/v1/settings', 2 * 1024 * 1024, 0);
    const res = await req.answered;
    req.close();
    expect(res.status).toBe(413);
    expect(res.text).toContain('"code":"request.bodyTooLarge"');
    expect(res.text).toContain('limit 1 MB');
  });

  it('refuses a chunked body once it passes the endpoint cap', async () => {
    const big = JSON.stringify({ key: 'x', value: 'y'.repeat(DEFAULT_BODY_BYTES + 10) });
    const res = await fetch(`${s.baseUrl}/api/v1/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: auth.cookie, 'x-csrf-token': auth.csrf },
      // A stream has no Content-Length: the cap is enforced while reading.
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('takes a 3 MB text, whose endpoint carries megabytes', async () => {
    const text = 'Die Katze schläft. '.repeat(160_000);
    const res = await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: 'Long', TxText: text });
    expect(res.status).toBe(200);
    expect(res.body.TxID).toBeGreaterThan(0);
  });
});

describe('bytes in flight per caller', () => {
  it('answers 429 to a fourth concurrent 18 MB body and takes bodies again once those end', async () => {
    const declared = 18 * 1024 * 1024;
    const held = [0, 1, 2].map(() => rawRequest('POST', '/api/v1/texts', declared, 64 * 1024));
    // Let the three reach the server and reserve their bytes (54 MB of the caller's 64 MB).
    await new Promise((r) => setTimeout(r, 300));
    const fourth = rawRequest('POST', '/api/v1/texts', declared, 0);
    const refused = await fourth.answered;
    fourth.close();
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('"code":"request.bodiesInFlight"');
    expect(refused.text).toMatch(/Retry-After: 1/i);
    for (const r of held) r.close();
    await new Promise((r) => setTimeout(r, 200));
    const after = await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: 'After', TxText: 'Ein Satz.' });
    expect(after.status).toBe(200);
  });
});

describe('BodyBudget', () => {
  it('keeps callers apart, bounds the total, lets one body through alone and releases once', () => {
    const budget = new BodyBudget({ perCaller: 10, total: 15 });
    const a1 = budget.reserve('a', 8);
    expect(a1).not.toBeNull();
    expect(budget.reserve('a', 5)).toBeNull();
    const b1 = budget.reserve('b', 7);
    expect(b1).not.toBeNull();
    expect(budget.reserve('c', 1)).toBeNull(); // 15 of 15 in flight
    a1!();
    a1!();
    expect(budget.held).toBe(7);
    expect(budget.reserve('a', 8)).not.toBeNull();
    b1!();
    // Alone, a body bigger than any budget passes (its endpoint's cap bounds it).
    expect(new BodyBudget({ perCaller: 1, total: 1 }).reserve('x', 100)).not.toBeNull();
    expect(BODY_BUDGET.perCaller).toBeLessThan(BODY_BUDGET.total);
  });
});
