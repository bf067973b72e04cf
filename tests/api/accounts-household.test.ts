// Issue 32, accounts on a household server, over real HTTP with signed-in accounts: the first visitor learns that
// no account exists yet and is signed in once registered; an email on a server without mail still yields a
// recovery code; "forgot" says mail is unavailable; an administrator sets a temporary password (enforced by the
// server until it is changed), closes registration, and deletes an account with all of its data (typed user
// name, never the last administrator, their own only through the profile's path).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerColumns } from '../../src-main/modules/accounts/repo';
import type { TestServer } from '../helpers/core';
import { Browser, loginUser, registerUser, signedIn, solvedAltcha, startFakeSmtp, startMultiUser } from '../helpers/accounts';

let s: TestServer;
beforeAll(async () => {
  s = await startMultiUser();
}, 60_000);
afterAll(async () => s?.close());

const PW = 'a long password';
const rows = (sql: string, ...params: unknown[]) => s.core.sqlite.prepare(sql).all(...params) as Record<string, unknown>[];

describe('a brand-new server', { timeout: 60_000 }, () => {
  it('tells the first visitor there is no account yet, and signs the new administrator in', async () => {
    const visitor = new Browser(s.baseUrl);
    expect((await visitor.get('/api/v1/auth/options')).body).toMatchObject({ multi_user: true, first_account: true, registration_open: true });
    const reg = await registerUser(visitor, 'anna', PW);
    expect(reg.status, reg.text).toBe(200);
    expect(reg.body.user).toMatchObject({ username: 'anna', role: 'admin', must_change_password: false });
    // Signed in at once: the session cookie and its CSRF token came with the answer.
    expect(reg.body.csrf_token).toEqual(expect.any(String));
    const me = await visitor.get('/api/v1/auth/me');
    expect([me.status, me.body.user?.username]).toEqual([200, 'anna']);
    expect((await visitor.post('/api/v1/languages', { LgName: 'German' })).status).toBe(200);
    expect((await new Browser(s.baseUrl).get('/api/v1/auth/options')).body.first_account).toBe(false);
  });

  it('the no-JS form signs the new account in too', async () => {
    const b = new Browser(s.baseUrl);
    await b.open('/register');
    const { form_token } = (await b.get('/api/v1/auth/challenge')).body;
    s.core.clock.advance(3000);
    const res = await b.request('POST', '/register', {
      form: { username: 'formy', password: PW, password_confirm: PW, form_token, altcha: await solvedAltcha(b), _csrf_token: b.csrfToken },
      csrf: false,
    });
    expect([res.status, res.headers.get('location')]).toEqual([303, '/profile?notice=registered']);
    expect((await b.get('/api/v1/auth/me')).body.user?.username).toBe('formy');
  });
});

describe('mail', { timeout: 60_000 }, () => {
  it('an email on a server without mail still gives a recovery code that works', async () => {
    const b = new Browser(s.baseUrl);
    const reg = await registerUser(b, 'carla', PW, { email: 'carla@example.test' });
    expect(reg.status, reg.text).toBe(200);
    expect(reg.body.recovery_code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    const other = new Browser(s.baseUrl);
    await other.open('/password/recover');
    const rec = await other.post('/api/v1/auth/recover', {
      username: 'carla',
      recovery_code: reg.body.recovery_code,
      password: 'carla new password',
      password_confirm: 'carla new password',
    });
    expect(rec.status, rec.text).toBe(200);
  });

  it('"forgot" says that this server cannot send mail', async () => {
    const b = new Browser(s.baseUrl);
    await b.open('/password/forgot');
    expect((await b.get('/api/v1/auth/options')).body.mail).toBe(false);
    const res = await b.post('/api/v1/auth/forgot', { email: 'carla@example.test' });
    expect([res.status, res.body.code]).toEqual([400, 'accounts.noMail']);
  });

  it('with mail set up, an email gets a confirmation mail and no recovery code', async () => {
    const smtp = await startFakeSmtp();
    const anna = await loginAs('anna');
    try {
      await anna.post('/api/v1/settings', { key: 'smtpUrl', value: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
      await anna.post('/api/v1/settings', { key: 'mailFrom', value: 'Lectio <lectio@test.example>' });
      const reg = await registerUser(new Browser(s.baseUrl), 'dora', PW, { email: 'dora@example.test' });
      expect(reg.status, reg.text).toBe(200);
      expect(reg.body.recovery_code).toBeUndefined();
      expect(smtp.mails.map((m) => m.to)).toEqual(['dora@example.test']);
    } finally {
      await anna.post('/api/v1/settings', { key: 'smtpUrl', value: '' });
      await smtp.close();
    }
  });
});

async function loginAs(username: string, password = PW) {
  const b = new Browser(s.baseUrl);
  const res = await loginUser(b, username, password, { issue_token: false });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.text}`);
  return b;
}

describe('temporary passwords', { timeout: 60_000 }, () => {
  it('ends the account’s sessions and tokens; until changed, the account may only change its password', async () => {
    const anna = await loginAs('anna');
    const eve = await signedIn(s.baseUrl, 'eve');
    const token = (await eve.post('/api/v1/auth/tokens', { name: 'script' })).body.token as string;
    expect((await eve.get('/api/v1/languages')).status).toBe(200);

    // Only an administrator, never for their own account, and the password rules apply.
    expect((await eve.post(`/api/v1/admin/users/${eve.userId}/password`, { password: 'temporary pass 1' })).status).toBe(403);
    const annaId = (await anna.get('/api/v1/auth/me')).body.user.id as number;
    const self = await anna.post(`/api/v1/admin/users/${annaId}/password`, { password: 'temporary pass 1' });
    expect([self.status, self.body.code]).toEqual([409, 'accounts.temporaryPasswordSelf']);
    expect((await anna.post(`/api/v1/admin/users/${eve.userId}/password`, { password: 'eve' })).status).toBe(400);
    expect((await anna.post(`/api/v1/admin/users/99999/password`, { password: 'temporary pass 1' })).status).toBe(404);

    const set = await anna.post(`/api/v1/admin/users/${eve.userId}/password`, { password: 'temporary pass 1' });
    expect(set.status, set.text).toBe(200);
    expect(set.body.user.must_change_password).toBe(true);
    // Her open session and her token are gone.
    expect((await eve.get('/api/v1/languages')).status).toBe(401);
    expect((await new Browser(s.baseUrl).get('/api/v1/languages', { authorization: `Bearer ${token}` })).status).toBe(401);
    // The old password no longer works; the temporary one does.
    expect((await loginUser(new Browser(s.baseUrl), 'eve', PW)).status).toBe(401);
    const temp = new Browser(s.baseUrl);
    const login = await loginUser(temp, 'eve', 'temporary pass 1');
    expect(login.status, login.text).toBe(200);
    expect(login.body.user.must_change_password).toBe(true);
    const bearer = { authorization: `Bearer ${login.body.token as string}` };

    // Everything but changing the password is refused, by session and by the token the login issued.
    for (const res of [
      await temp.get('/api/v1/languages'),
      await temp.post('/api/v1/languages', { LgName: 'French' }),
      await temp.get('/api/v1/auth/tokens'),
      await new Browser(s.baseUrl).get('/api/v1/languages', bearer),
    ])
      expect([res.status, res.body.code]).toEqual([403, 'accounts.passwordChangeRequired']);
    expect(rows('SELECT count(*) AS n FROM languages WHERE LgUsID = ?', eve.userId)).toEqual([{ n: 0 }]);
    // Pages send the account to the password form.
    const page = await temp.get('/texts');
    expect([page.status, page.headers.get('location')]).toEqual([302, '/password/change']);
    expect((await temp.open('/password/change')).status).toBe(200);
    expect((await temp.get('/api/v1/auth/me')).body.user.must_change_password).toBe(true);

    const changed = await temp.post('/api/v1/auth/password', {
      current_password: 'temporary pass 1',
      password: 'eve own password',
      password_confirm: 'eve own password',
    });
    expect(changed.status, changed.text).toBe(200);
    expect((await temp.get('/api/v1/languages')).status).toBe(200);
    expect((await temp.get('/api/v1/auth/me')).body.user.must_change_password).toBe(false);
    expect((await temp.get('/texts')).status).toBe(200);
  });
});

describe('registration closed by the administrator', { timeout: 60_000 }, () => {
  it('refuses new accounts until it is opened again', async () => {
    const anna = await loginAs('anna');
    const learner = await loginAs('carla', 'carla new password');
    expect((await learner.post('/api/v1/settings', { key: 'allowRegistration', value: '0' })).status).toBe(403);
    expect((await anna.post('/api/v1/settings', { key: 'allowRegistration', value: '0' })).status).toBe(200);
    expect((await new Browser(s.baseUrl).get('/api/v1/auth/options')).body.registration_open).toBe(false);
    const refused = await registerUser(new Browser(s.baseUrl), 'frank', PW);
    expect([refused.status, refused.body.code]).toEqual([403, 'accounts.registrationClosed']);
    await anna.post('/api/v1/settings', { key: 'allowRegistration', value: '1' });
    expect((await registerUser(new Browser(s.baseUrl), 'frank', PW)).status).toBe(200);
  });
});

describe('deleting an account', { timeout: 60_000 }, () => {
  it('takes all of its data, after the user name is typed; other accounts keep theirs', async () => {
    const anna = await loginAs('anna');
    const gus = await signedIn(s.baseUrl, 'gus');
    const lg = (await gus.post('/api/v1/languages', { LgName: 'German' })).body.LgID as number;
    const text = await gus.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'Esel', TxText: 'Der Esel ging nach Bremen.' });
    expect(text.status, text.text).toBe(200);
    expect((await gus.post('/api/v1/terms', { WoLgID: lg, WoText: 'Esel', WoTranslation: 'donkey', WoStatus: 2 })).status).toBe(200);
    await gus.post('/api/v1/settings', { key: 'theme', value: 'dark' });
    await gus.post('/api/v1/auth/tokens', { name: 'script' });
    const annaLanguages = rows('SELECT count(*) AS n FROM languages WHERE LgUsID IS NOT ? ', gus.userId);

    const wrong = await anna.request('DELETE', `/api/v1/admin/users/${gus.userId}`, { json: { confirm_username: 'Gus' } });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'accounts.deleteConfirmMismatch']);
    expect((await gus.request('DELETE', `/api/v1/admin/users/${gus.userId}`, { json: { confirm_username: 'gus' } })).status).toBe(403);
    const ok = await anna.request('DELETE', `/api/v1/admin/users/${gus.userId}`, { json: { confirm_username: 'gus' } });
    expect(ok.status, ok.text).toBe(200);

    // Every table with an owner column, and the settings, hold nothing of gus's; his session is dead.
    for (const { table, column } of ownerColumns(s.core.sqlite))
      expect(rows(`SELECT count(*) AS n FROM "${table}" WHERE "${column}" = ?`, gus.userId), table).toEqual([{ n: 0 }]);
    for (const table of ['settings', 'auth_sessions', 'api_tokens', 'users'])
      expect(
        rows(
          `SELECT count(*) AS n FROM ${table} WHERE ${{ settings: 'StUsID', auth_sessions: 'AsUsID', api_tokens: 'AtUsID', users: 'UsID' }[table]} = ?`,
          gus.userId,
        ),
        table,
      ).toEqual([{ n: 0 }]);
    expect(rows('SELECT count(*) AS n FROM sentences WHERE SeTxID NOT IN (SELECT TxID FROM texts)')).toEqual([{ n: 0 }]);
    expect((await gus.get('/api/v1/languages')).status).toBe(401);
    expect(rows('SELECT count(*) AS n FROM languages WHERE LgUsID IS NOT ? ', gus.userId)).toEqual(annaLanguages);
    expect((await anna.request('DELETE', `/api/v1/admin/users/${gus.userId}`, { json: { confirm_username: 'gus' } })).status).toBe(404);
  });

  it("never the last administrator; an administrator's own account only through the profile, with the password", async () => {
    const anna = await loginAs('anna');
    const annaId = (await anna.get('/api/v1/auth/me')).body.user.id as number;
    const viaAdmin = await anna.request('DELETE', `/api/v1/admin/users/${annaId}`, { json: { confirm_username: 'anna' } });
    expect([viaAdmin.status, viaAdmin.body.code]).toEqual([409, 'accounts.deleteSelfHere']);
    const last = await anna.post('/api/v1/auth/delete-account', { current_password: PW, confirm_username: 'anna' });
    expect([last.status, last.body.code]).toEqual([409, 'accounts.deleteLastAdmin']);
    expect((await anna.post('/api/v1/auth/delete-account', { current_password: 'wrong password', confirm_username: 'anna' })).status).toBe(403);

    // With a second administrator, anna may leave; a learner may delete their own account too.
    const frankId = (rows("SELECT UsID FROM users WHERE UsUsername = 'frank'")[0] as { UsID: number }).UsID;
    expect((await anna.put(`/api/v1/admin/users/${frankId}`, { role: 'admin' })).status).toBe(200);
    const carla = await loginAs('carla', 'carla new password');
    expect((await carla.post('/api/v1/auth/delete-account', { current_password: 'carla new password', confirm_username: 'carl' })).status).toBe(400);
    expect((await carla.post('/api/v1/auth/delete-account', { current_password: 'carla new password', confirm_username: 'carla' })).status).toBe(200);
    const gone = await anna.post('/api/v1/auth/delete-account', { current_password: PW, confirm_username: 'anna' });
    expect(gone.status, gone.text).toBe(200);
    expect(rows("SELECT UsUsername FROM users WHERE UsUsername IN ('anna', 'carla')")).toEqual([]);
    expect((await anna.get('/api/v1/auth/me')).status).toBe(401);
    // The remaining administrator is the last one now.
    const frank = await loginAs('frank');
    expect((await frank.post('/api/v1/auth/delete-account', { current_password: PW, confirm_username: 'frank' })).status).toBe(409);
  });
});
