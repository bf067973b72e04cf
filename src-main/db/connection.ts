// Runs in: main and worker threads. The one SQLite connection of the core. Queries are raw SQL through db/sql.ts;
// drizzle is for the schema (db/schema/) and generating migrations only, so no drizzle handle is built at run time.
import Database from 'better-sqlite3';

export type Sqlite = Database.Database;

export function openSqlite(file: string): Sqlite {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Larger page cache and memory temp store: reading views and imports touch many pages.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  return sqlite;
}

/** Closes cleanly: folds the WAL back into the main file first. */
export function closeSqlite(sqlite: Sqlite): void {
  if (!sqlite.open) return;
  try {
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma('optimize');
  } finally {
    sqlite.close();
  }
}
