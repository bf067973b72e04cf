// Runs in: main and worker threads (the restore prepares its database in one). The backup module's SQL: schema
// introspection (tables, owner columns, foreign keys), counts, the owner-scoped copy into a fresh database, emptying
// the caller's rows, and the checks a restore makes. The module works over every table the schema has, so tables other
// modules add are covered without a list.
import type { Sqlite } from '../../db/connection';
import { stmt } from '../../db/sql';

/** Tables that are not the library: never copied from a backup into another account, never emptied. */
export const ACCOUNT_TABLES = new Set(['users', 'settings', '_migrations']);

const OWNER_COLUMN = /^[A-Z][A-Za-z0-9]UsID$/;

export interface TableInfo {
  name: string;
  columns: string[];
  /** The owner column (XxUsID), if the table has one; settings' StUsID is not one (0 = global). */
  owner?: string;
  foreignKeys: { column: string; table: string; to: string }[];
}

const quote = (id: string) => `"${id.replace(/"/g, '""')}"`;

/**
 * Parent links the schema does not declare as foreign keys (a trigger keeps them: migration 0011 dropped the key
 * on Ti2TxID). An owner-scoped copy must follow them too, or it would take every account's rows of the table.
 */
const UNDECLARED_PARENTS: Record<string, TableInfo['foreignKeys']> = {
  word_occurrences: [{ column: 'Ti2TxID', table: 'texts', to: 'TxID' }],
};

export function tableNames(sqlite: Sqlite, schema = 'main'): string[] {
  return (
    sqlite.prepare(`SELECT name FROM ${quote(schema)}.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as {
      name: string;
    }[]
  ).map((r) => r.name);
}

export function tableInfo(sqlite: Sqlite, name: string, schema = 'main'): TableInfo {
  const columns = (sqlite.prepare(`SELECT name FROM pragma_table_info(?, ?)`).all(name, schema) as { name: string }[]).map((c) => c.name);
  const fks = sqlite.prepare(`SELECT "from" AS column, "table" AS tbl, "to" AS target FROM pragma_foreign_key_list(?, ?)`).all(name, schema) as {
    column: string;
    tbl: string;
    target: string | null;
  }[];
  const owner = name === 'settings' ? undefined : columns.find((c) => OWNER_COLUMN.test(c));
  const declared = fks.map((f) => ({ column: f.column, table: f.tbl, to: f.target ?? 'rowid' }));
  const undeclared = (UNDECLARED_PARENTS[name] ?? []).filter((p) => columns.includes(p.column) && !declared.some((d) => d.column === p.column));
  return { name, columns, owner, foreignKeys: [...declared, ...undeclared] };
}

/** Every table, parents before children (foreign keys), so a filtered copy can check parents already copied. */
export function tablesInDependencyOrder(sqlite: Sqlite, schema = 'main'): TableInfo[] {
  const infos = new Map(tableNames(sqlite, schema).map((n) => [n, tableInfo(sqlite, n, schema)]));
  const done = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (name: string, stack: Set<string>) => {
    if (done.has(name) || stack.has(name)) return;
    const info = infos.get(name);
    if (!info) return;
    stack.add(name);
    for (const fk of info.foreignKeys) if (fk.table !== name) visit(fk.table, stack);
    stack.delete(name);
    done.add(name);
    out.push(info);
  };
  for (const name of infos.keys()) visit(name, new Set());
  return out;
}

export function countRows(sqlite: Sqlite, schema = 'main'): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of tableNames(sqlite, schema)) {
    counts[name] = (sqlite.prepare(`SELECT count(*) AS n FROM ${quote(schema)}.${quote(name)}`).get() as { n: number }).n;
  }
  return counts;
}

export function appliedMigrations(sqlite: Sqlite, schema = 'main'): string[] {
  const has = sqlite.prepare(`SELECT 1 FROM ${quote(schema)}.sqlite_master WHERE type = 'table' AND name = '_migrations'`).get();
  if (!has) return [];
  return (sqlite.prepare(`SELECT MgName FROM ${quote(schema)}._migrations WHERE MgStatus = 'applied' ORDER BY MgID`).all() as { MgName: string }[]).map(
    (r) => r.MgName,
  );
}

/**
 * Copies the rows of one owner from the live database (main) into an attached database `dest` of the same
 * schema: owned tables by their owner column, child tables when every parent they point at was copied,
 * the caller's own account row, global and own settings. Tables with neither (nothing to tie them to an
 * owner) are left out and named in the result.
 */
export function copyOwnedRows(sqlite: Sqlite, owner: number): { skipped: string[] } {
  const skipped: string[] = [];
  sqlite.pragma('defer_foreign_keys = ON');
  for (const t of tablesInDependencyOrder(sqlite)) {
    if (t.name === '_migrations' || isCredentialTable(t.name)) continue; // the fresh database has its own migrations; no secrets
    const cols = t.columns.map(quote).join(', ');
    let where: string;
    if (t.name === 'users') where = 'UsID = @owner';
    else if (t.name === 'settings') where = 'StUsID IN (0, @owner)';
    else if (t.owner) where = `${quote(t.owner)} IS @owner`;
    else if (t.foreignKeys.length > 0) {
      where = t.foreignKeys
        .map((fk) => `(${quote(fk.column)} IS NULL OR ${quote(fk.column)} IN (SELECT ${quote(fk.to)} FROM dest.${quote(fk.table)}))`)
        .join(' AND ');
    } else {
      skipped.push(t.name);
      continue;
    }
    sqlite.prepare(`INSERT INTO dest.${quote(t.name)} (${cols}) SELECT ${cols} FROM main.${quote(t.name)} WHERE ${where}`).run({ owner });
  }
  return { skipped };
}

/**
 * Deletes library rows (cascades take the child rows); accounts and settings stay. `owner` undefined: every
 * owned table's rows whoever owns them (single-user mode); otherwise that owner's rows only.
 */
export function deleteOwnedRows(sqlite: Sqlite, owner: number | null | undefined): number {
  let deleted = 0;
  // Children first where they carry their own owner column (texts before languages), for shorter cascades.
  for (const t of tablesInDependencyOrder(sqlite).reverse()) {
    // Accounts stay, and so do their sign-ins (sessions, remember-me, API tokens of paired apps).
    if (ACCOUNT_TABLES.has(t.name) || isCredentialTable(t.name) || !t.owner) continue;
    deleted +=
      owner === undefined
        ? sqlite.prepare(`DELETE FROM ${quote(t.name)}`).run().changes
        : sqlite.prepare(`DELETE FROM ${quote(t.name)} WHERE ${quote(t.owner)} IS ?`).run(owner).changes;
  }
  return deleted;
}

/** Sets every owner column of a database (the restored copy) to one owner; per-user settings follow. */
export function reassignOwners(sqlite: Sqlite, owner: number | null): void {
  for (const t of tablesInDependencyOrder(sqlite)) {
    if (t.name === 'settings') {
      sqlite.prepare(`UPDATE OR REPLACE settings SET StUsID = ? WHERE StUsID <> 0`).run(owner ?? 0);
    } else if (t.owner && !ACCOUNT_TABLES.has(t.name)) {
      sqlite.prepare(`UPDATE ${quote(t.name)} SET ${quote(t.owner)} = ? WHERE ${quote(t.owner)} IS NOT ?`).run(owner, owner);
    }
  }
}

/**
 * Sign-in secrets (sessions, API and remember-me tokens, mail tokens, spent captchas): never carried by a backup,
 * never taken from one. `token_forms` is the reader's word forms, not a credential.
 */
export const isCredentialTable = (name: string): boolean => /^(api_tokens|remember_tokens|auth_[a-z0-9_]+|[a-z0-9_]*sessions?|captcha_[a-z0-9_]+)$/.test(name);

/** Deletes every credential row (with secure_delete, so the freed pages hold no copy of them). */
export function scrubCredentials(sqlite: Sqlite): void {
  sqlite.pragma('secure_delete = ON');
  for (const name of tableNames(sqlite)) if (isCredentialTable(name)) sqlite.prepare(`DELETE FROM ${quote(name)}`).run();
}

/** Replaces the credential rows of the restored copy with the live ones (attached as `live`): sessions stay valid. */
export function copyLiveCredentials(sqlite: Sqlite): void {
  const live = new Set(tableNames(sqlite, 'live'));
  for (const name of tableNames(sqlite)) {
    if (!isCredentialTable(name)) continue;
    sqlite.prepare(`DELETE FROM main.${quote(name)}`).run();
    if (!live.has(name)) continue;
    const liveCols = new Set(tableInfo(sqlite, name, 'live').columns);
    const cols = tableInfo(sqlite, name)
      .columns.filter((c) => liveCols.has(c))
      .map(quote)
      .join(', ');
    sqlite.prepare(`INSERT INTO main.${quote(name)} (${cols}) SELECT ${cols} FROM live.${quote(name)}`).run();
  }
}

/** Replaces the accounts of the restored copy with the live ones (attached as `live`), so sign-in keeps working. */
export function copyLiveAccounts(sqlite: Sqlite): void {
  const cols = tableInfo(sqlite, 'users').columns.map(quote).join(', ');
  sqlite.exec(`DELETE FROM main.users; INSERT INTO main.users (${cols}) SELECT ${cols} FROM live.users`);
}

export function activeAccounts(sqlite: Sqlite): number {
  const has = stmt(sqlite, `SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'`).get();
  if (!has) return 0;
  return (stmt(sqlite, `SELECT count(*) AS n FROM users WHERE UsActive = 1`).get() as { n: number }).n;
}

export function integrityCheck(sqlite: Sqlite): string[] {
  return (sqlite.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[]).map((r) => r.integrity_check);
}

/** A consistent copy of the whole database into a new file (the synchronous alternative to the online backup). */
export function vacuumInto(sqlite: Sqlite, file: string): void {
  sqlite.prepare('VACUUM INTO ?').run(file);
}

/** Runs `fn` with another database file attached under `alias` (dest, live), detaching it whatever happens. */
export function withAttached<T>(sqlite: Sqlite, file: string, alias: 'dest' | 'live' | 'src', fn: () => T): T {
  sqlite.prepare(`ATTACH DATABASE ? AS ${alias}`).run(file);
  try {
    return fn();
  } finally {
    sqlite.exec(`DETACH DATABASE ${alias}`);
  }
}

/** A schema object that runs code: a trigger (on every write) or a view (on every read of it). */
export interface CodeObject {
  type: 'trigger' | 'view';
  name: string;
  sql: string;
}

export function codeObjects(sqlite: Sqlite): CodeObject[] {
  return sqlite.prepare("SELECT type, name, coalesce(sql, '') AS sql FROM sqlite_master WHERE type IN ('trigger', 'view') ORDER BY name").all() as CodeObject[];
}

/**
 * Copies every row of the tables `fresh` (main, Lectio's own schema) has from the attached `src`, column by column
 * where both have it. The source's own schema objects (triggers, views, extra tables and indexes) stay behind.
 */
export function copyRowsFrom(fresh: Sqlite): void {
  // The library's own migration history (when each step ran) replaces the one the fresh build just recorded.
  fresh.prepare('DELETE FROM main._migrations').run();
  for (const name of tableNames(fresh)) {
    const there = new Set(tableInfo(fresh, name, 'src').columns);
    const cols = tableInfo(fresh, name)
      .columns.filter((c) => there.has(c))
      .map(quote);
    if (cols.length === 0) continue;
    fresh.prepare(`INSERT INTO main.${quote(name)} (${cols.join(', ')}) SELECT ${cols.join(', ')} FROM src.${quote(name)}`).run();
  }
}

export function accountCount(sqlite: Sqlite): number {
  const has = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get();
  return has ? (sqlite.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n : 0;
}

/**
 * The library files an owner's rows name (data-folder-relative, "/"-separated): their media files (a text's
 * audio, a book's pictures and cover) and their books' covers stored before covers were media files (not yet moved
 * by books.moveCovers). An owner-scoped backup carries these and no others.
 */
export function ownerFiles(sqlite: Sqlite, owner: number): string[] {
  const media = sqlite.prepare("SELECT 'media/' || MfID || '.' || MfExt FROM media_files WHERE MfUsID = ?").pluck().all(owner) as string[];
  const covers = sqlite.prepare("SELECT 'covers/' || BkCoverPath FROM books WHERE BkUsID = ? AND BkCoverPath != ''").pluck().all(owner) as string[];
  return [...media, ...covers];
}
