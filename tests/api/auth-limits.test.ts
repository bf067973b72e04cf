// Auth rate limits over real HTTP (issue 14): 10 per 5 minutes per client and per username, 429 + Retry-After;
// X-Forwarded-For counts only with TRUST_PROXY=true.
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, startMultiUser } from '../helpers/accounts';
import type { TestServer } from '../helpers/core';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const attempt = (b: Browser, username: string, xff?: string) =>
  b.post('/api/v1/auth/login', { username, password: 'wrong password' }, xff ? { 'x-forwarded-for': xff } : {});

describe('auth rate limits', () => {
  it('per client: the 11th attempt in 5 minutes is 429 with Retry-After; X-Forwarded-For ignored without TRUST_PROXY', async () => {
    s = await startMultiUser({ LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '10', TRUST_PROXY: 'false' });
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    for (let i = 0; i < 10; i++) expect((await attempt(b, `user${i}`, `10.0.0.${i}`)).status).toBe(401);
    const res = await attempt(b, 'user99', '10.0.0.99');
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(250);
    expect(wait).toBeLessThanOrEqual(300);
    expect(res.body.retry_after).toBe(wait);
    // Other routes are not affected.
    expect((await b.get('/api/v1/version')).status).toBe(200);
    expect((await b.post('/api/v1/auth/register', { username: 'x' })).status).toBe(429);
  });

  it('per username, even from many addresses (TRUST_PROXY=true honours X-Forwarded-For)', async () => {
    s = await startMultiUser({ LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '10', TRUST_PROXY: 'true' });
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    for (let i = 0; i < 10; i++) expect((await attempt(b, 'victim', `10.0.1.${i}`)).status).toBe(401);
    const res = await attempt(b, 'VICTIM', '10.0.1.200');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another username from a fresh address still gets its answer.
    expect((await attempt(b, 'someone', '10.0.2.1')).status).toBe(401);
  });
});
