// Runs in: main and worker threads (task 'backup.snapshot', started by archive.ts through runInWorker; archive.ts
// also calls makeStandalone itself). A backup's copy of the whole library, made off the main thread: the online
// backup API committed (and so synced) its destination after every step of 100 pages on the main thread, 200–270 ms
// a step on a slow disk (issue 34). Here a read-only connection of the worker's own takes the copy in one read
// transaction (VACUUM INTO: WAL lets the main connection write meanwhile; the copy is what was committed when it
// began).
import Database from 'better-sqlite3';
import type { Sqlite } from '../../db/connection';
import * as repo from './repo';

/** A snapshot file that needs no -wal beside it, without sign-in secrets. */
export function makeStandalone(file: string): void {
  const snap: Sqlite = new Database(file);
  try {
    snap.pragma('journal_mode = DELETE');
    repo.scrubCredentials(snap);
  } finally {
    snap.close();
  }
}

/** What the manifest says of a snapshot: its rows per table and its migrations (counting a million rows takes a while). */
export interface SnapshotFacts {
  counts: Record<string, number>;
  migrations: string[];
}

export function snapshotFacts(file: string): SnapshotFacts {
  const snap: Sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return { counts: repo.countRows(snap), migrations: repo.appliedMigrations(snap) };
  } finally {
    snap.close();
  }
}

/** `source`: the live database file; `file`: where the copy goes (must not exist yet). Returns the copy's facts. */
export function snapshotTask(input: { source: string; file: string }): SnapshotFacts {
  const live: Sqlite = new Database(input.source, { readonly: true, fileMustExist: true });
  try {
    repo.vacuumInto(live, input.file);
  } finally {
    live.close();
  }
  makeStandalone(input.file);
  return snapshotFacts(input.file);
}
