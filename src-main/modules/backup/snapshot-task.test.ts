import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSqlite, openSqlite, type Sqlite } from '../../db/connection';
import { snapshotTask } from './snapshot-task';

let dir: string;
let live: Sqlite;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-snapshot-'));
  live = openSqlite(path.join(dir, 'lectio.db'));
  live.exec(`CREATE TABLE words (id INTEGER PRIMARY KEY, text TEXT);
    CREATE TABLE api_tokens (id INTEGER PRIMARY KEY, secret TEXT);
    INSERT INTO api_tokens (secret) VALUES ('s3cret');`);
});
afterEach(() => {
  closeSqlite(live);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the backup snapshot (a read-only connection of its own)', () => {
  it('copies what the live connection committed, still in its WAL, while that connection stays open and can write', () => {
    live.prepare('INSERT INTO words (text) VALUES (?)').run('Hund');
    expect(live.pragma('journal_mode', { simple: true })).toBe('wal');
    const file = path.join(dir, 'snap.db');
    const facts = snapshotTask({ source: live.name, file });
    // The manifest's facts are counted on the copy, in the worker: the scrubbed tokens are not counted.
    expect(facts.counts).toMatchObject({ words: 1, api_tokens: 0 });
    // Standalone: no -wal beside it, the rollback-journal format in the file's own header (bytes 18–19: 1, 1).
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(fs.readFileSync(file).subarray(18, 20)).toEqual(Buffer.from([1, 1]));
    // The live connection writes on afterwards; the copy is what was committed when it was taken.
    live.prepare('INSERT INTO words (text) VALUES (?)').run('Katze');
    const snap = openSqlite(file);
    try {
      expect(snap.prepare('SELECT text FROM words').pluck().all()).toEqual(['Hund']);
      expect(snap.prepare('SELECT count(*) FROM api_tokens').pluck().get()).toBe(0);
    } finally {
      closeSqlite(snap);
    }
  });

  it('refuses a source that does not exist (never creates an empty library to copy)', () => {
    expect(() => snapshotTask({ source: path.join(dir, 'missing.db'), file: path.join(dir, 'x.db') })).toThrow();
    expect(fs.existsSync(path.join(dir, 'missing.db'))).toBe(false);
  });
});
