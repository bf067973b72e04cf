// Issue 15, "Done when": backup → empty → restore in multi-user mode over real HTTP, with two signed-in accounts.
// The admin's backup and empty cover the admin's rows only; the other account's rows stay byte-identical (per-table
// checksums of its scoped view); restore is refused while two accounts are active and changes nothing; once the
// other account is disabled, the restore brings the admin's library back with identical rows (per-table checksums of
// a backup taken before and one taken after), and the admin stays signed in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../src-main/db/scope';
import { lemmaWorkIdle } from '../../src-main/modules/lemmas/deferred';
import type { TestServer } from '../helpers/core';
import { signedIn, startMultiUser, type Browser } from '../helpers/accounts';
import { downloadBackup, liveFileHash, seedLibrary, tableChecksums } from '../helpers/backup';

let s: TestServer;
let admin: Browser & { userId: number };
let bob: Browser & { userId: number };

beforeAll(async () => {
  s = await startMultiUser({ BACKUP_RESTORE_ENABLED: 'true' });
  admin = await signedIn(s.baseUrl, 'household-admin');
  bob = await signedIn(s.baseUrl, 'bob');
  // Each account builds its own library through the API (seedLibrary posts through the client it is given).
  await seedLibrary({ ...s, client: admin } as unknown as TestServer);
  await seedLibrary({ ...s, client: bob } as unknown as TestServer);
  await bob.post('/api/v1/terms', { WoLgID: (await bob.get('/api/v1/languages')).body[0].LgID, WoText: 'nur-bob', WoStatus: 2 });
  // Automatic lemmas are filled in the background: the checksums below must not race them.
  await lemmaWorkIdle(s.core.context());
}, 60_000);
afterAll(async () => s?.close());

/** Per-table checksums of the database inside a backup archive. */
async function archiveChecksums(data: Uint8Array): Promise<{ sums: Record<string, string>; manifest: Record<string, any> }> {
  const zip = await JSZip.loadAsync(data);
  const tmp = path.join(os.tmpdir(), `mu-backup-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  fs.writeFileSync(tmp, await zip.file('lectio.db')!.async('uint8array'));
  const db = new Database(tmp, { readonly: true });
  try {
    // Nothing of another account: every occurrence row belongs to a text in the copy (the key on Ti2TxID is a trigger).
    expect(db.prepare('SELECT count(*) FROM word_occurrences WHERE Ti2TxID NOT IN (SELECT TxID FROM texts)').pluck().get()).toBe(0);
    const sums = tableChecksums(db);
    // A scoped copy is a fresh database: its _migrations rows carry the copy's own applied-at times. The list of
    // migrations is compared through the manifest instead.
    delete sums._migrations;
    return { sums, manifest: JSON.parse(await zip.file('manifest.json')!.async('string')) };
  } finally {
    db.close();
    fs.rmSync(tmp);
  }
}

/** Bob's rows as a scoped copy holds them (the scoped copy is what a backup of bob's library would be). */
async function bobsView(): Promise<Record<string, string>> {
  const asOwner: CurrentUser = { id: bob.userId, username: 'bob', role: 'admin' };
  const file = await downloadBackup(s.core, asOwner);
  const { sums } = await archiveChecksums(file.data);
  // The users table of bob's view carries his role as this helper claims it; everything else is his rows.
  delete sums.users;
  return sums;
}

const names = (res: { body: { LgName: string }[] }) => res.body.map((l) => l.LgName).sort();

describe('multi-user backup → empty → restore over HTTP, two signed-in accounts', { timeout: 60_000 }, () => {
  let backup: Buffer;
  let adminSums: Record<string, string>;
  let adminMigrations: string[];
  let bobBefore: Record<string, string>;

  it('the admin downloads a backup of their own rows; the other account may not', async () => {
    const res = await admin.get('/api/v1/backup');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/zip');
    backup = Buffer.from(await (await fetch(s.baseUrl + '/api/v1/backup', { headers: { cookie: admin.cookieHeader() } })).arrayBuffer());
    const { sums, manifest } = await archiveChecksums(backup);
    adminSums = sums;
    adminMigrations = manifest.migrations;
    expect(manifest.scope).toBe('owner');
    expect(manifest.counts).toMatchObject({ languages: 2, words: 3, texts: 2, users: 1 });
    expect((await bob.get('/api/v1/backup')).status).toBe(403);
    bobBefore = await bobsView();
    expect(Object.keys(bobBefore).length).toBeGreaterThan(10);
  });

  it("empty deletes the admin's rows only: the other account's rows are byte-identical", async () => {
    const refused = await admin.post('/api/v1/database/empty', { confirm: 'empty' });
    expect(refused.status).toBe(400);
    expect((await bob.post('/api/v1/database/empty', { confirm: 'EMPTY' })).status).toBe(403);
    const emptied = await admin.post('/api/v1/database/empty', { confirm: 'EMPTY' });
    expect(emptied.status, emptied.text).toBe(200);
    expect((await admin.get('/api/v1/languages')).body).toEqual([]);
    expect((await admin.get('/api/v1/texts')).body).toMatchObject({ items: [], total: 0 });
    expect(names(await bob.get('/api/v1/languages'))).toEqual(['English', 'German']);
    expect(await bobsView()).toEqual(bobBefore);
  });

  it('restore is refused while two accounts are active, and changes nothing', async () => {
    const hash = liveFileHash(s.core);
    const sums = tableChecksums(s.core.sqlite);
    const res = await admin.upload('/api/v1/backup/restore', { name: 'lectio-backup.zip', data: backup });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error).toMatch(/more than one active account/);
    expect((await bob.upload('/api/v1/backup/restore', { name: 'lectio-backup.zip', data: backup })).status).toBe(403);
    expect(liveFileHash(s.core)).toBe(hash);
    expect(tableChecksums(s.core.sqlite)).toEqual(sums);
  });

  it('with the other account disabled, restore brings back identical rows and the admin stays signed in', async () => {
    const disabled = await admin.put(`/api/v1/admin/users/${bob.userId}`, { active: false });
    expect(disabled.status, disabled.text).toBe(200);
    const restored = await admin.upload('/api/v1/backup/restore', { name: 'lectio-backup.zip', data: backup });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.counts).toMatchObject({ languages: 2, words: 3, texts: 2 });
    expect((await admin.get('/api/v1/auth/me')).status).toBe(200);
    expect(names(await admin.get('/api/v1/languages'))).toEqual(['English', 'German']);
    const again = Buffer.from(await (await fetch(s.baseUrl + '/api/v1/backup', { headers: { cookie: admin.cookieHeader() } })).arrayBuffer());
    const { sums, manifest } = await archiveChecksums(again);
    expect(sums).toEqual(adminSums);
    expect(manifest.migrations).toEqual(adminMigrations);
    expect(s.core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(s.core.sqlite.pragma('foreign_key_check')).toEqual([]);
    expect(s.core.sqlite.prepare('SELECT count(*) FROM word_occurrences WHERE Ti2TxID NOT IN (SELECT TxID FROM texts)').pluck().get()).toBe(0);
    // The accounts are kept; as the spec says, every restored row belongs to the restoring admin.
    expect(s.core.sqlite.prepare('SELECT DISTINCT LgUsID FROM languages').pluck().all()).toEqual([admin.userId]);
    expect(s.core.sqlite.prepare('SELECT UsUsername FROM users ORDER BY UsID').pluck().all()).toEqual(['household-admin', 'bob']);
  });
});
