// Runs in: main. Writing a backup: a consistent snapshot of the database (VACUUM INTO, or for one account of a
// multi-user server a scoped copy into a fresh database of the same schema), the library's files under the data
// folder, and manifest.json (app version, schema version, created at, counts per table, SHA-256 and size of
// every member) in one zip. What is in it and what is left out: docs/backup.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Sqlite } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { APP_VERSION } from '../../core/version';
import * as repo from './repo';
import { writeZip, type ZipMember } from './zip-writer';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';

export const MANIFEST = 'manifest.json';
export const DB_MEMBER = 'lectio.db';
export const FILES_PREFIX = 'files/';
export const BACKUP_FORMAT = 'lectio-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  appVersion: string;
  /** Last migration applied to the database in the backup. */
  schemaVersion: string;
  migrations: string[];
  createdAt: string;
  /** 'all': the whole library (single-user); 'owner': one account's rows (multi-user). */
  scope: 'all' | 'owner';
  counts: Record<string, number>;
  members: Record<string, { sha256: string; size: number }>;
  /** Tables left out of an owner-scoped backup (nothing ties their rows to an owner). */
  skippedTables?: string[];
}

/** Names inside the data folder a backup never holds (docs/backup.md). */
export function isExcludedDataPath(relative: string): boolean {
  const p = relative.split(path.sep).join('/');
  const top = p.split('/')[0];
  if (/^lectio\.db(-wal|-shm|-journal)?$/.test(p)) return true;
  if (/\.restore-[^/]*$/.test(p) || top.startsWith('pre-restore-')) return true;
  // lemma-tables: built from the packaged Hunspell dictionaries on first use, rebuilt after a restore (a cache).
  if (['backups', 'tmp', 'temp', 'lemma-dictionaries', 'lemma-tables', 'Cache', 'GPUCache', 'Code Cache', 'logs'].includes(top)) return true;
  if (top === 'session.key') return true; // the server's cookie-signing secret is not library data
  return /\.(tmp|lock)$/i.test(p);
}

/** Every regular file under the data folder that belongs to the library, as zip member names and paths. */
export function libraryFiles(dataDir: string, extraExcluded: string[] = []): { name: string; file: string }[] {
  const out: { name: string; file: string }[] = [];
  const excluded = extraExcluded.map((d) => path.resolve(d));
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      const rel = path.relative(dataDir, full);
      if (isExcludedDataPath(rel) || excluded.some((x) => full === x || full.startsWith(x + path.sep))) continue;
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.push({ name: FILES_PREFIX + rel.split(path.sep).join('/'), file: full });
    }
  };
  walk(dataDir);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

export const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

export function tempFile(dataDir: string, label: string): string {
  const dir = path.join(dataDir, 'tmp');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${label}-${process.pid}-${crypto.randomBytes(6).toString('hex')}.db`);
}

export function removeDbFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

export interface SnapshotOptions {
  dataDir: string;
  migrationsFolder: string;
  /** Set in multi-user mode: only this owner's rows. */
  owner?: number;
}

/**
 * A consistent copy of the live database in a new file: better-sqlite3's online backup (async; pages the
 * connection writes meanwhile are copied again) or, where the caller cannot wait (start-up), VACUUM INTO (one
 * read transaction). Never a copy of the live file and its WAL. For one owner: a fresh database with the same
 * migrations and that owner's rows.
 */
export async function snapshotDatabase(
  sqlite: Sqlite,
  opts: SnapshotOptions,
  mode: 'online' | 'vacuum' = 'online',
): Promise<{ file: string; skippedTables: string[] }> {
  const file = tempFile(opts.dataDir, 'snapshot');
  try {
    let skippedTables: string[] = [];
    if (opts.owner !== undefined) skippedTables = scopedCopy(sqlite, file, opts.owner, opts.migrationsFolder);
    else if (mode === 'online') await sqlite.backup(file);
    else repo.vacuumInto(sqlite, file);
    standalone(file);
    return { file, skippedTables };
  } catch (err) {
    removeDbFiles(file);
    throw err;
  }
}

/** The same as snapshotDatabase(…, 'vacuum'), synchronously (the backup before migrations, while the core starts). */
export function snapshotDatabaseSync(sqlite: Sqlite, opts: SnapshotOptions): { file: string; skippedTables: string[] } {
  const file = tempFile(opts.dataDir, 'snapshot');
  try {
    const skippedTables = opts.owner !== undefined ? scopedCopy(sqlite, file, opts.owner, opts.migrationsFolder) : (repo.vacuumInto(sqlite, file), []);
    standalone(file);
    return { file, skippedTables };
  } catch (err) {
    removeDbFiles(file);
    throw err;
  }
}

function scopedCopy(sqlite: Sqlite, file: string, owner: number, migrationsFolder: string): string[] {
  const fresh = new Database(file);
  try {
    migrate(fresh, migrationsFolder);
    fresh.pragma('journal_mode = DELETE');
  } finally {
    fresh.close();
  }
  return repo.withAttached(sqlite, file, 'dest', () => sqlite.transaction(() => repo.copyOwnedRows(sqlite, owner).skipped)());
}

/** A snapshot file that needs no -wal beside it (the online backup copies the WAL-mode header), without sign-in secrets. */
function standalone(file: string): void {
  const snap = new Database(file);
  try {
    snap.pragma('journal_mode = DELETE');
    repo.scrubCredentials(snap);
  } finally {
    snap.close();
  }
}

export interface BuiltBackup {
  filename: string;
  zip: Buffer;
  manifest: BackupManifest;
}

export const backupFileName = (now: Date) => `lectio-backup-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.zip`;

/** Builds the whole backup archive in memory (online snapshot). */
export async function buildBackup(sqlite: Sqlite, opts: SnapshotOptions & { now: Date; excludeDirs?: string[] }): Promise<BuiltBackup> {
  return pack(await snapshotDatabase(sqlite, opts), opts);
}

/** Builds the whole backup archive synchronously (VACUUM INTO): the backup before migrations. */
export function buildBackupSync(sqlite: Sqlite, opts: SnapshotOptions & { now: Date; excludeDirs?: string[] }): BuiltBackup {
  return pack(snapshotDatabaseSync(sqlite, opts), opts);
}

function pack({ file, skippedTables }: { file: string; skippedTables: string[] }, opts: SnapshotOptions & { now: Date; excludeDirs?: string[] }): BuiltBackup {
  let dbBytes: Buffer;
  let counts: Record<string, number>;
  let migrations: string[];
  try {
    const snap = new Database(file, { readonly: true });
    try {
      counts = repo.countRows(snap);
      migrations = repo.appliedMigrations(snap);
    } finally {
      snap.close();
    }
    dbBytes = fs.readFileSync(file);
  } finally {
    removeDbFiles(file);
  }
  const members: ZipMember[] = [{ name: DB_MEMBER, data: dbBytes }];
  // Files are not attributed to owners: an owner-scoped backup (multi-user) holds the database only.
  if (opts.owner === undefined) {
    for (const f of libraryFiles(opts.dataDir, opts.excludeDirs)) {
      try {
        const stat = fs.statSync(f.file);
        members.push({ name: f.name, data: fs.readFileSync(f.file), mtime: stat.mtime });
      } catch {
        // A file removed while the backup ran is simply not in it.
      }
    }
  }
  if (members.length > 65_000) throw new AppError(413, msg('backup.tooManyFiles'));
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: APP_VERSION,
    schemaVersion: migrations[migrations.length - 1] ?? '',
    migrations,
    createdAt: opts.now.toISOString(),
    scope: opts.owner === undefined ? 'all' : 'owner',
    counts,
    members: Object.fromEntries(members.map((m) => [m.name, { sha256: sha256(m.data), size: m.data.length }])),
    ...(skippedTables.length ? { skippedTables } : {}),
  };
  const zip = writeZip([{ name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2)) }, ...members], opts.now);
  return { filename: backupFileName(opts.now), zip, manifest };
}
