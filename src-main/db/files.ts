// Runs in: main and worker threads. A database file on disk as a whole: removing it with its journal files, and
// flushing a file before a rename makes it visible (the restore prepares its database in a worker thread and
// swaps it in on the main thread).
import fs from 'node:fs';

/** Removes a database file and its WAL, shared-memory and rollback journal files (missing ones are fine). */
export function removeDbFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(file + suffix, { force: true });
}

/**
 * removeDbFiles off the event loop: unlinking a database of a few hundred MB frees its blocks in the call, which
 * held the loop 100-200 ms on a slow disk (the backup's snapshot, issue 34).
 */
export async function removeDbFilesAsync(file: string): Promise<void> {
  await Promise.all(['', '-wal', '-shm', '-journal'].map((suffix) => fs.promises.rm(file + suffix, { force: true })));
}

/** Flushes a file (or folder entry) to disk so a rename after it cannot expose a half-written file. */
export function fsyncPath(p: string): void {
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
