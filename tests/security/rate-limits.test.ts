// Issue 34 item 6: TRUST_PROXY is off unless configured, so a rotating X-Forwarded-For no longer walks around the
// per-client sign-in limit; failed sign-ins are counted per account and client together (plus a looser cap per
// account), and past either the right password still gets through with a captcha, never a flat 429; an account's
// name and e-mail share one budget; the API budget of a signed-in learner is theirs, not their NAT address's.
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/core';
import { Browser, registerUser, signedIn, solvedAltcha, startMultiUser } from '../helpers/accounts';
import { ACCOUNT_FAILURES_FACTOR } from '../../src-main/modules/accounts/common';

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const PASSWORD = 'the owner password';
const LIMIT = 3;

/** A sign-in from the client at `ip` (TRUST_PROXY on: the test plays a proxy that appends the address). */
async function login(baseUrl: string, ip: string, username: string, password: string, altcha?: string) {
  const b = new Browser(baseUrl);
  await b.open('/login');
  return b.post('/api/v1/auth/login', { username, password, ...(altcha ? { altcha } : {}) }, { 'x-forwarded-for': ip });
}

async function withOwner(env: NodeJS.ProcessEnv) {
  s = await startMultiUser({ LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: String(LIMIT), ...env });
  const reg = await registerUser(new Browser(s.baseUrl), 'owner', PASSWORD, { email: 'owner@example.org' });
  expect(reg.status, reg.text).toBe(200);
  return s;
}

describe('rate limits', () => {
  it('a rotating X-Forwarded-For does not reset the per-client sign-in limit by default', async () => {
    s = await startMultiUser({ LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: String(LIMIT), TRUST_PROXY: undefined });
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    const statuses: number[] = [];
    // A client's sign-in budget is ACCOUNT_FAILURES_FACTOR × the limit, over any number of accounts.
    for (let i = 0; i < LIMIT * ACCOUNT_FAILURES_FACTOR + 3; i++) {
      const res = await b.request('POST', '/api/v1/auth/login', {
        json: { username: `ghost${i}`, password: 'wrong password' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(LIMIT * ACCOUNT_FAILURES_FACTOR)).toEqual([429, 429, 429]);
  });

  it("one guesser's failures ask them for a captcha and do not lock the owner out; name and e-mail share one budget", async () => {
    const { baseUrl } = await withOwner({ TRUST_PROXY: 'true' });
    const guesser = '203.0.113.7';
    const answers = [
      await login(baseUrl, guesser, 'owner', 'guess one'),
      await login(baseUrl, guesser, 'owner@example.org', 'guess two'),
      await login(baseUrl, guesser, 'OWNER', 'guess three'),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
    expect(answers.map((a) => a.body.captcha_required ?? false)).toEqual([false, false, true]);
    // The guesser now needs a captcha even with the right password (by name or by e-mail) …
    for (const name of ['owner', 'owner@example.org']) {
      const locked = await login(baseUrl, guesser, name, PASSWORD);
      expect(locked.status, locked.text).toBe(401);
      expect(locked.body).toMatchObject({ captcha_required: true, field: 'altcha' });
      expect(locked.body.error).toMatch(/complete the verification/);
    }
    // … the owner elsewhere signs in as always …
    expect((await login(baseUrl, '198.51.100.1', 'owner', PASSWORD)).status).toBe(200);
    // A wrong password with a solved captcha is still a failure, and the next try still needs one …
    const b = new Browser(baseUrl);
    const wrong = await login(baseUrl, guesser, 'owner', 'guess four', await solvedAltcha(b));
    expect(wrong.status).toBe(401);
    expect(wrong.body.captcha_required).toBe(true);
    // … and the right password behind the guesser's address passes once the captcha is solved.
    const solved = await login(baseUrl, guesser, 'owner', PASSWORD, await solvedAltcha(b));
    expect(solved.status, solved.text).toBe(200);
  });

  it('guesses from many addresses: past the per-account cap everyone needs a captcha, and the owner still gets in with it', async () => {
    const { baseUrl } = await withOwner({ TRUST_PROXY: 'true' });
    for (let i = 0; i < LIMIT * ACCOUNT_FAILURES_FACTOR; i++) {
      const res = await login(baseUrl, `203.0.113.${100 + i}`, i % 2 ? 'owner' : 'owner@example.org', `guess ${i}`);
      expect(res.status, res.text).toBe(401);
    }
    const owner = '198.51.100.2';
    const asked = await login(baseUrl, owner, 'owner', PASSWORD);
    expect(asked.status).toBe(401);
    expect(asked.body.captcha_required).toBe(true);
    const through = await login(baseUrl, owner, 'owner', PASSWORD, await solvedAltcha(new Browser(baseUrl)));
    expect(through.status, through.text).toBe(200);
    // A captcha is accepted once.
    const altcha = await solvedAltcha(new Browser(baseUrl));
    expect((await login(baseUrl, owner, 'owner', PASSWORD, altcha)).status).toBe(200);
    expect((await login(baseUrl, owner, 'owner', PASSWORD, altcha)).body.error).toMatch(/already used/);
  });

  it('the captcha step works where registration does not use one (POW_CAPTCHA_ENABLED off)', async () => {
    const { baseUrl } = await withOwner({ TRUST_PROXY: 'true', POW_CAPTCHA_ENABLED: 'false' });
    for (let i = 0; i < LIMIT; i++) await login(baseUrl, '203.0.113.9', 'owner', `guess ${i}`);
    expect((await login(baseUrl, '203.0.113.9', 'owner', PASSWORD)).body.captcha_required).toBe(true);
    const through = await login(baseUrl, '203.0.113.9', 'owner', PASSWORD, await solvedAltcha(new Browser(baseUrl)));
    expect(through.status, through.text).toBe(200);
  });

  it('past the streak, the no-script sign-in form says the check needs JavaScript or a 5-minute wait (it cannot solve it)', async () => {
    const { baseUrl } = await withOwner({ TRUST_PROXY: 'true' });
    for (let i = 0; i < LIMIT; i++) await login(baseUrl, '203.0.113.9', 'owner', `guess ${i}`);
    const b = new Browser(baseUrl);
    await b.open('/login');
    const res = await b.request('POST', '/login', {
      form: { username: 'owner', password: PASSWORD, _csrf_token: b.csrfToken },
      headers: { 'x-forwarded-for': '203.0.113.9' },
      csrf: false,
    });
    expect(res.status).toBe(303);
    const error = new URL(res.headers.get('location') ?? '', baseUrl).searchParams.get('error');
    expect(error).toBe('Too many failed sign-ins for this account. The verification needs JavaScript: turn it on, or wait 5 minutes and sign in again');
  });

  it('two learners behind one address each get their own API budget', async () => {
    s = await startMultiUser({ LECTIO_RATE_LIMIT_API_PER_MINUTE: '20' });
    const learners = [await signedIn(s.baseUrl, 'ana'), await signedIn(s.baseUrl, 'ben')];
    for (const learner of learners) {
      for (let i = 0; i < 15; i++) expect((await learner.get('/api/v1/languages')).status).toBe(200);
    }
  });
});
