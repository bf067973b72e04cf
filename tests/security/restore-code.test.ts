// Issue 34 item 3: a restore never plants code. A backup whose database carries a trigger or a view Lectio never
// made is refused with a clear message and nothing changes; the restored library is rebuilt in Lectio's own
// schema, so extra tables and indexes of the file are left behind.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from '../helpers/core';
import { downloadBackup, rezip, seedLibrary, tableChecksums } from '../helpers/backup';

let s: TestServer;
let backupZip: Uint8Array;
beforeAll(async () => {
  s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  await seedLibrary(s);
  backupZip = (await downloadBackup(s.core)).data;
});
afterAll(() => s.close());

/** The backup with its database edited by `edit` (the manifest's checksum follows, as a forger's would). */
async function withEditedDatabase(edit: (db: Database.Database) => void): Promise<Uint8Array> {
  return rezip(backupZip, async (zip, manifest) => {
    const dir = tempDir('lectio-forge-');
    const file = path.join(dir, 'lectio.db');
    fs.writeFileSync(file, await zip.file('lectio.db')!.async('uint8array'));
    const db = new Database(file);
    edit(db);
    db.close();
    const bytes = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
    zip.file('lectio.db', bytes);
    manifest.members['lectio.db'] = { size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
  });
}

describe('a restore never plants code', () => {
  it.each([
    ['trigger', 'CREATE TRIGGER wipe AFTER UPDATE ON words BEGIN DELETE FROM texts; END', /trigger "wipe"/],
    ['recursive view', 'CREATE VIEW forever AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c', /view "forever"/],
    [
      "trigger named like Lectio's own",
      'CREATE TRIGGER word_occurrences_text_deleted AFTER DELETE ON texts BEGIN DELETE FROM words; END',
      /trigger "word_occurrences_text_deleted"/,
    ],
  ])('refuses a %s and changes nothing', async (_, sql, message) => {
    const hostile = await withEditedDatabase((db) => {
      if (sql.includes('word_occurrences_text_deleted')) db.exec('DROP TRIGGER word_occurrences_text_deleted');
      db.exec(sql);
    });
    const before = tableChecksums(s.core.sqlite);
    const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: hostile });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('restore.refused');
    expect(res.body.error).toMatch(message);
    expect(tableChecksums(s.core.sqlite)).toEqual(before);
    expect(fs.readdirSync(s.core.config.dataDir).filter((n) => n.includes('.restore-'))).toEqual([]);
  });

  it("restores the rows into Lectio's schema, leaving the file's extra tables and indexes behind", async () => {
    const edited = await withEditedDatabase((db) => {
      db.exec('CREATE TABLE planted (x TEXT)');
      db.exec("INSERT INTO planted VALUES ('payload')");
      db.exec('CREATE INDEX planted_words ON words (WoTranslation)');
    });
    const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: edited });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const objects = s.core.sqlite.prepare("SELECT name FROM sqlite_master WHERE name IN ('planted', 'planted_words')").all();
    expect(objects).toEqual([]);
    expect(s.core.sqlite.prepare("SELECT count(*) FROM words WHERE WoText IN ('Hund', 'Katze', 'house')").pluck().get()).toBe(3);
    expect(s.core.sqlite.prepare("SELECT type, name FROM sqlite_master WHERE type = 'trigger'").all()).toEqual([
      { type: 'trigger', name: 'word_occurrences_text_deleted' },
    ]);
  });
});
