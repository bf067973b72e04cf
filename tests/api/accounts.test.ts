// Accounts over real HTTP with cookies (issue 14): registration (captcha, honeypot, timing), login/logout/refresh/me,
// remember-me, API tokens, password change, recovery codes, mailed reset links, redirects, first-admin takeover.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src-shared/contract/accounts';
import { Browser, loginUser, registerUser, solvedAltcha, startFakeSmtp, startMultiUser } from '../helpers/accounts';
import type { TestServer } from '../helpers/core';

type S = TestServer & { clock: { now(): number; set(ms: number): void; advance(ms: number): void } };
let s: S;
const PW = 'correct horse battery';
const userCount = () => (s.core.sqlite.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;

beforeAll(async () => {
  s = await startMultiUser({ TRUST_PROXY: 'true' });
  // An owner-less library from single-user days, to be taken over by the first admin.
  const lg = s.core.sqlite.prepare("INSERT INTO languages (LgUsID, LgName, LgCreated) VALUES (NULL, 'Oldlang', 0)").run().lastInsertRowid;
  s.core.sqlite
    .prepare(
      "INSERT INTO words (WoUsID, WoLgID, WoText, WoTextLC, WoStatus, WoCreated, WoStatusChanged, WoModified) VALUES (NULL, ?, 'Altwort', 'altwort', 1, 0, 0, 0)",
    )
    .run(lg);
  s.core.sqlite.prepare("INSERT INTO tags (TgUsID, TgText) VALUES (NULL, 'oldtag')").run();
  s.core.sqlite.prepare("INSERT INTO settings (StKey, StValue, StUsID) VALUES ('theme', 'dark', 0), ('allowRegistration', '1', 0)").run();
});
afterAll(() => s.close());

describe('registration', () => {
  it('refuses bad input naming the field, storing nothing', async () => {
    const b = new Browser(s.baseUrl);
    await b.open('/register');
    const altcha = await solvedAltcha(b);
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'ab', password: PW, password_confirm: PW }, 'username'],
      [{ username: 'bad name!', password: PW, password_confirm: PW }, 'username'],
      [{ username: 'okname', password: 'short', password_confirm: 'short' }, 'password'],
      [{ username: 'okname', password: PW, password_confirm: PW + 'x' }, 'password_confirm'],
      [{ username: 'okname', password: 'password123', password_confirm: 'password123' }, 'password'],
      [{ username: 'okname', password: PW, password_confirm: PW, email: 'not-an-email' }, 'email'],
    ];
    for (const [input, field] of cases) {
      const res = await b.post('/api/v1/auth/register', { ...input, altcha });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.field ?? res.body.error, JSON.stringify(input)).toMatch(field);
    }
    expect(userCount()).toBe(0);
  });

  it('first account: admin, recovery code shown once, takes over every owner-less row', async () => {
    const b = new Browser(s.baseUrl);
    const res = await registerUser(b, 'Anna', PW);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'Anna', role: 'admin', email: null });
    expect(res.body.recovery_code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    const id = res.body.user.id;
    const q = (sql: string) => s.core.sqlite.prepare(sql).all();
    expect(q('SELECT LgUsID FROM languages')).toEqual([{ LgUsID: id }]);
    expect(q('SELECT WoUsID FROM words')).toEqual([{ WoUsID: id }]);
    expect(q('SELECT TgUsID FROM tags')).toEqual([{ TgUsID: id }]);
    // Per-user setting moved to the admin; the admin-scoped one stays global.
    expect(q('SELECT StKey, StUsID FROM settings ORDER BY StKey')).toEqual([
      { StKey: 'allowRegistration', StUsID: 0 },
      { StKey: 'theme', StUsID: id },
    ]);
    const stored = s.core.sqlite.prepare('SELECT UsPasswordHash, UsRecoveryCodeHash FROM users WHERE UsID = ?').get(id) as Record<string, string>;
    expect(stored.UsPasswordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.UsRecoveryCodeHash).not.toContain(res.body.recovery_code);
    await loginUser(b, 'anna', PW);
    const langs = await b.get('/api/v1/languages');
    expect(langs.body.map((l: { LgName: string }) => l.LgName)).toEqual(['Oldlang']);
  });

  it('second account with email: plain user; usernames unique case-insensitively', async () => {
    const b = new Browser(s.baseUrl);
    const res = await registerUser(b, 'bert', PW, { email: 'bert@example.org' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ username: 'bert', role: 'user', email: 'bert@example.org' });
    // This server has no mail, so the email alone would leave no way back in: a recovery code still (issue 32).
    expect(res.body.recovery_code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    const dup = await registerUser(new Browser(s.baseUrl), 'BERT', PW);
    expect([dup.status, dup.body.field]).toEqual([409, 'username']);
    // The second account sees none of the first admin's library.
    await loginUser(b, 'bert', PW);
    expect((await b.get('/api/v1/languages')).body).toEqual([]);
  });

  it('captcha: missing, replayed and expired solutions are refused', async () => {
    const b = new Browser(s.baseUrl);
    await b.open('/register');
    const base = { password: PW, password_confirm: PW };
    const missing = await b.post('/api/v1/auth/register', { ...base, username: 'carl' });
    expect([missing.status, missing.body.field]).toEqual([400, 'altcha']);
    const altcha = await solvedAltcha(b);
    expect((await b.post('/api/v1/auth/register', { ...base, username: 'carl', altcha })).status).toBe(200);
    const replay = await b.post('/api/v1/auth/register', { ...base, username: 'carl2', altcha });
    expect([replay.status, replay.body.field, replay.body.error]).toEqual([400, 'altcha', expect.stringMatching(/already used/)]);
    const tampered = JSON.parse(Buffer.from(await solvedAltcha(b), 'base64').toString());
    tampered.challenge.parameters.cost = 2;
    const bad = await b.post('/api/v1/auth/register', { ...base, username: 'carl3', altcha: Buffer.from(JSON.stringify(tampered)).toString('base64') });
    expect([bad.status, bad.body.field]).toEqual([400, 'altcha']);
    // A challenge issued 11 minutes ago has expired (10 minute lifetime).
    const now = s.clock.now();
    s.clock.set(now - 11 * 60_000);
    const old = await solvedAltcha(b);
    s.clock.set(now);
    const expired = await b.post('/api/v1/auth/register', { ...base, username: 'carl4', altcha: old });
    expect([expired.status, expired.body.error]).toEqual([400, expect.stringMatching(/expired/)]);
    expect(s.core.sqlite.prepare("SELECT count(*) AS n FROM users WHERE UsUsername LIKE 'carl_'").get()).toEqual({ n: 0 });
  });

  it('honeypot and the page form timing check', async () => {
    const b = new Browser(s.baseUrl);
    await b.open('/register');
    const honey = await b.post('/api/v1/auth/register', {
      username: 'dora',
      password: PW,
      password_confirm: PW,
      homepage: 'http://spam.example',
      altcha: await solvedAltcha(b),
    });
    expect([honey.status, honey.body.field]).toEqual([400, 'homepage']);
    const { form_token } = (await b.get('/api/v1/auth/challenge')).body;
    const form = { username: 'dora', password: PW, password_confirm: PW, form_token, _csrf_token: b.csrfToken };
    const fast = await b.request('POST', '/register', { form: { ...form, altcha: await solvedAltcha(b) }, csrf: false });
    expect(fast.status).toBe(303);
    expect(new URL(fast.headers.get('location')!, s.baseUrl).searchParams.get('error')).toMatch(/^The form was sent too fast/);
    s.clock.advance(3000);
    const ok = await b.request('POST', '/register', { form: { ...form, altcha: await solvedAltcha(b) }, csrf: false });
    expect(ok.status).toBe(303);
    // Registered is signed in (issue 32).
    expect(ok.headers.get('location')).toBe('/profile?notice=registered');
    // Dora is signed in now (a new session): the forged post comes from another visitor's page.
    const other = new Browser(s.baseUrl);
    await other.open('/register');
    const forged = await other.request('POST', '/register', {
      form: {
        ...form,
        _csrf_token: other.csrfToken,
        username: 'dora2',
        form_token: `${s.clock.now() - 10_000}.${'A'.repeat(43)}`,
        altcha: await solvedAltcha(b),
      },
      csrf: false,
    });
    expect(new URL(forged.headers.get('location')!, s.baseUrl).searchParams.get('error')).toMatch(/form has expired/);
    expect(s.core.sqlite.prepare("SELECT UsUsername FROM users WHERE UsUsername LIKE 'dora%'").all()).toEqual([{ UsUsername: 'dora' }]);
  });
});

describe('sessions', () => {
  it('401 with WWW-Authenticate for the API, /login?next= for pages', async () => {
    const b = new Browser(s.baseUrl);
    const me = await b.get('/api/v1/auth/me');
    expect(me.status).toBe(401);
    expect(me.headers.get('www-authenticate')).toMatch(/^Bearer realm="Lectio"/);
    expect((await b.get('/api/v1/languages')).status).toBe(401);
    const page = await b.get('/vocabulary?lang=3');
    expect([page.status, page.headers.get('location')]).toEqual([302, '/login?next=%2Fvocabulary%3Flang%3D3']);
    expect((await b.get('/login')).status).toBe(200);
    expect((await b.get('/api/v1/version')).status).toBe(200);
  });

  it('login rotates the session id; uniform errors; logout ends it', async () => {
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    const anonSid = b.jar.get('lectio_sid');
    expect(anonSid).toBeTruthy();
    const unknown = await b.post('/api/v1/auth/login', { username: 'nobody', password: PW });
    const wrong = await b.post('/api/v1/auth/login', { username: 'bert', password: 'wrong password' });
    expect([unknown.status, unknown.body.error]).toEqual([401, 'Invalid username or password']);
    expect([wrong.status, wrong.body.error]).toEqual([401, 'Invalid username or password']);
    const res = await b.post('/api/v1/auth/login', { username: 'bert@example.org', password: PW, issue_token: false, next: '//evil.example' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, token: null, user: { username: 'bert' }, next: '/' });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lectio_sid='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    expect(b.jar.get('lectio_sid')).not.toBe(anonSid);
    expect((await b.get('/api/v1/auth/me')).body).toMatchObject({ user: { username: 'bert', role: 'user' }, via: 'session', multi_user: true });
    // The old (pre-login) session id gives nothing.
    const stale = await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { cookie: `lectio_sid=${anonSid}` } });
    expect(stale.status).toBe(401);
    // Refresh rotates again and keeps the user.
    const before = b.jar.get('lectio_sid');
    const r = await b.post('/api/v1/auth/refresh');
    expect(r.status).toBe(200);
    expect(b.jar.get('lectio_sid')).not.toBe(before);
    expect((await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { cookie: `lectio_sid=${before}` } })).status).toBe(401);
    expect((await b.get('/api/v1/auth/me')).status).toBe(200);
    expect((await b.post('/api/v1/auth/logout')).status).toBe(200);
    expect((await b.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('secure requests get Secure cookies', async () => {
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    const res = await b.post('/api/v1/auth/login', { username: 'bert', password: PW, issue_token: false }, { 'x-forwarded-proto': 'https' });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('lectio_sid='))).toMatch(/; Secure/);
  });

  it('idle and absolute expiry', async () => {
    const b = new Browser(s.baseUrl);
    await loginUser(b, 'bert', PW, { issue_token: false });
    s.clock.advance(29 * 60_000);
    expect((await b.get('/api/v1/auth/me')).status).toBe(200);
    s.clock.advance(31 * 60_000);
    expect((await b.get('/api/v1/auth/me')).status).toBe(401);
    await loginUser(b, 'bert', PW, { issue_token: false });
    for (let h = 0; h < 12; h++) {
      s.clock.advance(25 * 60_000);
      await b.get('/api/v1/auth/me');
      s.clock.advance(25 * 60_000);
    }
    expect((await b.get('/api/v1/auth/me')).status).toBe(401);
  });

  it('remember-me restores a session after the session cookie is dropped, rotating its validator', async () => {
    const b = new Browser(s.baseUrl);
    await loginUser(b, 'bert', PW, { remember: true, issue_token: false });
    const first = b.jar.get('lectio_remember')!;
    expect(first).toMatch(/^[\w-]{16}:[\w-]{43}$/);
    b.jar.delete('lectio_sid');
    const me = await b.get('/api/v1/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.via).toBe('remember');
    const second = b.jar.get('lectio_remember')!;
    expect(second).not.toBe(first);
    expect(second.split(':')[0]).toBe(first.split(':')[0]); // same series, new validator
    expect(b.jar.get('lectio_sid')).toBeTruthy();
    // Parallel requests of the same page carrying the old cookie within 30 s share the restored session.
    const parallel = await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { cookie: `lectio_remember=${first}` } });
    expect(parallel.status).toBe(200);
    expect(parallel.headers.getSetCookie().find((c) => c.startsWith('lectio_remember='))).toContain(second);
    // Later, the spent validator is refused, and replaying it revokes every remember-me of the account.
    const realNow = Date.now;
    Date.now = () => realNow() + 31_000;
    try {
      const replay = await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { cookie: `lectio_remember=${first}` } });
      expect(replay.status).toBe(401);
    } finally {
      Date.now = realNow;
    }
    const revoked = await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { cookie: `lectio_remember=${second}` } });
    expect(revoked.status).toBe(401);
    // Log in again with remember-me for the logout check below.
    await loginUser(b, 'bert', PW, { remember: true, issue_token: false });
    const third = b.jar.get('lectio_remember')!;
    // Logout revokes it.
    await b.open('/');
    await b.post('/api/v1/auth/logout');
    const after = await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { cookie: `lectio_remember=${third}` } });
    expect(after.status).toBe(401);
    expect(s.core.sqlite.prepare('SELECT count(*) AS n FROM remember_tokens').get()).toEqual({ n: 0 });
  });
});

describe('API tokens', () => {
  it('login token: Bearer skips CSRF, listed, revocable, expires after 30 days', async () => {
    const b = new Browser(s.baseUrl);
    const res = await loginUser(b, 'bert', PW, { token_name: 'script' });
    expect(res.body.token).toMatch(/^lct_[\w-]{43}$/);
    expect(res.body.expires_at).toBe(s.clock.now() + 30 * 24 * 3600_000);
    const token = res.body.token as string;
    const bearer = { authorization: `Bearer ${token}` };
    const create = await fetch(`${s.baseUrl}/api/v1/languages`, {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ LgName: 'Bertlang', LgIsoCode: 'fr' }),
    });
    expect(create.status).toBe(200);
    expect(s.core.sqlite.prepare("SELECT LgUsID FROM languages WHERE LgName = 'Bertlang'").get()).toEqual({ LgUsID: res.body.user.id });
    const listed = (await b.get('/api/v1/auth/tokens')).body;
    expect(listed.map((t: { name: string }) => t.name)).toContain('script');
    const made = await b.post('/api/v1/auth/tokens', { name: 'extension' });
    expect(made.status).toBe(200);
    const t2 = made.body.token;
    expect((await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${t2}` } })).status).toBe(200);
    expect((await b.request('DELETE', `/api/v1/auth/tokens/${made.body.api_token.id}`)).status).toBe(200);
    const revoked = await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${t2}` } });
    expect(revoked.status).toBe(401);
    expect(revoked.headers.get('www-authenticate')).toMatch(/Bearer/);
    // Another user's token id is not found.
    const other = new Browser(s.baseUrl);
    await loginUser(other, 'carl', PW, { issue_token: false });
    expect((await other.request('DELETE', `/api/v1/auth/tokens/${listed[0].id}`)).status).toBe(404);
    // A made-up token is refused even on public routes.
    expect((await fetch(`${s.baseUrl}/api/v1/version`, { headers: { authorization: 'Bearer lct_nope_nope_nope_nope_nope' } })).status).toBe(401);
    // Refresh by token: a new token, the old one ends.
    const refreshed = await fetch(`${s.baseUrl}/api/v1/auth/refresh`, { method: 'POST', headers: bearer });
    const fresh = (await refreshed.json()).token;
    expect((await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: bearer })).status).toBe(401);
    expect((await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(200);
    s.clock.advance(30 * 24 * 3600_000 + 1000);
    expect((await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${fresh}` } })).status).toBe(401);
  });

  it('password change revokes tokens and remember-me, keeps the acting session', async () => {
    const b = new Browser(s.baseUrl);
    const login = await loginUser(b, 'carl', PW, { remember: true });
    const token = login.body.token;
    const other = new Browser(s.baseUrl);
    await loginUser(other, 'carl', PW, { issue_token: false });
    const wrong = await b.post('/api/v1/auth/password', {
      current_password: 'nope nope',
      password: 'new secret phrase',
      password_confirm: 'new secret phrase',
    });
    expect([wrong.status, wrong.body.field]).toEqual([403, 'current_password']);
    const res = await b.post('/api/v1/auth/password', { current_password: PW, password: 'new secret phrase', password_confirm: 'new secret phrase' });
    expect(res.status).toBe(200);
    expect(b.jar.has('lectio_remember')).toBe(false);
    expect((await b.get('/api/v1/auth/me')).status).toBe(200);
    expect((await other.get('/api/v1/auth/me')).status).toBe(401);
    expect((await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
    expect(s.core.sqlite.prepare('SELECT count(*) AS n FROM remember_tokens').get()).toEqual({ n: 0 });
    expect((await loginUser(new Browser(s.baseUrl), 'carl', PW)).status).toBe(401);
    expect((await loginUser(new Browser(s.baseUrl), 'carl', 'new secret phrase')).status).toBe(200);
  });
});

describe('recovery and reset', () => {
  it('recovery code resets the password and rotates; uniform answer for wrong user or code', async () => {
    const b = new Browser(s.baseUrl);
    const reg = await registerUser(b, 'emil', PW);
    const code = reg.body.recovery_code as string;
    const np = 'emil new password';
    const wrongCode = await b.post('/api/v1/auth/recover', { username: 'emil', recovery_code: 'AAAAA-AAAAA-AAAAA-AAAAA', password: np, password_confirm: np });
    const wrongUser = await b.post('/api/v1/auth/recover', { username: 'nobody', recovery_code: code, password: np, password_confirm: np });
    expect([wrongCode.status, wrongCode.body.error]).toEqual([400, 'The username or the recovery code is wrong']);
    expect([wrongUser.status, wrongUser.body.error]).toEqual([wrongCode.status, wrongCode.body.error]);
    const ok = await b.post('/api/v1/auth/recover', { username: 'EMIL', recovery_code: code.toLowerCase(), password: np, password_confirm: np });
    expect(ok.status).toBe(200);
    expect(ok.body.recovery_code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    expect(ok.body.recovery_code).not.toBe(code);
    expect((await b.post('/api/v1/auth/recover', { username: 'emil', recovery_code: code, password: PW, password_confirm: PW })).status).toBe(400);
    expect((await loginUser(new Browser(s.baseUrl), 'emil', np)).status).toBe(200);
    const form = await b.request('POST', '/password/recover', {
      form: { username: 'emil', recovery_code: ok.body.recovery_code, password: PW, password_confirm: PW },
    });
    expect(form.status).toBe(200);
    expect(form.text).toMatch(/[A-Z0-9]{5}(-[A-Z0-9]{5}){3}/);
  });

  it('forgot/reset through a fake SMTP server: single use, one hour', async () => {
    const smtp = await startFakeSmtp();
    try {
      const admin = new Browser(s.baseUrl);
      const b = new Browser(s.baseUrl);
      await b.open('/password/forgot');
      const none = await b.post('/api/v1/auth/forgot', { email: 'bert@example.org' });
      expect([none.status, none.body.error]).toEqual([400, expect.stringMatching(/recovery code/)]);
      await loginUser(admin, 'anna', PW, { issue_token: false });
      await admin.post('/api/v1/settings', { key: 'smtpUrl', value: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
      await admin.post('/api/v1/settings', { key: 'mailFrom', value: 'Lectio <lectio@test.example>' });
      expect((await b.get('/api/v1/auth/options')).body).toMatchObject({ multi_user: true, captcha: true, mail: true });
      const unknown = await b.post('/api/v1/auth/forgot', { email: 'ghost@example.org' });
      const known = await b.post('/api/v1/auth/forgot', { email: 'BERT@example.org' });
      expect(unknown.body).toEqual(known.body);
      // The mail leaves after the answer (issue 34: the answer's timing must not tell known addresses apart).
      await expect.poll(() => smtp.mails.length).toBe(1);
      expect(smtp.mails[0].to).toBe('bert@example.org');
      const token = /\/password\/reset\?token=([\w-]+)/.exec(smtp.mails[0].text)?.[1];
      expect(token).toBeTruthy();
      const bearerLogin = await loginUser(new Browser(s.baseUrl), 'bert', PW);
      const np = 'bert brand new pass';
      expect((await b.post('/api/v1/auth/reset', { token, password: np, password_confirm: np + 'x' })).status).toBe(400);
      expect((await b.post('/api/v1/auth/reset', { token, password: np, password_confirm: np })).status).toBe(200);
      expect((await b.post('/api/v1/auth/reset', { token, password: PW, password_confirm: PW })).body.error).toMatch(/invalid or has expired/);
      expect((await fetch(`${s.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${bearerLogin.body.token}` } })).status).toBe(401);
      expect((await loginUser(new Browser(s.baseUrl), 'bert', np)).status).toBe(200);
      // A link older than one hour is refused.
      await b.post('/api/v1/auth/forgot', { email: 'bert@example.org' });
      await expect.poll(() => smtp.mails.length).toBe(2);
      const late = /\/password\/reset\?token=([\w-]+)/.exec(smtp.mails[1].text)?.[1];
      s.clock.advance(61 * 60_000);
      expect((await b.post('/api/v1/auth/reset', { token: late, password: PW, password_confirm: PW })).status).toBe(400);
      await admin.open('/');
    } finally {
      await smtp.close();
    }
  });
});

describe('redirect targets', () => {
  const table: [string, string][] = [
    ['/texts', '/texts'],
    ['/read/5?x=1#p', '/read/5?x=1#p'],
    ['//evil.example', '/'],
    ['///evil.example', '/'],
    ['/\\evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['https://evil.example/', '/'],
    ['http:/evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/javascript:alert(1)', '/'],
    ['data:text/html,<script>', '/'],
    ['texts', '/'],
    ['', '/'],
    ['/login?next=/x', '/'],
    ['/ok\r\nSet-Cookie: x=y', '/'],
  ];
  it.each(table)('%s → %s', (input, expected) => expect(safeRedirect(input)).toBe(expected));

  it('the /login form post goes to the safe target only', async () => {
    const b = new Browser(s.baseUrl);
    await b.open('/login');
    const bad = await b.request('POST', '/login', {
      form: { username: 'anna', password: PW, next: '//evil.example/x', _csrf_token: b.csrfToken },
      csrf: false,
    });
    expect([bad.status, bad.headers.get('location')]).toEqual([303, '/']);
    await b.open('/login');
    const good = await b.request('POST', '/login', {
      form: { username: 'anna', password: PW, next: '/vocabulary?lang=1', _csrf_token: b.csrfToken },
      csrf: false,
    });
    expect([good.status, good.headers.get('location')]).toEqual([303, '/vocabulary?lang=1']);
    expect((await b.get('/vocabulary')).status).toBe(200);
    const fail = await new Browser(s.baseUrl).request('POST', '/login', { form: { username: 'anna', password: 'nope' }, csrf: false });
    expect(fail.status).toBe(403); // no CSRF token: refused before anything else
  });
});

describe('administration', () => {
  it('admin lists, disables and promotes users; never the last admin; users cannot', async () => {
    const admin = new Browser(s.baseUrl);
    await loginUser(admin, 'anna', PW, { issue_token: false });
    const list = (await admin.get('/api/v1/admin/users')).body as { id: number; username: string }[];
    expect(list.map((u) => u.username)).toEqual(expect.arrayContaining(['Anna', 'bert', 'carl', 'dora', 'emil']));
    const anna = list.find((u) => u.username === 'Anna')!;
    const dora = list.find((u) => u.username === 'dora')!;
    expect((await admin.request('PUT', `/api/v1/admin/users/${anna.id}`, { json: { role: 'user' } })).status).toBe(409);
    const user = new Browser(s.baseUrl);
    await loginUser(user, 'dora', PW, { issue_token: false });
    expect((await user.get('/api/v1/admin/users')).status).toBe(403);
    expect((await user.get('/api/v1/admin/server')).status).toBe(403);
    expect((await admin.request('PUT', `/api/v1/admin/users/${dora.id}`, { json: { active: false } })).body.user.active).toBe(false);
    expect((await user.get('/api/v1/auth/me')).status).toBe(401);
    expect((await loginUser(new Browser(s.baseUrl), 'dora', PW)).status).toBe(403);
    await admin.request('PUT', `/api/v1/admin/users/${dora.id}`, { json: { active: true, role: 'admin' } });
    expect((await admin.request('PUT', `/api/v1/admin/users/${anna.id}`, { json: { role: 'user' } })).status).toBe(200);
    const server = (
      await (async () => {
        const d = new Browser(s.baseUrl);
        await loginUser(d, 'dora', PW, { issue_token: false });
        return d.get('/api/v1/admin/server');
      })()
    ).body;
    expect(server.users).toBeGreaterThanOrEqual(5);
    expect(server.tables.find((t: { name: string }) => t.name === 'users').rows).toBe(server.users);
    expect(server.versions.sqlite).toMatch(/^3\./);
  });
});
