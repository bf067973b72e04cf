// Auth rate limits over real HTTP (issues 14, 34): per client, sign-ins get 5 × LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES
// attempts over any accounts and the other auth routes the limit itself, then 429 + Retry-After; X-Forwarded-For
// counts only with TRUST_PROXY=true. An account's failures never answer 429: they ask for a captcha
// (tests/security/rate-limits.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { Browser, solvedAltcha, startMultiUser } from '../helpers/accounts';
import type { TestServer } from '../helpers/core';
import { ACCOUNT_FAILURES_FACTOR } from '../../src-main/modules/accounts/common';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const attempt = (b: Browser, username: string, xff?: string) =>
  b.post('/api/v1/auth/login', { username, password: 'wrong password' }, xff ? { 'x-forwarded-for': xff } : {});

describe('auth rate limits', () => {
  it('per client: past its sign-in budget a client gets 429 with Retry-After; X-Forwarded-For ignored without TRUST_PROXY', async () => {
    s = await startMultiUser({ LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '10', TRUST_PROXY: 'false' });
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    for (let i = 0; i < 10 * ACCOUNT_FAILURES_FACTOR; i++) expect((await attempt(b, `user${i}`, `10.0.0.${i}`)).status).toBe(401);
    const res = await attempt(b, 'user99', '10.0.0.99');
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(250);
    expect(wait).toBeLessThanOrEqual(300);
    expect(res.body.retry_after).toBe(wait);
    // Other routes are not affected; the other auth routes have a budget of their own (10).
    expect((await b.get('/api/v1/version')).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await b.post('/api/v1/auth/forgot', { email: 'x@example.org' })).status).not.toBe(429);
    expect((await b.post('/api/v1/auth/forgot', { email: 'x@example.org' })).status).toBe(429);
  });

  it('a classroom behind one address signs up together: past the budget a registration asks for the check, not 429', async () => {
    // The check switched off for everyone: only an address past its budget is asked.
    s = await startMultiUser({ LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '10', POW_CAPTCHA_ENABLED: 'false' });
    const b = new Browser(s.baseUrl);
    await b.open('/register');
    const register = (i: number, altcha?: string) =>
      b.post('/api/v1/auth/register', { username: `pupil${i}`, password: 'a long password', password_confirm: 'a long password', altcha });
    // The first account (the admin taking over the library) starts every count afresh; ten more fit the budget.
    for (let i = 0; i <= 10; i++) expect((await register(i)).status).toBe(200);
    const asked = await register(11);
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({ captcha_required: true, field: 'altcha', code: 'accounts.registerCaptcha' });
    // Solved, the eleventh pupil gets in; and so do the next ones, each paying one solve.
    for (let i = 11; i < 30; i++) expect((await register(i, await solvedAltcha(b))).status).toBe(200);
    expect((s.core.sqlite.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n).toBe(30);
  }, 120_000);

  it('per account, even from many addresses (TRUST_PROXY=true honours X-Forwarded-For): a captcha, never a 429', async () => {
    s = await startMultiUser({ LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '10', TRUST_PROXY: 'true' });
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    for (let i = 0; i < 10 * ACCOUNT_FAILURES_FACTOR; i++) expect((await attempt(b, 'victim', `10.0.1.${i}`)).status).toBe(401);
    const res = await attempt(b, 'VICTIM', '10.0.1.200');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ captcha_required: true, field: 'altcha' });
    // Another username from a fresh address still gets its answer.
    const other = await attempt(b, 'someone', '10.0.2.1');
    expect(other.status).toBe(401);
    expect(other.body.captcha_required).toBeUndefined();
  });
});
