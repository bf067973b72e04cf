// Issue 14 rules that had no test of their own (the audit of its "Done when"), in multi-user mode over real HTTP
// with signed-in accounts: term imports are owned by the importer and their tag links join only the importer's
// words and tags (language and tag names are per user); per-user settings fall back to the built-in default and
// admin-scoped ones to the global row; /api/v1/auth/resend-verification mails a single-use link
// through a fake SMTP server that confirms the address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lemmaWorkIdle } from '../../src-main/modules/lemmas/deferred';
import { getSetting } from '../../src-main/modules/settings/service';
import type { TestServer } from '../helpers/core';
import { Browser, registerUser, signedIn, startFakeSmtp, startMultiUser } from '../helpers/accounts';

let s: TestServer;
let anna: Browser & { userId: number };
let bert: Browser & { userId: number };

beforeAll(async () => {
  s = await startMultiUser();
  anna = await signedIn(s.baseUrl, 'anna');
  bert = await signedIn(s.baseUrl, 'bert');
}, 60_000);
afterAll(async () => s?.close());

const rows = (sql: string, ...params: unknown[]) => s.core.sqlite.prepare(sql).all(...params) as Record<string, unknown>[];

describe('term imports belong to the importer', { timeout: 60_000 }, () => {
  it("joins only the importer's words and tags; the other account's same-named language, term and tag stay as they were", async () => {
    // The same language name and tag name in both accounts: names are unique per user, not globally.
    const annaLg = (await anna.post('/api/v1/languages', { LgName: 'German' })).body.LgID as number;
    const bertLg = (await bert.post('/api/v1/languages', { LgName: 'German' })).body.LgID as number;
    expect(bertLg).toBeGreaterThan(0);
    expect(bertLg).not.toBe(annaLg);
    const bertHund = await bert.post('/api/v1/terms', {
      WoLgID: bertLg,
      WoText: 'Hund',
      WoTranslation: 'dog (bert)',
      WoStatus: 4,
      TermTags: { TagList: ['noun'] },
    });
    expect(bertHund.status, bertHund.text).toBe(200);
    // Bert's own save fills an automatic lemma in the background: let it finish before taking his snapshot.
    await lemmaWorkIdle(s.core.context());
    const bertBefore = rows('SELECT * FROM words WHERE WoUsID = ? ORDER BY WoID', bert.userId);
    const bertLinks = rows('SELECT * FROM word_tag_map JOIN tags ON TgID = WtTgID WHERE TgUsID = ? ORDER BY WtWoID', bert.userId);

    // Into the other account's language: not found, nothing stored.
    const foreign = await anna.upload(
      '/api/v1/terms/import',
      { name: 'x.tsv', data: Buffer.from('term\ttranslation\nKatze\tcat\n') },
      { language_id: String(bertLg) },
    );
    expect(foreign.status).toBe(404);
    expect(rows('SELECT count(*) AS n FROM words WHERE WoUsID = ?', anna.userId)).toEqual([{ n: 0 }]);

    // 'overwrite' would update a matching term: bert's Hund is not anna's to match.
    const tsv = 'term\ttranslation\ttags\nHund\tdog\tnoun\nKatze\tcat\tnoun, pet\n';
    const res = await anna.upload(
      '/api/v1/terms/import',
      { name: 'terms.tsv', data: Buffer.from(tsv) },
      { language_id: String(annaLg), duplicates: 'overwrite' },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ created: 2, updated: 0, total: 2 });
    await lemmaWorkIdle(s.core.context());

    const annaWords = rows('SELECT WoText, WoLgID, WoUsID FROM words WHERE WoUsID = ? ORDER BY WoText', anna.userId);
    expect(annaWords).toEqual([
      { WoText: 'Hund', WoLgID: annaLg, WoUsID: anna.userId },
      { WoText: 'Katze', WoLgID: annaLg, WoUsID: anna.userId },
    ]);
    // Every tag link of anna's words points at anna's tags, created for her.
    const annaLinks = rows(
      'SELECT WoText, TgText, TgUsID FROM word_tag_map JOIN words ON WoID = WtWoID JOIN tags ON TgID = WtTgID WHERE WoUsID = ? ORDER BY 1, 2',
      anna.userId,
    );
    expect(annaLinks).toEqual([
      { WoText: 'Hund', TgText: 'noun', TgUsID: anna.userId },
      { WoText: 'Katze', TgText: 'noun', TgUsID: anna.userId },
      { WoText: 'Katze', TgText: 'pet', TgUsID: anna.userId },
    ]);
    expect(rows('SELECT * FROM words WHERE WoUsID = ? ORDER BY WoID', bert.userId)).toEqual(bertBefore);
    expect(rows('SELECT * FROM word_tag_map JOIN tags ON TgID = WtTgID WHERE TgUsID = ? ORDER BY WtWoID', bert.userId)).toEqual(bertLinks);

    // "Last import" is per account.
    expect((await anna.get('/api/v1/terms/imported')).body).toMatchObject({ total: 2, batch: res.body.batch });
    expect((await bert.get('/api/v1/terms/imported')).body).toMatchObject({ total: 0 });
    // Each sees their own vocabulary only.
    const seen = (await bert.get(`/api/v1/terms?language_id=${bertLg}`)).body;
    expect(JSON.stringify(seen)).not.toContain('Katze');
  });
});

describe('settings in multi-user mode', { timeout: 60_000 }, () => {
  it("per-user keys fall back to the built-in default (never another user's value or the global row); admin keys are the admin's to set and read from the global row", async () => {
    expect((await anna.post('/api/v1/settings', { key: 'theme', value: 'dark' })).status).toBe(200);
    // A value in the global row, as a single-user library leaves it.
    s.core.sqlite.prepare("INSERT INTO settings (StKey, StValue, StUsID) VALUES ('readingWidth', '55', 0)").run();
    const bertSettings = (await bert.get('/api/v1/settings')).body as Record<string, string>;
    expect(bertSettings).toMatchObject({ theme: 'system', readingWidth: '70' });
    expect((await anna.get('/api/v1/settings')).body).toMatchObject({ theme: 'dark' });

    const refused = await bert.post('/api/v1/settings', { key: 'backupDir', value: '/tmp/bert' });
    expect(refused.status).toBe(403);
    expect((await anna.post('/api/v1/settings', { key: 'backupDir', value: '/srv/lectio-backups' })).status).toBe(200);
    expect(rows("SELECT StValue, StUsID FROM settings WHERE StKey = 'backupDir'")).toEqual([{ StValue: '/srv/lectio-backups', StUsID: 0 }]);
    const asBert = s.core.context({ id: bert.userId, username: 'bert', role: 'user' });
    expect(getSetting(asBert, 'backupDir')).toBe('/srv/lectio-backups');
    expect(getSetting(asBert, 'theme')).toBe('system');
  });
});

describe('email verification', { timeout: 60_000 }, () => {
  it('without mail settings the resend says so; with SMTP it mails a single-use link that confirms the address', async () => {
    const carl = new Browser(s.baseUrl);
    const reg = await registerUser(carl, 'carl', 'a long password', { email: 'carl@example.org' });
    expect(reg.status, reg.text).toBe(200);
    await carl.post('/api/v1/auth/login', { username: 'carl', password: 'a long password', issue_token: false });
    expect((await carl.get('/api/v1/auth/me')).body.user).toMatchObject({ username: 'carl', email_verified: false });
    const noMail = await carl.post('/api/v1/auth/resend-verification', {});
    expect(noMail.status).toBe(400);
    // Said about the confirmation, not about resetting a password (issue 51).
    expect(noMail.body.code).toBe('accounts.noMailToConfirm');
    // An account with an email makes a new recovery code too.
    const code = await carl.post('/api/v1/auth/recovery-code', { current_password: 'a long password' });
    expect([code.status, typeof code.body.recovery_code]).toEqual([200, 'string']);

    const smtp = await startFakeSmtp();
    try {
      // Mail settings are the admin's (anna, the first account).
      await anna.post('/api/v1/settings', { key: 'smtpUrl', value: `smtp://127.0.0.1:${smtp.port}?ignoreTLS=true` });
      await anna.post('/api/v1/settings', { key: 'mailFrom', value: 'Lectio <lectio@test.example>' });
      // An account without an email has nothing to confirm.
      expect((await bert.post('/api/v1/auth/resend-verification', {})).body.error).toMatch(/no email address/);

      // Carl reads Lectio in Spanish: the mail is written in Spanish (the answer's message stays English, with its code).
      await carl.post('/api/v1/settings', { key: 'uiLanguage', value: 'es' });
      const sent = await carl.post('/api/v1/auth/resend-verification', {});
      expect(sent.status, sent.text).toBe(200);
      expect(sent.body.message).toMatch(/carl@example\.org/);
      const mail = smtp.mails.at(-1)!;
      expect(mail.to).toContain('carl@example.org');
      expect(mail.text).toContain('Hola carl:');
      expect(mail.text).not.toContain('Hello carl');
      const token = /verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
      expect(token).toBeTruthy();

      const first = await fetch(`${s.baseUrl}/api/v1/auth/verify-email?token=${token}`, { redirect: 'manual' });
      expect(first.headers.get('location')).toMatch(/notice=email-verified/);
      expect((await carl.get('/api/v1/auth/me')).body.user).toMatchObject({ email_verified: true });
      const again = await fetch(`${s.baseUrl}/api/v1/auth/verify-email?token=${token}`, { redirect: 'manual' });
      expect(again.headers.get('location')).toMatch(/notice=verify-failed/);
      const resent = (await carl.post('/api/v1/auth/resend-verification', {})).body;
      expect(resent.message).toMatch(/already confirmed/);
      expect(resent.message_code).toBe('accounts.emailConfirmed');
    } finally {
      await smtp.close();
    }
  });
});
