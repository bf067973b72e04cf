// Runs in: main and worker threads. The one SQL toolkit every repo uses: raw SQL through prepared statements cached per
// connection (the parse and reader paths run the same SQL thousands of times, and preparing costs more than
// running), owner scoping (re-exported from ./scope), multi-row inserts and one transaction helper.
// drizzle stays for the schema and migrations.
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from './connection';
import { announcingWrite } from './write-intent';

export { ownerSql, ownerOf, type CurrentUser } from './scope';

const cache = new WeakMap<Sqlite, Map<string, Statement>>();

export function stmt(sqlite: Sqlite, sql: string): Statement {
  let byText = cache.get(sqlite);
  if (!byText) {
    byText = new Map();
    cache.set(sqlite, byText);
  }
  let s = byText.get(sql);
  if (!s) {
    s = sqlite.prepare(sql);
    byText.set(sql, s);
  }
  return s;
}

/**
 * The defined fields among `allowed` column names as named parameters (booleans as 0/1), for an INSERT or
 * UPDATE of optional columns. Only names from `allowed` ever reach the SQL text.
 */
export function columnParams(allowed: readonly string[], fields: object): { names: string[]; values: Record<string, unknown> } {
  const names: string[] = [];
  const values: Record<string, unknown> = {};
  for (const c of allowed) {
    const v = (fields as Record<string, unknown>)[c];
    if (v === undefined) continue;
    names.push(c);
    values[c] = typeof v === 'boolean' ? (v ? 1 : 0) : v;
  }
  return { names, values };
}

/** `INSERT INTO table (a, b) VALUES (@a, @b)` for the names of columnParams. */
export const insertSql = (table: string, names: readonly string[]): string =>
  `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`;

/** `a = @a, b = @b` for an UPDATE's SET, from the names of columnParams. */
export const setSql = (names: readonly string[]): string => names.map((n) => `${n} = @${n}`).join(', ');

const CHUNK_ROWS = 128;

/**
 * Inserts many rows with multi-row INSERT statements (128 rows a call): the per-call cost of the driver,
 * not SQLite, dominates single-row inserts of a 150,000-word text.
 */
export function insertMany(sqlite: Sqlite, head: string, columnCount: number, rows: readonly (readonly unknown[])[]): void {
  const tuple = `(${new Array(columnCount).fill('?').join(', ')})`;
  const full = stmt(sqlite, `${head} VALUES ${new Array(CHUNK_ROWS).fill(tuple).join(', ')}`);
  const one = stmt(sqlite, `${head} VALUES ${tuple}`);
  const params: unknown[] = new Array(CHUNK_ROWS * columnCount);
  let i = 0;
  for (; i + CHUNK_ROWS <= rows.length; i += CHUNK_ROWS) {
    for (let r = 0; r < CHUNK_ROWS; r++) {
      const row = rows[i + r];
      for (let c = 0; c < columnCount; c++) params[r * columnCount + c] = row[c];
    }
    full.run(params);
  }
  for (; i < rows.length; i++) one.run(rows[i] as unknown[]);
}

/**
 * insertMany for rows laid out one after another in one flat array, `tuple` being one row's VALUES tuple
 * with `perRow` anonymous parameters; values common to every row can be named parameters of the tuple
 * (`(@tx, ?, ?, 1, @lg, ?)`), bound once a statement from `named`. The parse path builds its 10,000+
 * occurrence rows this way instead of one small array per row, and binds half the values.
 */
export function insertManyFlat(sqlite: Sqlite, head: string, tuple: string, perRow: number, values: readonly unknown[], named?: Record<string, unknown>): void {
  let i = 0;
  // 128 rows a statement, then the tail 16 rows and 1 row at a time.
  for (const rowsPer of [CHUNK_ROWS, 16, 1]) {
    const chunk = rowsPer * perRow;
    if (values.length - i < chunk) continue;
    const s = stmt(sqlite, `${head} VALUES ${new Array(rowsPer).fill(tuple).join(', ')}`);
    const params: unknown[] = new Array(chunk);
    for (; i + chunk <= values.length; i += chunk) {
      for (let k = 0; k < chunk; k++) params[k] = values[i + k];
      if (named) s.run(params, named);
      else s.run(params);
    }
  }
}

/**
 * Runs `fn` in one transaction (nested calls become savepoints), like Anki's `col.transact`: every
 * multi-statement write goes through here, so a failure anywhere leaves nothing half-written.
 *
 * Work that must follow the write, not be part of it, is queued with afterCommit and runs once the outermost
 * transaction has committed (listeners declared after-commit, the job runner's wake-up); a rollback drops it.
 *
 * BEGIN IMMEDIATE: the write lock is taken first, waiting for it through the busy timeout. A deferred
 * transaction that reads and then writes while the dictionary import worker holds the lock fails at once with
 * SQLITE_BUSY (SQLite cannot upgrade a read snapshot by waiting). The write is announced to that worker, which
 * commits its slice early and lets it in (db/write-intent.ts).
 */
export function transact<T>(ctx: { sqlite: Sqlite }, fn: () => T): T {
  const open = commitHooks.get(ctx.sqlite);
  const hooks = open ?? [];
  if (!open) commitHooks.set(ctx.sqlite, hooks);
  const mark = hooks.length;
  let result: T;
  try {
    result = announcingWrite(() => ctx.sqlite.transaction(fn).immediate());
  } catch (err) {
    // Rolled back (the whole transaction, or this savepoint): what it asked to run after the commit is dropped.
    hooks.length = mark;
    if (!open) commitHooks.delete(ctx.sqlite);
    throw err;
  }
  if (open) return result;
  commitHooks.delete(ctx.sqlite);
  runCommitHooks(hooks);
  return result;
}

/**
 * What the open outermost transaction of a connection runs once it has committed (afterCommit), in order. A
 * connection is in the map exactly while transact runs on it: transact is the one way a transaction is opened.
 */
const commitHooks = new WeakMap<Sqlite, (() => void)[]>();

/**
 * Runs `fn` once the outermost transact on this connection has committed, synchronously before that transact
 * returns (so no other call, and no restore, comes between the commit and `fn`); never if it rolls back, nor if
 * the savepoint that asked rolls back. Outside any transaction `fn` runs at once (what came before is committed).
 * `fn` should not throw: the write has succeeded. Domain events' after-commit listeners and the job runner's wake-up
 * use it (core/events.ts, core/jobs.ts).
 */
export function afterCommit(ctx: { sqlite: Sqlite }, fn: () => void): void {
  const hooks = commitHooks.get(ctx.sqlite);
  if (hooks) hooks.push(fn);
  else fn();
}

/** True while a transact runs on this connection (its writes are not committed yet). */
export const inTransact = (ctx: { sqlite: Sqlite }): boolean => commitHooks.has(ctx.sqlite);

function runCommitHooks(hooks: readonly (() => void)[]): void {
  let first: unknown = null;
  // Every hook runs even when one throws; the first error is thrown after them (a hook should catch its own).
  for (const hook of hooks) {
    try {
      hook();
    } catch (err) {
      first ??= err;
    }
  }
  if (first !== null) throw first;
}

/**
 * transact, without SQLite's foreign-key parent checks: for a write that inserts only rows whose parents it read in
 * the same transaction, and deletes only rows nothing references (a text's parse: its sentences, occurrences and
 * forms). Each checked row costs a random read of its parent's table: for a text's occurrences, a seek among a
 * million terms per word, half the time of storing a book's chapters. Foreign-key actions are off as well, so `fn`
 * must not delete or re-key a row others reference. Inside an outer transaction the pragma cannot change (SQLite
 * ignores it there) and the checks simply stay on.
 */
export function transactWithoutParentChecks<T>(ctx: { sqlite: Sqlite }, fn: () => T): T {
  if (ctx.sqlite.inTransaction) return transact(ctx, fn);
  ctx.sqlite.pragma('foreign_keys = OFF');
  try {
    return transact(ctx, fn);
  } finally {
    ctx.sqlite.pragma('foreign_keys = ON');
  }
}
