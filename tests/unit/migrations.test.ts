// The migration runner on real SQLite files: fresh, re-open, failure rolls back, newer database refused.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, closeSqlite } from '../../src-main/db/connection';
import { migrate, MigrationError } from '../../src-main/db/migrate';
import { migrationsDir } from '../../src-main/core/paths';
import { tempDir } from '../helpers/core';

const dirs: string[] = [];
const fresh = () => {
  const d = tempDir('lectio-mig-');
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const tables = (db: ReturnType<typeof openSqlite>) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);

/** A copy of the real migrations plus one extra migration with the given SQL. */
function migrationsWithExtra(sql: string, tag = '9999_extra'): string {
  const dir = fresh();
  fs.cpSync(migrationsDir(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  journal.entries.push({ idx: journal.entries.length, version: '6', when: Date.now(), tag, breakpoints: true });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  fs.writeFileSync(path.join(dir, `${tag}.sql`), sql);
  return dir;
}

describe('migrations', () => {
  it('creates every table on a fresh file and records each migration', () => {
    const db = openSqlite(path.join(fresh(), 'lectio.db'));
    const { applied } = migrate(db);
    expect(applied.length).toBeGreaterThanOrEqual(2);
    for (const t of [
      'users',
      'languages',
      'texts',
      'text_tags',
      'text_tag_map',
      'sentences',
      'word_occurrences',
      'words',
      'tags',
      'word_tag_map',
      'news_feeds',
      'feed_links',
      'books',
      'book_chapters',
      'local_dictionaries',
      'local_dictionary_entries',
      'settings',
      'activity_log',
      'transcription_jobs',
      'term_schedules',
      'review_log',
      '_migrations',
    ])
      expect(tables(db)).toContain(t);
    const records = db.prepare('SELECT MgName, MgStatus, MgAttempts, MgError FROM _migrations').all();
    expect(records).toHaveLength(applied.length);
    for (const r of records as { MgStatus: string; MgAttempts: number; MgError: null }[])
      expect(r).toMatchObject({ MgStatus: 'applied', MgAttempts: 1, MgError: null });
    const fks = db.prepare("SELECT count(*) AS n FROM sqlite_master m, pragma_foreign_key_list(m.name) WHERE m.type='table'").get() as { n: number };
    expect(fks.n).toBeGreaterThanOrEqual(28);
    closeSqlite(db);
  });

  it('re-opens an up-to-date file without applying anything', () => {
    const file = path.join(fresh(), 'lectio.db');
    const a = openSqlite(file);
    migrate(a);
    a.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('German', 0)").run();
    closeSqlite(a);
    const b = openSqlite(file);
    expect(migrate(b).applied).toEqual([]);
    expect(b.prepare('SELECT LgName FROM languages').get()).toEqual({ LgName: 'German' });
    closeSqlite(b);
  });

  it('a failed migration leaves the database as it was and says why', () => {
    const file = path.join(fresh(), 'lectio.db');
    const db = openSqlite(file);
    migrate(db);
    db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('German', 0)").run();
    const before = tables(db);
    const broken = migrationsWithExtra(
      'CREATE TABLE half_done (x INTEGER);\n--> statement-breakpoint\nALTER TABLE languages ADD COLUMN LgExtra TEXT;\n--> statement-breakpoint\nTHIS IS NOT SQL;',
    );
    expect(() => migrate(db, broken)).toThrow(MigrationError);
    expect(() => migrate(db, broken)).toThrow(/9999_extra failed and was rolled back.*syntax error/);
    expect(tables(db)).toEqual(before);
    const cols = (db.prepare("SELECT name FROM pragma_table_info('languages')").all() as { name: string }[]).map((c) => c.name);
    expect(cols).not.toContain('LgExtra');
    expect(db.prepare('SELECT LgName FROM languages').get()).toEqual({ LgName: 'German' });
    const record = db.prepare("SELECT MgStatus, MgAttempts, MgError FROM _migrations WHERE MgName = '9999_extra'").get() as {
      MgStatus: string;
      MgAttempts: number;
      MgError: string;
    };
    expect(record.MgStatus).toBe('failed');
    expect(record.MgAttempts).toBe(2);
    expect(record.MgError).toMatch(/syntax error/);
    closeSqlite(db);
  });

  it('a failed migration that is fixed later applies and is recorded', () => {
    const db = openSqlite(path.join(fresh(), 'lectio.db'));
    migrate(db);
    expect(() => migrate(db, migrationsWithExtra('NOT SQL;', '9998_fixme'))).toThrow(MigrationError);
    migrate(db, migrationsWithExtra('CREATE TABLE later_ok (x INTEGER);', '9998_fixme'));
    expect(db.prepare("SELECT MgStatus, MgAttempts FROM _migrations WHERE MgName = '9998_fixme'").get()).toEqual({ MgStatus: 'applied', MgAttempts: 2 });
    closeSqlite(db);
  });

  it('refuses a database written by a newer Lectio, without touching it', () => {
    const file = path.join(fresh(), 'lectio.db');
    const db = openSqlite(file);
    migrate(db, migrationsWithExtra('CREATE TABLE from_the_future (x INTEGER);', '9999_future'));
    closeSqlite(db);
    const again = openSqlite(file);
    expect(() => migrate(again)).toThrow(/newer version of Lectio.*9999_future/);
    expect(tables(again)).toContain('from_the_future');
    closeSqlite(again);
  });
});
