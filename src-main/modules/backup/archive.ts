// Runs in: main. Writing a backup: a consistent snapshot of the database (VACUUM INTO, or for one account of a
// multi-user server a scoped copy into a fresh database of the same schema), the library's files under the data
// folder, and manifest.json (app version, schema version, created at, counts per table, SHA-256 and size of
// every member) in one zip, written member by member into a file (zip-writer.ts). What is in it and what is left out: docs/backup.md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Sqlite } from '../../db/connection';
import { migrate } from '../../db/migrate';
import { APP_VERSION } from '../../core/version';
import * as repo from './repo';
import { shouldDeflate, ZipFileWriter } from './zip-writer';
import { MAX_BACKUP_BYTES } from '../../../src-shared/contract/backup';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';
import { removeDbFiles, removeDbFilesAsync } from '../../db/files';
import { runInWorker } from '../../core/worker';
import { makeStandalone, snapshotFacts, type SnapshotFacts } from './snapshot-task';

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
  // A restore's own bookkeeping (recovery.ts): carried into another data folder it would name files not there.
  if (top === 'restore-pending.json' || top === 'restore-notice.json') return true;
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

/** An owner's files that exist (a row whose file went missing is simply not carried), as zip members. */
function ownedFiles(sqlite: Sqlite, dataDir: string, owner: number): { name: string; file: string }[] {
  return repo
    .ownerFiles(sqlite, owner)
    .filter((rel) => !rel.split('/').some((part) => part === '..' || part === '') && !isExcludedDataPath(rel))
    .map((rel) => ({ name: FILES_PREFIX + rel, file: path.join(dataDir, ...rel.split('/')) }))
    .filter((f) => fs.existsSync(f.file))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

export function tempFile(dataDir: string, label: string): string {
  const dir = path.join(dataDir, 'tmp');
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${label}-${process.pid}-${crypto.randomBytes(6).toString('hex')}.db`);
}

export { removeDbFiles };

export interface SnapshotOptions {
  dataDir: string;
  migrationsFolder: string;
  /** Set in multi-user mode: only this owner's rows. */
  owner?: number;
}

/** A copy of the library in a file of its own, with what the manifest says of it. */
type Snapshot = SnapshotFacts & { file: string; skippedTables: string[] };

/** The whole library's copy may take minutes on a large one; SQLite's memory is not the worker's heap. */
const SNAPSHOT_LIMITS = { maxHeapMb: 128, timeoutMs: 30 * 60_000 };

/**
 * A consistent copy of the live database in a new file, made in a worker thread on a read-only connection of its
 * own (snapshot-task.ts: one read transaction, VACUUM INTO), so requests keep being answered; without sign-in
 * secrets and needing no -wal beside it. Never a copy of the live file and its WAL. For one owner: a fresh database
 * with the same migrations and that owner's rows.
 */
export async function snapshotDatabase(sqlite: Sqlite, opts: SnapshotOptions): Promise<Snapshot> {
  const file = tempFile(opts.dataDir, 'snapshot');
  try {
    if (opts.owner !== undefined) {
      const skippedTables = scopedCopy(sqlite, file, opts.owner, opts.migrationsFolder);
      makeStandalone(file);
      return { file, skippedTables, ...snapshotFacts(file) };
    }
    const facts = await runInWorker<SnapshotFacts>('backup.snapshot', { source: sqlite.name, file }, SNAPSHOT_LIMITS);
    return { file, skippedTables: [], ...facts };
  } catch (err) {
    removeDbFiles(file);
    throw err;
  }
}

/** The same as snapshotDatabase, synchronously on the caller's connection (the backup before migrations, while the core starts). */
export function snapshotDatabaseSync(sqlite: Sqlite, opts: SnapshotOptions): Snapshot {
  const file = tempFile(opts.dataDir, 'snapshot');
  try {
    const skippedTables = opts.owner !== undefined ? scopedCopy(sqlite, file, opts.owner, opts.migrationsFolder) : (repo.vacuumInto(sqlite, file), []);
    makeStandalone(file);
    return { file, skippedTables, ...snapshotFacts(file) };
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
  return repo.withAttached(sqlite, file, 'dest', () => transact({ sqlite }, () => repo.copyOwnedRows(sqlite, owner).skipped));
}

export interface WrittenBackup {
  filename: string;
  /** The archive on disk. */
  file: string;
  size: number;
  manifest: BackupManifest;
}

type BackupOptions = SnapshotOptions & { now: Date; excludeDirs?: string[] };

export const backupFileName = (now: Date) => `lectio-backup-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.zip`;

/** A new temporary path for a backup archive in the data folder's tmp/ (downloads). */
export function tempArchive(dataDir: string): string {
  return tempFile(dataDir, 'backup').replace(/\.db$/, '.zip');
}

/**
 * Writes the backup archive into `target` (through `target.tmp`, renamed when complete): online snapshot,
 * members streamed from disk. Memory stays at a few MB whatever the size of the library's media.
 */
export async function writeBackup(sqlite: Sqlite, opts: BackupOptions, target: string): Promise<WrittenBackup> {
  const files = filesOf(sqlite, opts);
  const snapshot = await snapshotDatabase(sqlite, opts);
  const { facts, members } = factsOf(snapshot);
  return intoFile(target, opts, snapshot.file, async (zip) => {
    try {
      const handle = await fs.promises.open(snapshot.file, 'r');
      try {
        members[DB_MEMBER] = await zip.addFile(DB_MEMBER, handle, { deflate: true });
      } finally {
        await handle.close();
      }
    } finally {
      await removeDbFilesAsync(snapshot.file);
    }
    for (const f of files) {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(f.file, 'r');
      } catch {
        continue; // A file removed while the backup ran is simply not in it.
      }
      try {
        const stat = await handle.stat();
        members[f.name] = await zip.addFile(f.name, handle, { deflate: shouldDeflate(f.name, stat.size), mtime: stat.mtime });
      } finally {
        await handle.close();
      }
    }
    return finishArchive(zip, facts, members, opts);
  });
}

/** The same as writeBackup, synchronously (VACUUM INTO, stored members): the backup before migrations, while the core starts. */
export function writeBackupSync(sqlite: Sqlite, opts: BackupOptions, target: string): WrittenBackup {
  const files = filesOf(sqlite, opts);
  const snapshot = snapshotDatabaseSync(sqlite, opts);
  const { facts, members } = factsOf(snapshot);
  return intoFileSync(target, opts, snapshot.file, (zip) => {
    try {
      members[DB_MEMBER] = withFdSync(snapshot.file, (fd) => zip.addFileSync(DB_MEMBER, fd))!;
    } finally {
      removeDbFiles(snapshot.file);
    }
    for (const f of files) {
      const digest = withFdSync(f.file, (fd) => zip.addFileSync(f.name, fd, fs.fstatSync(fd).mtime), true);
      if (digest) members[f.name] = digest;
    }
    return finishArchive(zip, facts, members, opts);
  });
}

function withFdSync<T>(file: string, use: (fd: number) => T, skipMissing = false): T | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (err) {
    if (skipMissing) return null; // removed while the backup ran
    throw err;
  }
  try {
    return use(fd);
  } finally {
    fs.closeSync(fd);
  }
}

type Facts = Pick<BackupManifest, 'schemaVersion' | 'migrations' | 'counts' | 'skippedTables'>;

/** The manifest's facts of a snapshot (counted where the snapshot was made). */
function factsOf(snapshot: Snapshot): { facts: Facts; members: BackupManifest['members'] } {
  const { counts, migrations, skippedTables } = snapshot;
  const facts: Facts = { counts, migrations, schemaVersion: migrations[migrations.length - 1] ?? '' };
  if (skippedTables.length) facts.skippedTables = skippedTables;
  return { facts, members: {} };
}

/**
 * The library's files in the backup: every one, or in an owner-scoped backup the files the owner's rows name
 * (media files: audio, book pictures; book covers), which the restore puts back where they were.
 */
function filesOf(sqlite: Sqlite, opts: BackupOptions): { name: string; file: string }[] {
  const files = opts.owner === undefined ? libraryFiles(opts.dataDir, opts.excludeDirs) : ownedFiles(sqlite, opts.dataDir, opts.owner);
  if (files.length + 1 > 65_000) throw new AppError(413, msg('backup.tooManyFiles'));
  // Refused before a byte is written: a backup the restore would refuse (its upload cap) is not worth writing.
  let total = 0;
  for (const f of files) total += fs.statSync(f.file, { throwIfNoEntry: false })?.size ?? 0;
  if (total > MAX_BACKUP_BYTES) throw new AppError(413, msg('backup.tooLarge', { gb: Math.floor(MAX_BACKUP_BYTES / 1024 ** 3) }));
  return files;
}

/**
 * The manifest goes LAST: it needs every member's SHA-256, known only once the member is written, and readers
 * find members by name in the central directory.
 */
function finishArchive(zip: ZipFileWriter, facts: Facts, members: BackupManifest['members'], opts: BackupOptions): BackupManifest {
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    appVersion: APP_VERSION,
    schemaVersion: facts.schemaVersion,
    migrations: facts.migrations,
    createdAt: opts.now.toISOString(),
    scope: opts.owner === undefined ? 'all' : 'owner',
    counts: facts.counts,
    members,
    ...(facts.skippedTables ? { skippedTables: facts.skippedTables } : {}),
  };
  zip.addBytesSync(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
  zip.finish();
  return manifest;
}

/** `snapshot` is removed whatever happens (write removes it once copied). */
async function intoFile(target: string, opts: BackupOptions, snapshot: string, write: (zip: ZipFileWriter) => Promise<BackupManifest>): Promise<WrittenBackup> {
  const tmp = `${target}.tmp`;
  let handle: fs.promises.FileHandle;
  try {
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    handle = await fs.promises.open(tmp, 'w');
  } catch (err) {
    removeDbFiles(snapshot);
    throw err;
  }
  try {
    const zip = new ZipFileWriter(handle.fd, opts.now);
    const manifest = await write(zip);
    await handle.sync();
    await handle.close();
    await fs.promises.rename(tmp, target);
    return { filename: backupFileName(opts.now), file: target, size: zip.bytesWritten, manifest };
  } catch (err) {
    await handle.close().catch(() => undefined);
    await fs.promises.rm(tmp, { force: true });
    throw err;
  }
}

function intoFileSync(target: string, opts: BackupOptions, snapshot: string, write: (zip: ZipFileWriter) => BackupManifest): WrittenBackup {
  const tmp = `${target}.tmp`;
  let fd: number;
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fd = fs.openSync(tmp, 'w');
  } catch (err) {
    removeDbFiles(snapshot);
    throw err;
  }
  try {
    const zip = new ZipFileWriter(fd, opts.now);
    const manifest = write(zip);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, target);
    return { filename: backupFileName(opts.now), file: target, size: zip.bytesWritten, manifest };
  } catch (err) {
    try {
      fs.closeSync(fd);
    } catch {
      // already closed
    }
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}
