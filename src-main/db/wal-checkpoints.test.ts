// Checkpoints between calls on a real SQLite file: a commit under the backstop leaves its pages in the WAL,
// the checkpoint after the call folds them into the database file, and an open transaction is left alone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

describe('WAL checkpoints between calls', () => {
  it('keeps a commit under the backstop out of the checkpoint, then folds it in after the call', async () => {
    deferCheckpoints(db);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(BACKSTOP_WAL_PAGES);
    const before = fileSize();
    // 1,500 pages: past SQLite's default threshold (1,000), which would have checkpointed inside this commit.
    writePages(1500);
    expect(fileSize()).toBe(before);
    const checkpoints = startWalCheckpoints(
      () => db,
      (err) => {
        throw err;
      },
      20,
    );
    checkpoints.afterCall();
    checkpoints.afterCall();
    await sleep(80);
    expect(fileSize()).toBeGreaterThan(before + 1400 * 4096);
    checkpoints.stop();
  });

  it('waits for a pause between calls, but not longer than the longest deferral', async () => {
    deferCheckpoints(db);
    const before = fileSize();
    writePages(300);
    const fail = (err: unknown) => {
      throw err;
    };
    const busy = async (checkpoints: { afterCall(): void }, ms: number) => {
      for (const end = Date.now() + ms; Date.now() < end; await sleep(5)) checkpoints.afterCall();
    };
    const patient = startWalCheckpoints(() => db, fail, 40, 10_000);
    await busy(patient, 150);
    expect(fileSize()).toBe(before);
    await sleep(100);
    expect(fileSize()).toBeGreaterThan(before);
    patient.stop();

    const grown = fileSize();
    writePages(300);
    const bounded = startWalCheckpoints(() => db, fail, 40, 80);
    await busy(bounded, 250);
    expect(fileSize()).toBeGreaterThan(grown);
    bounded.stop();
  });

  it('checkpoints inside the commit without the deferral (what the backstop replaces)', () => {
    const before = fileSize();
    writePages(1500);
    expect(fileSize()).toBeGreaterThan(before);
  });

  it('leaves an open transaction alone and does nothing on a closed connection', async () => {
    deferCheckpoints(db);
    writePages(200);
    const before = fileSize();
    const errors: unknown[] = [];
    const checkpoints = startWalCheckpoints(
      () => db,
      (err) => errors.push(err),
      10,
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
