// Checkpoints between calls on a real SQLite file: a commit under the backstop leaves its pages in the WAL, the
// checkpoint after the call folds them into the database file on the checkpointer thread (while the main thread
// is busy), a long call gets its WAL folded between its transactions, the thread lets go of the file before a
// restore replaces it, and without the thread an open transaction is left alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeSqlite, openSqlite, type Sqlite } from './connection';
import { BACKSTOP_WAL_PAGES, deferCheckpoints, startWalCheckpoints } from './wal-checkpoints';

let dir: string;
let file: string;
let db: Sqlite;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-wal-'));
  file = path.join(dir, 'lectio.db');
  db = openSqlite(file);
  db.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, body BLOB)');
  db.pragma('wal_checkpoint(TRUNCATE)');
});
afterEach(() => {
  closeSqlite(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** About `pages` 4 KiB pages of new rows in one transaction. */
function writePages(pages: number): void {
  const insert = db.prepare('INSERT INTO pages (body) VALUES (?)');
  db.transaction(() => {
    for (let i = 0; i < pages; i++) insert.run(Buffer.alloc(3500, i % 251));
  })();
}
const fileSize = () => fs.statSync(file).size;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fail = (err: unknown) => {
  throw err;
};

describe('WAL checkpoints between calls', () => {
  it('keeps a commit under the backstop out of the checkpoint, then folds it in after the call', async () => {
    deferCheckpoints(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_WAL_PAGES);
    const before = fileSize();
    // 1,500 pages: past SQLite's default threshold (1,000), which would have checkpointed inside this commit.
    writePages(1500);
    expect(fileSize()).toBe(before);
    const checkpoints = startWalCheckpoints(() => db, fail, { pauseMs: 20 });
    checkpoints.afterCall();
    checkpoints.afterCall();
    await expect.poll(fileSize, { timeout: 10_000 }).toBeGreaterThan(before + 1400 * 4096);
    checkpoints.stop();
  });

  it('copies on a thread of its own: the file grows while the main thread is busy', async () => {
    deferCheckpoints(db);
    const before = fileSize();
    const pragma = vi.spyOn(db, 'pragma');
    const checkpoints = startWalCheckpoints(() => db, fail, { pauseMs: 5 });
    // A first checkpoint starts the thread.
    writePages(10);
    checkpoints.afterCall();
    await expect.poll(fileSize, { timeout: 10_000 }).toBeGreaterThan(before);
    const started = fileSize();
    writePages(1500);
    checkpoints.afterCall();
    await sleep(20); // the pause: the request goes to the thread
    let grewWhileBlocked = false;
    for (const end = Date.now() + 5_000; Date.now() < end && !grewWhileBlocked;) grewWhileBlocked = fileSize() > started + 1400 * 4096;
    expect(grewWhileBlocked).toBe(true);
    expect(pragma.mock.calls.filter(([sql]) => /checkpoint/.test(sql))).toEqual([]);
    checkpoints.stop();
  });

  it('lets go of the file before it is replaced, and checkpoints the new one', async () => {
    deferCheckpoints(db);
    const checkpoints = startWalCheckpoints(() => db, fail, { pauseMs: 5 });
    writePages(50);
    checkpoints.afterCall();
    await expect.poll(fileSize, { timeout: 10_000 }).toBeGreaterThan(4096 * 40);
    // A restore: the connections are closed, another file takes the name, the core opens it.
    checkpoints.release();
    closeSqlite(db);
    const other = path.join(dir, 'other.db');
    const replacement = openSqlite(other);
    replacement.exec('CREATE TABLE pages (id INTEGER PRIMARY KEY, body BLOB)');
    closeSqlite(replacement);
    fs.renameSync(other, file);
    db = openSqlite(file);
    deferCheckpoints(db);
    const before = fileSize();
    writePages(300);
    expect(fileSize()).toBe(before);
    checkpoints.afterCall();
    await expect.poll(fileSize, { timeout: 10_000 }).toBeGreaterThan(before + 290 * 4096);
    checkpoints.stop();
  });

  it('waits for a pause between calls while the WAL is small', async () => {
    deferCheckpoints(db);
    const before = fileSize();
    writePages(300);
    const patient = startWalCheckpoints(() => db, fail, { pauseMs: 40, busyEveryMs: 10, busyWalBytes: 100 * 1024 * 1024, inWorker: false });
    for (const end = Date.now() + 150; Date.now() < end; await sleep(5)) {
      patient.callStarted();
      patient.afterCall();
    }
    expect(fileSize()).toBe(before);
    await sleep(100);
    expect(fileSize()).toBeGreaterThan(before);
    patient.stop();
  });

  it('folds a WAL grown past the busy size while a long call still runs (a book import), between its transactions', async () => {
    deferCheckpoints(db);
    const before = fileSize();
    const checkpoints = startWalCheckpoints(() => db, fail, { pauseMs: 1_000, busyEveryMs: 10, busyWalBytes: 1024 * 1024 });
    checkpoints.callStarted();
    writePages(100); // ~400 KB: under the busy size, left for the pause
    await sleep(50);
    expect(fileSize()).toBe(before);
    writePages(300); // now past 1 MB
    await expect.poll(fileSize, { timeout: 10_000 }).toBeGreaterThan(before + 390 * 4096);
    checkpoints.afterCall();
    checkpoints.stop();
  });

  it('looks again a pause later while a call runs, not every millisecond', async () => {
    const checkpoints = startWalCheckpoints(() => db, fail, { pauseMs: 30, inWorker: false });
    const timers = vi.spyOn(globalThis, 'setTimeout');
    checkpoints.afterCall(); // a call ended: the pause's timer is armed...
    checkpoints.callStarted(); // ...and a long one begins
    await sleep(200);
    const pauseTimers = timers.mock.calls.filter(([, ms]) => ms !== 200);
    timers.mockRestore();
    expect(pauseTimers.length).toBeLessThan(12);
    expect(pauseTimers.every(([, ms]) => ms === 30)).toBe(true);
    checkpoints.afterCall();
    checkpoints.stop();
  });

  it('checkpoints inside the commit without the deferral (what the backstop replaces)', () => {
    const before = fileSize();
    writePages(1500);
    expect(fileSize()).toBeGreaterThan(before);
  });

  it('on the core connection (no thread): leaves an open transaction alone and does nothing on a closed connection', async () => {
    deferCheckpoints(db);
    writePages(200);
    const before = fileSize();
    const errors: unknown[] = [];
    const checkpoints = startWalCheckpoints(
      () => db,
      (err) => errors.push(err),
      { pauseMs: 10, inWorker: false },
    );
    db.exec('BEGIN');
    checkpoints.afterCall();
    await sleep(40);
    db.exec('COMMIT');
    expect(fileSize()).toBe(before);
    checkpoints.afterCall();
    closeSqlite(db);
    await sleep(40);
    expect(errors).toEqual([]);
    db = openSqlite(file);
  });
});
