// Runs in: main and worker threads (the restore prepares its database in one). Applies drizzle-kit's migrations/ at
// start, one transaction each, recorded in _migrations.
import fs from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Sqlite } from './connection';

export class MigrationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrationError';
  }
}

export interface MigrationRecord {
  MgID: number;
  MgName: string;
  MgHash: string;
  MgStatus: 'applied' | 'failed';
  MgAttempts: number;
  MgError: string | null;
  MgAppliedAt: number | null;
}

export const defaultMigrationsFolder = () => path.resolve(process.env.LECTIO_MIGRATIONS_DIR ?? path.join(process.cwd(), 'migrations'));

interface JournalMigration {
  name: string;
  hash: string;
  statements: string[];
}

function readJournal(folder: string): JournalMigration[] {
  // drizzle-orm reads the journal and splits statements; names come from the journal tags.
  const files = readMigrationFiles({ migrationsFolder: folder });
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  return files.map((m, i) => ({ name: journal.entries[i].tag, hash: m.hash, statements: m.sql.filter((s) => s.trim() !== '') }));
}

/**
 * Brings the database up to date. Each migration runs in its own transaction together with its
 * _migrations row, so a failure leaves the schema exactly as it was and records why.
 * A database that has migrations this app does not know was written by a newer Lectio: refuse it.
 */
export function migrate(sqlite: Sqlite, folder = defaultMigrationsFolder()): { applied: string[] } {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS _migrations (
    MgID INTEGER PRIMARY KEY,
    MgName TEXT NOT NULL UNIQUE,
    MgHash TEXT NOT NULL,
    MgStatus TEXT NOT NULL CHECK (MgStatus IN ('applied','failed')),
    MgAttempts INTEGER NOT NULL DEFAULT 0,
    MgError TEXT,
    MgAppliedAt INTEGER
  )`);
  const known = readJournal(folder);
  const knownNames = new Set(known.map((m) => m.name));
  const records = sqlite.prepare('SELECT * FROM _migrations ORDER BY MgID').all() as MigrationRecord[];
  const unknownApplied = records.filter((r) => r.MgStatus === 'applied' && !knownNames.has(r.MgName));
  if (unknownApplied.length > 0) {
    throw new MigrationError(
      `This database was written by a newer version of Lectio (it has migration ${unknownApplied[unknownApplied.length - 1].MgName}, ` +
        `which this version does not know). Update Lectio to open it; the file was not changed.`,
    );
  }
  const byName = new Map(records.map((r) => [r.MgName, r]));
  const applied: string[] = [];
  for (const [index, m] of known.entries()) {
    const record = byName.get(m.name);
    if (record?.MgStatus === 'applied') continue;
    const attempts = (record?.MgAttempts ?? 0) + 1;
    try {
      sqlite.transaction(() => {
        for (const statement of m.statements) sqlite.exec(statement);
        sqlite
          .prepare(
            `INSERT INTO _migrations (MgID, MgName, MgHash, MgStatus, MgAttempts, MgError, MgAppliedAt)
             VALUES (?, ?, ?, 'applied', ?, NULL, ?)
             ON CONFLICT(MgName) DO UPDATE SET MgStatus='applied', MgAttempts=excluded.MgAttempts, MgError=NULL, MgAppliedAt=excluded.MgAppliedAt, MgHash=excluded.MgHash`,
          )
          .run(index + 1, m.name, m.hash, attempts, Date.now());
      })();
      applied.push(m.name);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      sqlite
        .prepare(
          `INSERT INTO _migrations (MgID, MgName, MgHash, MgStatus, MgAttempts, MgError, MgAppliedAt)
           VALUES (?, ?, ?, 'failed', ?, ?, NULL)
           ON CONFLICT(MgName) DO UPDATE SET MgStatus='failed', MgAttempts=excluded.MgAttempts, MgError=excluded.MgError`,
        )
        .run(index + 1, m.name, m.hash, attempts, reason);
      throw new MigrationError(`Database migration ${m.name} failed and was rolled back (the database is unchanged): ${reason}`);
    }
  }
  sqlite.pragma(`user_version = ${known.length}`);
  return { applied };
}
