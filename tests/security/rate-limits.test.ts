// Issue 34 item 6: TRUST_PROXY is off unless configured, so a rotating X-Forwarded-For no longer walks around the
// per-client sign-in limit; the API budget of a signed-in learner is theirs, not their NAT address's.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/core';
import { Browser, signedIn, startMultiUser } from '../helpers/accounts';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

describe('rate limits', () => {
  it('a rotating X-Forwarded-For does not reset the sign-in limit by default', async () => {
    s = await startMultiUser({ LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '3', TRUST_PROXY: undefined });
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await b.request('POST', '/api/v1/auth/login', {
        json: { username: `ghost${i}`, password: 'wrong password' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
  });

  it('two learners behind one address each get their own API budget', async () => {
    s = await startMultiUser({ LECTIO_RATE_LIMIT_API_PER_MINUTE: '20' });
    const learners = [await signedIn(s.baseUrl, 'ana'), await signedIn(s.baseUrl, 'ben')];
    for (const learner of learners) {
      for (let i = 0; i < 15; i++) expect((await learner.get('/api/v1/languages')).status).toBe(200);
    }
  });
});
