// Runs in: main. Restoring a backup. Everything is checked before anything changes: the archive is a Lectio
// backup, every member matches the manifest's SHA-256, the database passes integrity_check, its schema is not
// newer than the app (an older one is migrated on the prepared copy), it holds at least one row. Then the
// prepared database, written beside the live one, replaces it in one rename while the core's connection is
// closed (services.database); the replaced file stays as pre-restore-{date}.db until the next successful start.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError, badRequest } from '../../../src-shared/contract/errors';
import type { Sqlite } from '../../db/connection';
import { migrate, MigrationError } from '../../db/migrate';
import { BACKUP_FORMAT, DB_MEMBER, FILES_PREFIX, isExcludedDataPath, MANIFEST, removeDbFiles, sha256, type BackupManifest } from './archive';
import * as repo from './repo';
import { listZip, readEntry, ZipError, type ZipEntry } from './zip-reader';
import { type Message, msg } from '../../../src-shared/contract/messages';

/** Upload and member caps: a hostile archive cannot make the restore inflate without end. */
export const MAX_BACKUP_BYTES = 4 * 1024 * 1024 * 1024 - 1;
export const MAX_MEMBERS = 65_000;

/** Test hook: called at each step of the swap (the SIGKILL test stops the process there). */
export type RestoreStepHook = (step: 'prepared' | 'closed' | 'kept-old' | 'renamed' | 'reopened') => void;
export const RESTORE_HOOK_KEY = 'backup.restore.hook';

export interface CheckedBackup {
  manifest: BackupManifest;
  /** The prepared database file, beside the live one. */
  prepared: string;
  files: { name: string; data: Uint8Array }[];
  counts: Record<string, number>;
}

const refuse = (why: Message) => badRequest(msg('restore.refused', { why }));

function safeMemberPath(name: string): string | null {
  if (!name.startsWith(FILES_PREFIX)) return null;
  const rel = name.slice(FILES_PREFIX.length);
  if (!rel || rel.includes('\\') || rel.includes('\0') || rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) return null;
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return rel;
}

/** Reads and verifies the archive; writes nothing. */
export function readBackup(data: Uint8Array): { manifest: BackupManifest; db: Uint8Array; files: { name: string; data: Uint8Array }[] } {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let entries: ZipEntry[];
  try {
    entries = listZip(buf, { maxEntries: MAX_MEMBERS + 1, maxTotalBytes: MAX_BACKUP_BYTES });
  } catch (err) {
    throw refuse(err instanceof ZipError && err.message !== 'not a zip archive' ? msg('restore.detail', { why: err.message }) : msg('restore.notZip'));
  }
  const byName = new Map(entries.filter((e) => !e.name.endsWith('/')).map((e) => [e.name, e]));
  const read = (e: ZipEntry): Buffer => {
    try {
      return readEntry(buf, e);
    } catch (err) {
      throw refuse(msg('restore.detail', { why: (err as Error).message }));
    }
  };
  const manifestEntry = byName.get(MANIFEST);
  if (!manifestEntry) throw refuse(msg('restore.noManifest'));
  if (manifestEntry.size > 64 * 1024 * 1024) throw refuse(msg('restore.manifestTooLarge'));
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(read(manifestEntry).toString('utf8')) as BackupManifest;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw refuse(msg('restore.manifestNotJson'));
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.members !== 'object' || manifest.members === null) throw refuse(msg('restore.unknownManifest'));
  if (!manifest.members[DB_MEMBER]) throw refuse(msg('restore.noDatabase'));
  const extra = [...byName.keys()].filter((n) => n !== MANIFEST && !Object.hasOwn(manifest.members, n));
  if (extra.length) throw refuse(msg('restore.unlistedMembers', { names: extra.slice(0, 3).join(', ') }));
  let db: Uint8Array | null = null;
  const files: { name: string; data: Uint8Array }[] = [];
  for (const [name, m] of Object.entries(manifest.members)) {
    if (typeof m?.size !== 'number' || typeof m.sha256 !== 'string') throw refuse(msg('restore.badManifestEntry', { name }));
    const entry = byName.get(name);
    if (!entry) throw refuse(msg('restore.missingMember', { name }));
    if (name !== DB_MEMBER && safeMemberPath(name) === null) throw refuse(msg('restore.badMemberName', { name: JSON.stringify(name) }));
    if (entry.size !== m.size) throw refuse(msg('restore.checksum', { name }));
    const bytes = read(entry);
    if (sha256(bytes) !== m.sha256) throw refuse(msg('restore.checksum', { name }));
    if (name === DB_MEMBER) db = bytes;
    else files.push({ name, data: bytes });
  }
  return { manifest, db: db!, files };
}

/**
 * Writes the database beside the live one and checks it: integrity, schema age, at least one row; migrates an
 * older schema; points every owner column at the restoring account (multi-user: with the live accounts).
 */
export function prepareDatabase(
  dbBytes: Uint8Array,
  opts: { liveFile: string; migrationsFolder: string; knownMigrations: string[]; owner: number | null; multiUser: boolean; stamp: string; reparse?: boolean },
): { prepared: string; counts: Record<string, number> } {
  const prepared = `${opts.liveFile}.restore-${opts.stamp}`;
  removeDbFiles(prepared);
  fs.writeFileSync(prepared, dbBytes);
  try {
    let db: Sqlite;
    try {
      db = new Database(prepared, { fileMustExist: true });
      db.pragma('foreign_keys = OFF');
    } catch {
      throw refuse(msg('restore.dbUnopenable'));
    }
    try {
      let check: string[];
      try {
        check = repo.integrityCheck(db);
      } catch {
        throw refuse(msg('restore.dbNotSqlite'));
      }
      if (check.length !== 1 || check[0] !== 'ok') throw refuse(msg('restore.dbIntegrity', { details: check.slice(0, 2).join('; ') }));
      const tables = new Set(repo.tableNames(db));
      if (!tables.has('languages') || !tables.has('words') || !tables.has('_migrations')) throw refuse(msg('restore.notLectio'));
      const applied = repo.appliedMigrations(db);
      const known = new Set(opts.knownMigrations);
      const newer = applied.filter((m) => !known.has(m));
      if (newer.length) throw refuse(msg('restore.newerSchema', { schema: newer[newer.length - 1] }));
      const before = repo.countRows(db);
      const rows = Object.entries(before)
        .filter(([t]) => t !== '_migrations')
        .reduce((n, [, c]) => n + c, 0);
      if (rows === 0) throw refuse(msg('restore.noRows'));
      try {
        migrate(db, opts.migrationsFolder);
      } catch (err) {
        throw refuse(err instanceof MigrationError ? msg('restore.detail', { why: err.message.replace(/\.$/, '') }) : msg('restore.notUpgradable'));
      }
      db.pragma('foreign_keys = OFF');
      if (opts.multiUser) {
        repo.withAttached(db, opts.liveFile, 'live', () =>
          db.transaction(() => {
            repo.copyLiveAccounts(db);
            repo.copyLiveCredentials(db);
            repo.reassignOwners(db, opts.owner);
          })(),
        );
      } else {
        db.transaction(() => {
          repo.scrubCredentials(db);
          repo.reassignOwners(db, null);
        })();
      }
      // Made by another version: texts are parsed again when next opened (TxNeedsParse), with this version's parser.
      if (opts.reparse) repo.markTextsForReparse(db);
      // Multi-user restores rewrite owners and accounts: check every reference afterwards. (A single-user restore
      // changes no reference; Lectio writes with foreign keys on, and the checksums say the file is as written.)
      if (opts.multiUser) {
        const fkProblems = db.pragma('foreign_key_check') as unknown[];
        if (fkProblems.length) throw refuse(msg('restore.brokenReferences', { count: fkProblems.length }));
      }
      db.pragma('journal_mode = DELETE');
      const counts = repo.countRows(db);
      return { prepared, counts };
    } finally {
      db.close();
    }
  } catch (err) {
    removeDbFiles(prepared);
    throw err;
  }
}

/** Flushes a file (or folder entry) to disk so a rename after it cannot expose a half-written file. */
function fsyncPath(p: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(p, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Folders cannot be opened for fsync on Windows; the rename is still atomic there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Runs while the core's connection is closed: keeps the old file as pre-restore-{stamp}.db (a hard link, or a
 * copy where links are not possible) and renames the prepared file over the live one. At every instant the
 * live path names a whole database: the old one until the rename, the new one after.
 */
export function swapFiles(liveFile: string, prepared: string, stamp: string, hook?: RestoreStepHook): string {
  hook?.('closed');
  const wal = `${liveFile}-wal`;
  if (fs.existsSync(wal) && fs.statSync(wal).size > 0) throw new AppError(409, msg('restore.inUse'));
  fs.rmSync(wal, { force: true });
  fs.rmSync(`${liveFile}-shm`, { force: true });
  const keep = path.join(path.dirname(liveFile), `pre-restore-${stamp}.db`);
  fs.rmSync(keep, { force: true });
  try {
    fs.linkSync(liveFile, keep);
  } catch {
    fs.copyFileSync(liveFile, keep);
  }
  fsyncPath(keep);
  hook?.('kept-old');
  fsyncPath(prepared);
  fs.renameSync(prepared, liveFile);
  fsyncPath(path.dirname(liveFile));
  hook?.('renamed');
  return keep;
}

/** Writes the restored files into the data folder (after the database swap). */
export function writeFiles(dataDir: string, files: { name: string; data: Uint8Array }[]): number {
  let n = 0;
  for (const f of files) {
    const rel = safeMemberPath(f.name);
    if (!rel || isExcludedDataPath(rel)) continue;
    const target = path.join(dataDir, ...rel.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp`;
    fs.writeFileSync(tmp, f.data);
    fs.renameSync(tmp, target);
    n++;
  }
  return n;
}

/** Removes what a finished or interrupted restore left behind; called after each successful start. */
export function cleanUpAfterStart(dataDir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dataDir);
  } catch {
    return;
  }
  for (const n of names) {
    if (/^pre-restore-.*\.db$/.test(n) || /^lectio\.db\.restore-/.test(n)) fs.rmSync(path.join(dataDir, n), { force: true });
  }
  const tmp = path.join(dataDir, 'tmp');
  for (const n of fs.existsSync(tmp) ? fs.readdirSync(tmp) : [])
    if (/^snapshot-.*\.db(-wal|-shm|-journal)?$/.test(n)) fs.rmSync(path.join(tmp, n), { force: true });
}
