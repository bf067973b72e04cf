// One migration under test (tests/unit/migrations/<tag>.test.ts, docs/DEVELOPING.md): a real SQLite file
// migrated up to the migration just before it, where the test writes rows as the app then wrote them; apply()
// then runs that one migration, and the test checks what became of the rows.
import fs from 'node:fs';
import path from 'node:path';
import { expect, onTestFinished } from 'vitest';
import { closeSqlite, openSqlite, type Sqlite } from '../../src-main/db/connection';
import { migrate } from '../../src-main/db/migrate';
import { migrationsDir } from '../../src-main/core/paths';
import { tempDir } from './core';

interface Journal {
  entries: { tag: string }[];
}

/** The tags of the real migrations, in order. */
export function migrationTags(): string[] {
  return (JSON.parse(fs.readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as Journal).entries.map((e) => e.tag);
}

/** A copy of the real migrations that ends just before `tag`, or with it. */
function migrationsUpTo(tag: string, through: boolean, into: string): string {
  const dir = path.join(into, through ? 'through' : 'before');
  fs.cpSync(migrationsDir(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at, `no migration tagged ${tag}`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, through ? at + 1 : at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

export interface MigrationUnderTest {
  /** The database, at the migration before the one under test until apply(). */
  db: Sqlite;
  /** Applies the migration under test (only it), as an app update would at start. */
  apply(): void;
}

/** A database file at the migration before `tag`; closed and removed when the test finishes. */
export function beforeMigration(tag: string): MigrationUnderTest {
  const dir = tempDir('lectio-migration-');
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  const db = openSqlite(path.join(dir, 'lectio.db'));
  onTestFinished(() => closeSqlite(db));
  migrate(db, migrationsUpTo(tag, false, dir));
  return {
    db,
    apply() {
      const { applied } = migrate(db, migrationsUpTo(tag, true, dir));
      expect(applied).toEqual([tag]);
    },
  };
}
