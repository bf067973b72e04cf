// Issue 15 audit: a backup made by an older Lectio (an older schema) is restored and migrated on the prepared copy;
// its rows come back whole and the schema is this version's. A backup from another app version has its texts
// parsed again with this version's parser when they are next opened.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/app/core';
import { fixedClock } from '../../src-main/core/clock';
import { silentLogger } from '../../src-main/core/context';
import { migrationsDir } from '../../src-main/core/paths';
import type { FileResult } from '../../src-shared/contract/endpoint';
import { startTestServer, tempDir, testConfig, TEST_NOW, type TestServer } from '../helpers/core';
import { rezip } from '../helpers/backup';

const dirs: string[] = [];
let s: TestServer | undefined;
afterAll(async () => {
  await s?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A backup written by a Lectio whose schema stops at the third migration, holding a language, a term and a text. */
async function olderBackup(): Promise<{ data: Uint8Array; migrations: string[] }> {
  const old = tempDir('lectio-old-migrations-');
  const dataDir = tempDir();
  dirs.push(old, dataDir);
  fs.cpSync(migrationsDir(), old, { recursive: true });
  const journalFile = path.join(old, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, 3);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  // An older app's library: today's background jobs (which read today's tables) do not run on it.
  const core = createCore({ config: testConfig({}, dataDir), clock: fixedClock(TEST_NOW), log: silentLogger, migrationsFolder: old, background: false });
  try {
    const db = core.sqlite;
    const lg = Number(db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('Altdeutsch', 0)").run().lastInsertRowid);
    db.prepare(
      "INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoCreated, WoModified, WoStatusChanged) VALUES (?, 'Hund', 'hund', 3, 'dog', 0, 0, 0)",
    ).run(lg);
    db.prepare("INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, 'Alt', 'Der Hund schläft. Der Hund träumt.', 0, 0)").run(lg);
    const file = (await core.dispatch('backup.download', {})) as FileResult;
    return { data: file.data, migrations: journal.entries.map((e) => e.tag) };
  } finally {
    core.close();
  }
}

describe('restore of an older backup', { timeout: 60_000 }, () => {
  it('migrates the prepared copy: rows whole, schema current', async () => {
    const older = await olderBackup();
    s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
    const current = s.core.sqlite.prepare("SELECT MgName FROM _migrations WHERE MgStatus = 'applied' ORDER BY MgID").pluck().all() as string[];
    expect(current.length).toBeGreaterThan(older.migrations.length);

    const res = await s.client.upload('/api/v1/backup/restore', { name: 'lectio-backup-old.zip', data: older.data });
    expect(res.status, res.text).toBe(200);
    expect(res.body.backup.schemaVersion).toBe(older.migrations[older.migrations.length - 1]);

    const db = s.core.sqlite;
    expect(db.prepare("SELECT MgName FROM _migrations WHERE MgStatus = 'applied' ORDER BY MgID").pluck().all()).toEqual(current);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    const languages = (await s.client.get('/api/v1/languages')).body as { LgID: number; LgName: string }[];
    expect(languages.map((l) => l.LgName)).toEqual(['Altdeutsch']);
    const terms = await s.client.get(`/api/v1/terms?language_id=${languages[0].LgID}`);
    expect(JSON.stringify(terms.body)).toContain('"WoTranslation":"dog"');
  });

  it('a backup from another app version: its texts are parsed again with this version when next opened', async () => {
    const res = await s!.client.get('/api/v1/backup');
    expect(res.status).toBe(200);
    const other = await rezip(res.body as Buffer, async (_zip, manifest) => {
      (manifest as unknown as { appVersion: string }).appVersion = '0.0.1-older';
    });
    const restored = await s!.client.upload('/api/v1/backup/restore', { name: 'lectio-backup-other.zip', data: other });
    expect(restored.status, restored.text).toBe(200);
    const db = s!.core.sqlite;
    const text = db.prepare('SELECT TxID, TxNeedsParse FROM texts').get() as { TxID: number; TxNeedsParse: number };
    expect(text.TxNeedsParse).toBe(1);
    const read = await s!.client.get(`/api/v1/texts/${text.TxID}/reader`);
    expect(read.status, read.text.slice(0, 300)).toBe(200);
    expect(read.text).toContain('Hund');
    expect(db.prepare('SELECT TxNeedsParse FROM texts WHERE TxID = ?').pluck().get(text.TxID)).toBe(0);
    // Both "Hund" of the parsed text link to the restored term.
    expect(db.prepare('SELECT count(*) FROM word_occurrences WHERE Ti2TxID = ? AND Ti2WoID IS NOT NULL').pluck().get(text.TxID)).toBe(2);
  });
});
