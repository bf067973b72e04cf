// Multi-user backups hold the caller's rows only (a scoped copy into a fresh database, tested with two owner
// ids), are admin-only, restore is refused with two active accounts and points every owner column at the
// restoring admin; empty deletes only the caller's rows. And: a backup is written before migrations run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { migrationsDir } from '../../src-main/core/paths';
import type { CurrentUser } from '../../src-main/db/scope';
import type { FileResult } from '../../src-shared/contract/endpoint';
import { fixedClock } from '../../src-main/core/clock';
import { addUser, tempDir, testConfig, TEST_NOW, type TestCore } from '../helpers/core';
import { coresPerTest } from '../helpers/with-server';
import { downloadBackup, liveFileHash, tableChecksums } from '../helpers/backup';

const cores = coresPerTest();

/** A language with a tagged term and a text with a text tag, all owned by `owner`. */
function addLibrary(core: TestCore, owner: number, name: string): void {
  const db = core.sqlite;
  const lg = Number(db.prepare('INSERT INTO languages (LgUsID, LgName, LgCreated) VALUES (?, ?, 0)').run(owner, name).lastInsertRowid);
  const wo = Number(
    db
      .prepare('INSERT INTO words (WoLgID, WoUsID, WoText, WoTextLC, WoStatus, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, ?, lower(?), 2, 0, 0, 0)')
      .run(lg, owner, `${name}-word`, `${name}-word`).lastInsertRowid,
  );
  const tg = Number(db.prepare('INSERT INTO tags (TgUsID, TgText) VALUES (?, ?)').run(owner, `${name}-tag`).lastInsertRowid);
  db.prepare('INSERT INTO word_tag_map (WtWoID, WtTgID) VALUES (?, ?)').run(wo, tg);
  const tx = Number(
    db.prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, ?, 'Hello.', 0, 0)").run(lg, owner, `${name}-text`)
      .lastInsertRowid,
  );
  const t2 = Number(db.prepare('INSERT INTO text_tags (T2UsID, T2Text) VALUES (?, ?)').run(owner, `${name}-t2`).lastInsertRowid);
  db.prepare('INSERT INTO text_tag_map (TtTxID, TtT2ID) VALUES (?, ?)').run(tx, t2);
  db.prepare("INSERT INTO settings (StKey, StValue, StUsID) VALUES ('theme', ?, ?)").run(name, owner);
}

function multiUserCore(): { core: TestCore; admin: CurrentUser; other: CurrentUser } {
  const core = cores.make({ env: { MULTI_USER_ENABLED: 'true', BACKUP_RESTORE_ENABLED: 'true' } });
  const admin = addUser(core, 'admin', 'admin');
  const other = addUser(core, 'bob', 'user');
  addLibrary(core, admin.id!, 'AdminLang');
  addLibrary(core, other.id!, 'BobLang');
  core.sqlite.prepare("INSERT INTO settings (StKey, StValue, StUsID) VALUES ('allowRegistration', '1', 0)").run();
  return { core, admin, other };
}

async function databaseOf(file: FileResult): Promise<{ db: Database.Database; manifest: Record<string, any>; close(): void }> {
  const zip = await JSZip.loadAsync(file.data);
  const tmp = path.join(os.tmpdir(), `scoped-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  fs.writeFileSync(tmp, await zip.file('lectio.db')!.async('uint8array'));
  const db = new Database(tmp, { readonly: true });
  return {
    db,
    manifest: JSON.parse(await zip.file('manifest.json')!.async('string')),
    close() {
      db.close();
      fs.rmSync(tmp);
    },
  };
}

const rows = (db: Database.Database, sql: string) => db.prepare(sql).all() as Record<string, unknown>[];

describe('multi-user: scoped to the caller', () => {
  it('the backup holds only the caller rows, their children, their account and settings', async () => {
    const { core, admin } = multiUserCore();
    const file = await downloadBackup(core, admin);
    const { db, manifest, close } = await databaseOf(file);
    try {
      expect(manifest.scope).toBe('owner');
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(rows(db, 'SELECT LgName, LgUsID FROM languages')).toEqual([{ LgName: 'AdminLang', LgUsID: admin.id }]);
      expect(rows(db, 'SELECT WoText FROM words')).toEqual([{ WoText: 'AdminLang-word' }]);
      expect(rows(db, 'SELECT TgText FROM tags JOIN word_tag_map ON WtTgID = TgID')).toEqual([{ TgText: 'AdminLang-tag' }]);
      expect(rows(db, 'SELECT TxTitle FROM texts')).toEqual([{ TxTitle: 'AdminLang-text' }]);
      expect(rows(db, 'SELECT T2Text FROM text_tags JOIN text_tag_map ON TtT2ID = T2ID')).toEqual([{ T2Text: 'AdminLang-t2' }]);
      expect(rows(db, 'SELECT UsUsername FROM users')).toEqual([{ UsUsername: 'admin' }]);
      expect(rows(db, 'SELECT StKey, StValue, StUsID FROM settings ORDER BY StUsID')).toEqual([
        { StKey: 'allowRegistration', StValue: '1', StUsID: 0 },
        { StKey: 'theme', StValue: 'AdminLang', StUsID: admin.id },
      ]);
      expect(manifest.counts).toMatchObject({ languages: 1, words: 1, texts: 1, users: 1 });
      // The same migrations as the live database.
      expect(manifest.migrations).toEqual(
        (core.sqlite.prepare("SELECT MgName FROM _migrations WHERE MgStatus = 'applied' ORDER BY MgID").all() as { MgName: string }[]).map((r) => r.MgName),
      );
    } finally {
      close();
    }
  });

  it('never carries sign-in secrets; a restore keeps the live sessions and tokens', async () => {
    const { core, admin, other } = multiUserCore();
    core.sqlite.prepare("INSERT INTO api_tokens (AtUsID, AtName, AtHash, AtCreated) VALUES (?, 'cli', 'zzsecrettokenhash0123456789', 0)").run(admin.id);
    const file = await downloadBackup(core, admin);
    const { db, close } = await databaseOf(file);
    try {
      expect(rows(db, 'SELECT count(*) AS n FROM api_tokens')).toEqual([{ n: 0 }]);
    } finally {
      close();
    }
    const zip = await JSZip.loadAsync(file.data);
    expect(Buffer.from(await zip.file('lectio.db')!.async('uint8array')).includes('zzsecrettokenhash')).toBe(false);
    core.sqlite.prepare('UPDATE users SET UsActive = 0 WHERE UsID = ?').run(other.id);
    await core.dispatch('backup.restore', { file: { filename: 'b.zip', data: file.data } }, admin, 'http');
    expect(rows(core.sqlite, 'SELECT AtHash, AtUsID FROM api_tokens')).toEqual([{ AtHash: 'zzsecrettokenhash0123456789', AtUsID: admin.id }]);
  });

  it('is admin-only', async () => {
    const { core, other } = multiUserCore();
    await expect(core.dispatch('backup.download', {}, other, 'http')).rejects.toMatchObject({ status: 403 });
    await expect(core.dispatch('backup.empty', { confirm: 'EMPTY' }, other, 'http')).rejects.toMatchObject({ status: 403 });
    await expect(core.dispatch('backup.restore', { file: { filename: 'b.zip', data: new Uint8Array([1]) } }, other, 'http')).rejects.toMatchObject({
      status: 403,
    });
  });

  it('empty deletes the caller rows only; accounts and settings stay', async () => {
    const { core, admin } = multiUserCore();
    await core.dispatch('backup.empty', { confirm: 'EMPTY' }, admin, 'http');
    expect(rows(core.sqlite, 'SELECT LgName FROM languages')).toEqual([{ LgName: 'BobLang' }]);
    expect(rows(core.sqlite, 'SELECT WoText FROM words')).toEqual([{ WoText: 'BobLang-word' }]);
    expect(rows(core.sqlite, 'SELECT TgText FROM tags')).toEqual([{ TgText: 'BobLang-tag' }]);
    expect(rows(core.sqlite, 'SELECT count(*) AS n FROM users')).toEqual([{ n: 2 }]);
    expect(rows(core.sqlite, 'SELECT count(*) AS n FROM settings')).toEqual([{ n: 3 }]);
  });

  it('restore is refused with two active accounts, then points every owner column at the restoring admin', async () => {
    const { core, admin, other } = multiUserCore();
    const file = await downloadBackup(core, admin);
    const sums = tableChecksums(core.sqlite);
    const hash = liveFileHash(core);
    await expect(core.dispatch('backup.restore', { file: { filename: 'b.zip', data: file.data } }, admin, 'http')).rejects.toThrow(
      /more than one active account/,
    );
    expect(liveFileHash(core)).toBe(hash);
    expect(tableChecksums(core.sqlite)).toEqual(sums);

    core.sqlite.prepare('UPDATE users SET UsActive = 0 WHERE UsID = ?').run(other.id);
    // A third account takes over: the backup's rows are the admin's, restored by a new admin they become theirs.
    const carol = addUser(core, 'carol', 'admin');
    core.sqlite.prepare('UPDATE users SET UsActive = 0 WHERE UsID = ?').run(admin.id);
    const summary = (await core.dispatch('backup.restore', { file: { filename: 'b.zip', data: file.data } }, carol, 'http')) as {
      counts: Record<string, number>;
    };
    expect(summary.counts).toMatchObject({ languages: 1, users: 3 });
    expect(rows(core.sqlite, 'SELECT LgName, LgUsID FROM languages')).toEqual([{ LgName: 'AdminLang', LgUsID: carol.id }]);
    expect(rows(core.sqlite, 'SELECT DISTINCT WoUsID FROM words')).toEqual([{ WoUsID: carol.id }]);
    expect(rows(core.sqlite, 'SELECT DISTINCT TxUsID FROM texts')).toEqual([{ TxUsID: carol.id }]);
    expect(rows(core.sqlite, "SELECT StValue, StUsID FROM settings WHERE StKey = 'theme'")).toEqual([{ StValue: 'AdminLang', StUsID: carol.id }]);
    // The live accounts are kept (sign-in keeps working).
    expect(rows(core.sqlite, 'SELECT UsUsername FROM users ORDER BY UsID').map((r) => r.UsUsername)).toEqual(['admin', 'bob', 'carol']);
    expect(core.sqlite.pragma('foreign_key_check')).toEqual([]);
  });
});

describe('single-user backups', () => {
  it('hold no sign-in secrets, not even in free pages', async () => {
    const core = cores.make();
    const user = addUser(core, 'someone', 'admin');
    core.sqlite.prepare("INSERT INTO api_tokens (AtUsID, AtName, AtHash, AtCreated) VALUES (?, 'cli', 'zzsecrettokenhash0123456789', 0)").run(user.id);
    core.sqlite.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('Mine', 0)").run();
    const file = (await core.dispatch('backup.download', {})) as FileResult;
    const zip = await JSZip.loadAsync(file.data);
    expect(Buffer.from(await zip.file('lectio.db')!.async('uint8array')).includes('zzsecrettokenhash')).toBe(false);
  });
});

describe('backup before migrations', () => {
  it('an upgrade writes backups/pre-migration-*.zip of the old database first; a start without migrations writes none', async () => {
    const dataDir = tempDir();
    const old = tempDir('lectio-old-migrations-');
    try {
      fs.cpSync(migrationsDir(), old, { recursive: true });
      const journal = JSON.parse(fs.readFileSync(path.join(old, 'meta', '_journal.json'), 'utf8'));
      journal.entries = journal.entries.slice(0, 1);
      fs.writeFileSync(path.join(old, 'meta', '_journal.json'), JSON.stringify(journal));
      const config = testConfig({}, dataDir);
      // An older app's library: today's background jobs (which read today's tables) do not run on it.
      const first = createCore({ config, clock: fixedClock(TEST_NOW), log: silentLogger, migrationsFolder: old, background: false });
      first.sqlite.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('Old', 0)").run();
      first.close();
      expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);

      const upgraded = createCore({ config, clock: fixedClock(TEST_NOW + 1000), log: silentLogger });
      const names = fs.readdirSync(path.join(dataDir, 'backups'));
      expect(names).toEqual([`pre-migration-${journal.entries[0].tag}-2026-03-15-12-00-01.zip`]);
      const zip = await JSZip.loadAsync(fs.readFileSync(path.join(dataDir, 'backups', names[0])));
      const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
      expect(manifest.migrations).toEqual([journal.entries[0].tag]);
      expect(manifest.counts.languages).toBe(1);
      expect((upgraded.sqlite.prepare("SELECT count(*) AS n FROM _migrations WHERE MgStatus = 'applied'").get() as { n: number }).n).toBeGreaterThan(1);
      upgraded.close();

      const again = createCore({ config, clock: fixedClock(TEST_NOW + 5000), log: silentLogger });
      again.close();
      expect(fs.readdirSync(path.join(dataDir, 'backups'))).toEqual(names);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(old, { recursive: true, force: true });
    }
  });
});
