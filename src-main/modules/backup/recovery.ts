// Runs in: main. What happens after a restore's swap. The previous library (issue 34 item 3) is kept as a recovery
// copy until the restored one has started and served a request, and put back when a start after the restore fails
// (migrations throw, the file cannot be opened): a marker file says a restore is waiting for that first success; a
// notice file tells the learner (Settings → Backup) why their previous library came back. A journal lets the next
// start finish the file moves of a restore stopped after its swap; the start's clean-up removes what restores left.
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../core/context';
import { fsyncPath, moveStagedFiles } from './restore';

const MARKER = 'restore-pending.json';
const NOTICE = 'restore-notice.json';

export interface PendingRestore {
  /** The previous database, pre-restore-{stamp}.db in the data folder. */
  kept: string;
  /** Where library files the restore replaced were moved aside, a folder in the data folder. */
  files: string;
  /** When the restore ran (epoch ms) and the backup's own date. */
  at: number;
  backup: string;
}

export interface RestoreNotice {
  at: number;
  /** Why the restored library could not start, as the database or migration said it. */
  reason: string;
  backup: string;
}

/** The folder the files a restore replaces are moved into; backups never carry it (archive.ts: pre-restore-*). */
export const keptFilesDir = (stamp: string) => `pre-restore-${stamp}-files`;

function writeSynced(file: string, text: string): void {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, text);
  const fd = fs.openSync(tmp, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Written before the swap: from now on the previous library is a recovery copy. An older notice is done with. */
export function markRestorePending(dataDir: string, pending: PendingRestore): void {
  writeSynced(path.join(dataDir, MARKER), JSON.stringify(pending));
  fs.rmSync(path.join(dataDir, NOTICE), { force: true });
}

export function readPendingRestore(dataDir: string): PendingRestore | null {
  const p = readJson<PendingRestore>(path.join(dataDir, MARKER));
  return p && typeof p.kept === 'string' && typeof p.files === 'string' ? p : null;
}

/** Only plain names of the data folder: a marker cannot point the clean-up or the put-back elsewhere. */
const inDataDir = (dataDir: string, name: string) => (/^pre-restore-[^/\\]+$/.test(name) ? path.join(dataDir, name) : null);

/** The restored library has started and served a request: the recovery copy goes. */
export function confirmRestoredLibrary(dataDir: string): void {
  const p = readPendingRestore(dataDir);
  fs.rmSync(path.join(dataDir, MARKER), { force: true });
  if (!p) return;
  for (const name of [p.kept, p.files]) {
    const target = inDataDir(dataDir, name);
    if (target) discard(dataDir, target);
  }
}

/**
 * Removes a recovery copy without holding the loop: unlinking the previous database (hundreds of MB) took 0.3 s on
 * the call that confirmed the restore. It is renamed out of the data folder at once (tmp/discarded-…) and
 * removed on libuv's threads; what a stopped process leaves there the next start removes (cleanUpAfterStart).
 */
function discard(dataDir: string, target: string): void {
  const aside = path.join(dataDir, 'tmp', `discarded-${path.basename(target)}`);
  try {
    fs.mkdirSync(path.dirname(aside), { recursive: true });
    fs.renameSync(target, aside);
  } catch {
    // Missing already, or not movable (another volume): removed here.
    fs.rmSync(target, { recursive: true, force: true });
    return;
  }
  fs.promises.rm(aside, { recursive: true, force: true }).catch(() => undefined);
}

/** A restore that never reached its swap (refused on the way): no recovery copy is waiting. */
export function dropPendingRestore(dataDir: string): void {
  fs.rmSync(path.join(dataDir, MARKER), { force: true });
}

/** Files under `dir`, as paths relative to it. */
function filesUnder(dir: string, rel = ''): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(dir, rel), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const r = rel ? path.join(rel, e.name) : e.name;
    return e.isDirectory() ? filesUnder(dir, r) : [r];
  });
}

/**
 * The start of a restored library failed: the previous database goes back to the live path, and the library files
 * the restore replaced go back over the restored ones (files the backup added stay, unreferenced). Returns false
 * when no restore is waiting, or its recovery copy is gone: then the failure is the caller's to report.
 */
export function putPreviousLibraryBack(dataDir: string, liveFile: string, reason: string, log: Logger): boolean {
  const p = readPendingRestore(dataDir);
  const kept = p && inDataDir(dataDir, p.kept);
  if (!p || !kept || !fs.existsSync(kept)) return false;
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${liveFile}${suffix}`, { force: true });
  fs.renameSync(kept, liveFile);
  const aside = inDataDir(dataDir, p.files);
  if (aside) {
    for (const rel of filesUnder(aside)) {
      const target = path.join(dataDir, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(path.join(aside, rel), target);
    }
    fs.rmSync(aside, { recursive: true, force: true });
  }
  const notice: RestoreNotice = { at: Date.now(), reason: reason.slice(0, 500), backup: p.backup };
  writeSynced(path.join(dataDir, NOTICE), JSON.stringify(notice));
  fs.rmSync(path.join(dataDir, MARKER), { force: true });
  log.error(`The restored library (backup of ${p.backup}) could not start: ${notice.reason}. The previous library was put back.`);
  return true;
}

/** Why the last restore was undone at start, for Settings → Backup; null when none was. */
export function readRestoreNotice(dataDir: string): RestoreNotice | null {
  const n = readJson<RestoreNotice>(path.join(dataDir, NOTICE));
  return n && typeof n.reason === 'string' && typeof n.at === 'number' ? n : null;
}

/** A restore's file moves, in its staging folder: written before the swap, read at the next start. */
const MOVES_JOURNAL = 'moves.json';

interface MovesJournal {
  /** The database file's name in the data folder. */
  live: string;
  /** Device and inode of the prepared database: a rename keeps them, so they name the restored library. */
  dev: string;
  ino: string;
  /** Member names, and staged paths relative to the staging folder. */
  files: { name: string; staged: string }[];
}

/** Written (and flushed) just before the swap: what the restored library still needs moved into place. */
export function journalMoves(staging: string, prepared: string, liveFile: string, files: { name: string; staged: string }[]): void {
  const st = fs.statSync(prepared, { bigint: true });
  const journal: MovesJournal = {
    live: path.basename(liveFile),
    dev: String(st.dev),
    ino: String(st.ino),
    files: files.map((f) => ({ name: f.name, staged: path.relative(staging, f.staged) })),
  };
  const file = path.join(staging, MOVES_JOURNAL);
  fs.writeFileSync(file, JSON.stringify(journal));
  fsyncPath(file);
}

/**
 * At start, before the clean-up: a restore stopped after its swap but before its last file move (a crash, a
 * kill, a power cut) gets the rest of its moves done now. The journal counts only when the live database is
 * the prepared one (same device and inode); a restore stopped before its swap leaves the old library as it was.
 */
export function finishInterruptedRestore(dataDir: string): number {
  const tmp = path.join(dataDir, 'tmp');
  let moved = 0;
  for (const n of fs.existsSync(tmp) ? fs.readdirSync(tmp) : []) {
    if (!n.startsWith('restore-')) continue;
    const staging = path.join(tmp, n);
    let journal: MovesJournal;
    let live: fs.BigIntStats;
    try {
      journal = JSON.parse(fs.readFileSync(path.join(staging, MOVES_JOURNAL), 'utf8')) as MovesJournal;
      live = fs.statSync(path.join(dataDir, path.basename(journal.live)), { bigint: true });
    } catch {
      continue;
    }
    // Some file systems report no inode (0): nothing then tells the libraries apart, and nothing is moved.
    if (live.ino === 0n || String(live.dev) !== journal.dev || String(live.ino) !== journal.ino) continue;
    const waiting = journal.files
      .map((f) => ({ name: f.name, staged: path.resolve(staging, f.staged) }))
      .filter((f) => f.staged.startsWith(staging + path.sep) && fs.existsSync(f.staged));
    const pending = readPendingRestore(dataDir);
    moved += moveStagedFiles(dataDir, waiting, pending ? path.join(dataDir, pending.files) : undefined);
  }
  return moved;
}

/**
 * Removes what a finished or interrupted restore left behind; called after each successful start. The recovery
 * copy of a restore still waiting for its first served request stays (recovery.ts).
 */
export function cleanUpAfterStart(dataDir: string): void {
  let names: string[];
  try {
    names = fs.readdirSync(dataDir);
  } catch {
    return;
  }
  const pending = readPendingRestore(dataDir);
  const keep = new Set(pending ? [pending.kept, pending.files] : []);
  for (const n of names) {
    if (keep.has(n)) continue;
    if (/^pre-restore-.*(\.db|-files)$/.test(n) || /^lectio\.db\.restore-/.test(n)) fs.rmSync(path.join(dataDir, n), { recursive: true, force: true });
  }
  const tmp = path.join(dataDir, 'tmp');
  for (const n of fs.existsSync(tmp) ? fs.readdirSync(tmp) : [])
    // upload-*: request bodies streamed to disk, left by a process stopped while it read or handled them;
    // discarded-*: recovery copies whose removal a stopped process did not finish; book-images-*, book-prepared-*:
    // a book's checked pictures waiting for its import (books/prepared.ts) when the process stopped.
    if (
      /^snapshot-.*\.db(-wal|-shm|-journal)?$/.test(n) ||
      /^backup-.*\.zip(\.tmp)?$/.test(n) ||
      /^restore-/.test(n) ||
      /^discarded-/.test(n) ||
      /^upload-/.test(n) ||
      /^book-(images|prepared)-/.test(n)
    )
      fs.rmSync(path.join(tmp, n), { recursive: true, force: true });
}
