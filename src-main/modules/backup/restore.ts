// Runs in: main. Restoring a backup. Everything is checked before anything changes: the archive is a Lectio
// backup, every member matches the manifest's SHA-256 (members are extracted in chunks, the database beside the
// live one, the library's files into a staging folder under tmp/, so a backup of GBs needs a few MB of memory), the database passes integrity_check, its schema is not
// newer than the app (an older one is migrated on the prepared copy), it holds at least one row. Then the
// prepared database, written beside the live one, replaces it in one rename while the core's connection is
// closed (services.database); the checks, migrations and the rebuild in Lectio's schema run in a worker thread
// (prepare.ts). The replaced file stays as pre-restore-{date}.db, and the files the restore replaces
// in pre-restore-{date}-files/, until the restored library has started and served a request (recovery.ts).
// The staged files are then renamed into place; a journal written before the swap lets the next start finish
// those moves when the process was stopped between the swap and its last move.
import fs from 'node:fs';
import path from 'node:path';
import { AppError, badRequest } from '../../../src-shared/contract/errors';
import { MAX_BACKUP_BYTES } from '../../../src-shared/contract/backup';
import { fsyncPath, removeDbFiles } from '../../db/files';
import { BACKUP_FORMAT, DB_MEMBER, FILES_PREFIX, isExcludedDataPath, MANIFEST, type BackupManifest } from './archive';
import { extractEntry, listZip, readEntry, ZipError, type ZipEntry, type ZipSource } from './zip-reader';
import { type Message, msg } from '../../../src-shared/contract/messages';
import { bindingSlot } from '../../core/services';

/** Upload and member caps: a hostile archive cannot make the restore inflate without end. */
export { MAX_BACKUP_BYTES };
export const MAX_MEMBERS = 65_000;
export { fsyncPath };

/** Test hook: called at each step of the swap (the SIGKILL test stops the process there). */
export type RestoreStepHook = (step: 'prepared' | 'closed' | 'kept-old' | 'renamed' | 'reopened') => void;
export const restoreHookSlot = bindingSlot<RestoreStepHook>('backup.restoreHook');

const refuse = (why: Message) => badRequest(msg('restore.refused', { why }));

function safeMemberPath(name: string): string | null {
  if (!name.startsWith(FILES_PREFIX)) return null;
  const rel = name.slice(FILES_PREFIX.length);
  if (!rel || rel.includes('\\') || rel.includes('\0') || rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) return null;
  const parts = rel.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) return null;
  return rel;
}

/** Names Windows reserves whatever the extension (CON, con.txt, COM1.jpg …). */
const RESERVED_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
/** Bytes a name may take in one path segment on common file systems, and a whole path under the data folder. */
const MAX_SEGMENT_BYTES = 255;
const MAX_PATH_CHARS = 1024;

/** Why a member's relative path cannot be a file on every system Lectio runs on, or null. */
function unsafeName(rel: string): string | null {
  if (rel.length > MAX_PATH_CHARS) return `longer than ${MAX_PATH_CHARS} characters`;
  for (const part of rel.split('/')) {
    if (Buffer.byteLength(part) > MAX_SEGMENT_BYTES) return `a name longer than ${MAX_SEGMENT_BYTES} bytes`;
    if (RESERVED_NAME.test(part)) return `"${part}" is a reserved name`;
    if (/[ .]$/.test(part)) return 'a name ends with a space or a dot';
    if (/[<>:"|?*]/.test(part) || [...part].some((c) => c.charCodeAt(0) < 0x20)) return 'a character file systems refuse';
  }
  return null;
}

/** The form under which two names are the same file on a case-insensitive system that also drops trailing spaces and dots. */
const foldedName = (rel: string) =>
  rel
    .normalize('NFC')
    .split('/')
    .map((p) => p.replace(/[ .]+$/, '').toLowerCase())
    .join('/');

/** Unpacked bytes a backup may hold per byte of the file (media is stored, a database deflates ~5–10×), above a floor. */
export const MAX_UNPACK_RATIO = 50;
const UNPACK_RATIO_FLOOR = 256 * 1024 * 1024;

/** Where a restore unpacks the library's files before anything live changes (removed whatever happens). */
export const stagingDir = (dataDir: string, stamp: string) => path.join(dataDir, 'tmp', `restore-${stamp}-${process.pid}`);

export interface StagedBackup {
  manifest: BackupManifest;
  /** Staged library files: member name and the staged path. */
  files: { name: string; staged: string }[];
}

/**
 * Reads and verifies the archive from `src` (the upload on disk, or bytes): the database member is extracted
 * into `dbFile`, every library file into `staging`, each checked against the manifest's size and SHA-256 as
 * the bytes pass. Nothing live changes; a refused archive leaves neither `dbFile` nor `staging` behind.
 */
export async function stageBackup(src: ZipSource, dbFile: string, staging: string): Promise<StagedBackup> {
  try {
    return await stage(src, dbFile, staging);
  } catch (err) {
    removeDbFiles(dbFile);
    await fs.promises.rm(staging, { recursive: true, force: true });
    throw err;
  }
}

async function stage(src: ZipSource, dbFile: string, staging: string): Promise<StagedBackup> {
  let entries: ZipEntry[];
  try {
    entries = listZip(src, { maxEntries: MAX_MEMBERS + 1, maxTotalBytes: MAX_BACKUP_BYTES });
  } catch (err) {
    throw refuse(err instanceof ZipError && err.message !== 'not a zip archive' ? msg('restore.detail', { why: err.message }) : msg('restore.notZip'));
  }
  const byName = new Map(entries.filter((e) => !e.name.endsWith('/')).map((e) => [e.name, e]));
  const manifestEntry = byName.get(MANIFEST);
  if (!manifestEntry) throw refuse(msg('restore.noManifest'));
  if (manifestEntry.size > 64 * 1024 * 1024) throw refuse(msg('restore.manifestTooLarge'));
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readEntry(src, manifestEntry).toString('utf8')) as BackupManifest;
  } catch (err) {
    if (err instanceof ZipError) throw refuse(msg('restore.detail', { why: err.message }));
    throw refuse(msg('restore.manifestNotJson'));
  }
  if (manifest?.format !== BACKUP_FORMAT || typeof manifest.members !== 'object' || manifest.members === null) throw refuse(msg('restore.unknownManifest'));
  if (!manifest.members[DB_MEMBER]) throw refuse(msg('restore.noDatabase'));
  const extra = [...byName.keys()].filter((n) => n !== MANIFEST && !Object.hasOwn(manifest.members, n));
  if (extra.length) throw refuse(msg('restore.unlistedMembers', { names: extra.slice(0, 3).join(', ') }));
  // Every check that needs no member's bytes comes first: a refused archive writes nothing.
  const planned: { name: string; entry: ZipEntry; sha256: string; rel: string | null }[] = [];
  const folded = new Map<string, string>();
  let unpacked = 0;
  for (const [name, m] of Object.entries(manifest.members)) {
    if (typeof m?.size !== 'number' || typeof m.sha256 !== 'string') throw refuse(msg('restore.badManifestEntry', { name }));
    const entry = byName.get(name);
    if (!entry) throw refuse(msg('restore.missingMember', { name }));
    const rel = name === DB_MEMBER ? null : safeMemberPath(name);
    if (name !== DB_MEMBER && rel === null) throw refuse(msg('restore.badMemberName', { name: JSON.stringify(name) }));
    if (rel !== null) checkMemberName(name, rel, folded);
    if (entry.size !== m.size) throw refuse(msg('restore.checksum', { name }));
    unpacked += entry.size;
    planned.push({ name, entry, sha256: m.sha256, rel });
  }
  if (unpacked > Math.max(UNPACK_RATIO_FLOOR, src.size * MAX_UNPACK_RATIO)) {
    const mb = (n: number) => Math.ceil(n / 1024 / 1024);
    throw refuse(msg('restore.tooMuchUnpacked', { mb: mb(unpacked), uploadMb: mb(src.size), ratio: MAX_UNPACK_RATIO }));
  }
  await fs.promises.mkdir(staging, { recursive: true });
  const files: { name: string; staged: string }[] = [];
  for (const p of planned) {
    // Staged under a numbered name: the folder layout is made only when the files are moved into place.
    const target = p.rel === null ? dbFile : path.join(staging, String(files.length));
    let digest: string;
    try {
      digest = await extractEntry(src, p.entry, target);
    } catch (err) {
      if (err instanceof ZipError) throw refuse(msg('restore.detail', { why: err.message }));
      throw err;
    }
    if (digest !== p.sha256) throw refuse(msg('restore.checksum', { name: p.name }));
    if (p.rel !== null) files.push({ name: p.name, staged: target });
  }
  return { manifest, files };
}

/**
 * A library file's name must be a file on every system (length, reserved names, characters), must not fold
 * (letter case, trailing spaces and dots) onto another member, and must not fold onto a name Lectio keeps for
 * itself (files/LECTIO.DB on a case-insensitive disk is the live database).
 */
function checkMemberName(name: string, rel: string, folded: Map<string, string>): void {
  const shown = JSON.stringify(name.slice(0, 200));
  const why = unsafeName(rel);
  if (why) throw refuse(msg('restore.memberNameUnsafe', { name: shown, why }));
  const key = foldedName(rel);
  if (isExcludedDataPath(key)) throw refuse(msg('restore.memberLive', { name: shown, live: key.split('/')[0] }));
  const other = folded.get(key);
  if (other !== undefined) throw refuse(msg('restore.memberCollision', { name: shown, other: JSON.stringify(other.slice(0, 200)) }));
  folded.set(key, name);
}

/** The prepared database's path, beside the live one (stageBackup extracts the database member there). */
export const preparedPath = (liveFile: string, stamp: string) => `${liveFile}.restore-${stamp}`;

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

/**
 * Moves the staged files into the data folder (after the database swap): one rename each, same file system. A
 * file already there is first moved into `aside` (a folder in the data folder), so the previous library can be put
 * back whole.
 */
export function moveStagedFiles(dataDir: string, files: { name: string; staged: string }[], aside?: string): number {
  let n = 0;
  for (const f of files) {
    const rel = safeMemberPath(f.name);
    if (!rel || isExcludedDataPath(rel)) continue;
    const target = path.join(dataDir, ...rel.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (aside && fs.existsSync(target)) {
      const kept = path.join(aside, ...rel.split('/'));
      fs.mkdirSync(path.dirname(kept), { recursive: true });
      fs.renameSync(target, kept);
    }
    fs.renameSync(f.staged, target);
    n++;
  }
  return n;
}
