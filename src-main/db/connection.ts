// Runs in: main and worker threads. The one SQLite connection of the core.
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };
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

export function wrapDrizzle(sqlite: Sqlite): Db {
  return drizzle(sqlite, { schema }) as Db;
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
