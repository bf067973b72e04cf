// Planner statistics on a real SQLite file without any: optimizeAtOpen gathers them, refreshStatistics gathers
// what PRAGMA optimize finds missing one index per event-loop turn (other callbacks run in between), leaves a
// connection mid-transaction alone, and startStatistics refreshes once after a burst of imports.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSqlite, openSqlite, type Sqlite } from './connection';
import { optimizeAtOpen, refreshStatistics, staleTables, startStatistics } from './statistics';

let dir: string;
let db: Sqlite;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-stats-'));
  db = openSqlite(path.join(dir, 'lectio.db'));
  db.exec(`CREATE TABLE terms (id INTEGER PRIMARY KEY, owner INTEGER, lang INTEGER, text TEXT);
    CREATE INDEX terms_owner ON terms (owner); CREATE INDEX terms_lang_text ON terms (lang, owner, text);
    CREATE TABLE plain (x);
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
    INSERT INTO terms (owner, lang, text) SELECT NULL, i % 3, 't' || i FROM n;
    INSERT INTO plain VALUES (1), (2);`);
});
afterEach(() => {
  closeSqlite(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

const statRows = () => db.prepare("SELECT tbl, idx FROM sqlite_stat1 WHERE tbl = 'terms' ORDER BY idx").all();

describe('planner statistics', () => {
  it('are gathered at open for tables that have none', () => {
    expect(staleTables(db)).toContain('terms');
    optimizeAtOpen(db);
    expect(statRows()).toEqual([
      { tbl: 'terms', idx: 'terms_lang_text' },
      { tbl: 'terms', idx: 'terms_owner' },
    ]);
    expect(staleTables(db)).not.toContain('terms');
  });

  it('are refreshed an index per turn of the event loop', async () => {
    // Counts turns of the loop with an immediate that re-arms itself (a 1 ms interval would miss turns that
    // take less than a millisecond, as these small ANALYZE steps do on a quiet machine).
    let turns = 0;
    let ticker = setImmediate(function tick() {
      turns++;
      ticker = setImmediate(tick);
    });
    const analyzed = await refreshStatistics(() => db);
    clearImmediate(ticker);
    // terms' two indexes and plain's row count (a table without an index).
    expect(analyzed).toBeGreaterThanOrEqual(3);
    expect(statRows()).toHaveLength(2);
    expect(turns).toBeGreaterThanOrEqual(2);
    expect(await refreshStatistics(() => db)).toBe(0);
  });

  it('leave a connection in a transaction, or closed, alone', async () => {
    db.exec('BEGIN');
    expect(await refreshStatistics(() => db)).toBe(0);
    db.exec('ROLLBACK');
    const other = openSqlite(path.join(dir, 'other.db'));
    other.close();
    expect(await refreshStatistics(() => other)).toBe(0);
  });

  it('are refreshed once after a burst of imports', async () => {
    const errors: unknown[] = [];
    const statistics = startStatistics(
      () => db,
      (err) => errors.push(err),
      5,
    );
    statistics.afterImport();
    statistics.afterImport();
    await new Promise((r) => setTimeout(r, 200));
    statistics.stop();
    expect(errors).toEqual([]);
    expect(statRows()).toHaveLength(2);
  });
});
