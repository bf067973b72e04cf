// Issue 34 item 4: on a server with accounts, a backup database holding several accounts is refused with the
// reason (it was a bare 500 from a UNIQUE constraint), and nothing changes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir, type TestServer } from '../helpers/core';
import { signedIn, startMultiUser, type Browser } from '../helpers/accounts';
import { downloadBackup, liveFileHash, rezip } from '../helpers/backup';

let s: TestServer;
let admin: Browser & { userId: number };
beforeAll(async () => {
  s = await startMultiUser({ BACKUP_RESTORE_ENABLED: 'true' });
  admin = await signedIn(s.baseUrl, 'admin');
  expect((await admin.post('/api/v1/languages', { LgName: 'German' })).status).toBe(200);
});
afterAll(() => s.close());

describe('multi-user restore of a several-account database', () => {
  it('is refused with the reason', async () => {
    const backup = (await downloadBackup(s.core, { id: admin.userId, username: 'admin', role: 'admin' })).data;
    const hostile = await rezip(backup, async (zip, manifest) => {
      const dir = tempDir('lectio-accounts-');
      const file = path.join(dir, 'lectio.db');
      fs.writeFileSync(file, await zip.file('lectio.db')!.async('uint8array'));
      const db = new Database(file);
      for (const name of ['carl', 'dora']) db.prepare("INSERT INTO users (UsUsername, UsPasswordHash, UsRole, UsCreated) VALUES (?, 'x', 'user', 0)").run(name);
      db.close();
      const bytes = fs.readFileSync(file);
      fs.rmSync(dir, { recursive: true, force: true });
      zip.file('lectio.db', bytes);
      manifest.members['lectio.db'] = { size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
    });
    const live = liveFileHash(s.core);
    const res = await admin.upload('/api/v1/backup/restore', { name: 'backup.zip', data: hostile });
    expect(res.status, res.text).toBe(400);
    expect(res.body.params.why.code).toBe('restore.severalAccounts');
    expect(liveFileHash(s.core)).toBe(live);
  });
});
