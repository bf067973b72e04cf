// Runs in: a worker thread (registered in src-main/workers/tasks.ts, started through runInWorker). Turns an
// untrusted LWT dump or Lute database into an ImportPlan: gunzip with an output cap, then the pure mappers in
// src-shared/migrate. A Lute file is opened read-only from memory (better-sqlite3 deserialize), checked in
// sqlite_master (the tables read are real tables, no views, no triggers but Lute's own, which never fire on
// a read-only connection) and read with plain SELECTs.
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { AppError, type ErrorText } from '../../../src-shared/contract/errors';
import { DumpError } from '../../../src-shared/migrate/mysql-dump';
import { parseLwtBackup } from '../../../src-shared/migrate/lwt';
import { LUTE_OPTIONAL_TABLES, LUTE_TABLES, LUTE_TRIGGERS, mapLute, type LuteRows, type Row } from '../../../src-shared/migrate/lute';
import type { ImportPlan } from '../../../src-shared/migrate/plan';
import { type Message, msg } from '../../../src-shared/contract/messages';

/** Terms per JSON slice of a packed plan. */
export const PLAN_TERM_SLICE = 2000;

/**
 * A plan as it crosses threads: its terms as JSON text a slice at a time (a string is copied in one piece; 100,000
 * cloned term objects took the main thread a second to deserialize, in one block), the rest as it is.
 */
export interface PackedPlan {
  plan: ImportPlan;
  termSlices: string[];
}

function packPlan(plan: ImportPlan): PackedPlan {
  const termSlices: string[] = [];
  for (let i = 0; i < plan.terms.length; i += PLAN_TERM_SLICE) termSlices.push(JSON.stringify(plan.terms.slice(i, i + PLAN_TERM_SLICE)));
  return { plan: { ...plan, terms: [] }, termSlices };
}

/** Decompressed bytes at most (a gzip bomb stops here). */
export const MAX_INFLATED_BYTES = 256 * 1024 * 1024;

const refuse = (message: ErrorText) => new AppError(400, message);

function inflate(data: Uint8Array, what: Message): Buffer {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (!(buf[0] === 0x1f && buf[1] === 0x8b)) return buf;
  try {
    return zlib.gunzipSync(buf, { maxOutputLength: MAX_INFLATED_BYTES });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ERR_BUFFER_TOO_LARGE' || e instanceof RangeError)
      throw refuse(msg('migrate.inflateTooLarge', { what, mb: MAX_INFLATED_BYTES / 1024 / 1024 }));
    if (e.code === 'Z_BUF_ERROR') throw refuse(msg('migrate.gzCut', { what }));
    throw refuse(msg('migrate.gzInvalid', { what, why: e.message }));
  }
}

export function parseLwtFile(input: { data: Uint8Array }): PackedPlan {
  const bytes = inflate(input.data, msg('migrate.lwtBackup'));
  if (bytes.includes(0)) throw refuse(msg('migrate.lwtBinary'));
  const text = new TextDecoder('utf-8').decode(bytes);
  try {
    return packPlan(parseLwtBackup(text));
  } catch (err) {
    if (err instanceof DumpError) throw refuse(msg('migrate.lwtUnreadable', { why: err.text }));
    throw err;
  }
}

const SQLITE_MAGIC = 'SQLite format 3\0';

export function parseLuteFile(input: { data: Uint8Array }): PackedPlan {
  const bytes = inflate(input.data, msg('migrate.luteDatabase'));
  if (bytes.subarray(0, 16).toString('latin1') !== SQLITE_MAGIC) throw refuse(msg('migrate.notLute'));
  let db: Database.Database;
  try {
    db = new Database(bytes, { readonly: true });
  } catch (err) {
    throw refuse(msg('migrate.luteUnopenable', { why: (err as Error).message }));
  }
  try {
    db.pragma('query_only = 1');
    db.pragma('trusted_schema = 0');
    let objects: { type: string; name: string; tbl_name: string }[];
    try {
      objects = db.prepare('SELECT type, name, tbl_name FROM sqlite_master').all() as typeof objects;
    } catch (err) {
      throw refuse(msg('migrate.luteDamaged', { why: (err as Error).message }));
    }
    const views = objects.filter((o) => o.type === 'view');
    if (views.length) throw refuse(msg('migrate.luteViews', { names: views.map((v) => v.name).join(', ') }));
    const triggers = objects.filter((o) => o.type === 'trigger' && !LUTE_TRIGGERS.has(o.name));
    if (triggers.length) throw refuse(msg('migrate.luteTriggers', { names: triggers.map((t) => t.name).join(', ') }));
    const tables = new Set(objects.filter((o) => o.type === 'table').map((o) => o.name));
    const missing = Object.keys(LUTE_TABLES).filter((t) => !tables.has(t));
    if (missing.length) throw refuse(msg(missing.length > 1 ? 'migrate.notLuteV3Tables' : 'migrate.notLuteV3Table', { names: missing.join(', ') }));
    const read = (table: string, required: string[]): Row[] => {
      const cols = (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as { name: string }[]).map((c) => c.name);
      const absent = required.filter((c) => !cols.includes(c));
      if (absent.length) throw refuse(msg('migrate.notLuteV3Column', { table, names: absent.join(', ') }));
      return db.prepare(`SELECT ${cols.map((c) => `"${c.replace(/"/g, '""')}"`).join(', ')} FROM "${table}"`).all() as Row[];
    };
    const rows = Object.fromEntries(Object.entries(LUTE_TABLES).map(([t, req]) => [t, read(t, req)])) as unknown as LuteRows;
    rows.languagedicts =
      LUTE_OPTIONAL_TABLES.includes('languagedicts') && tables.has('languagedicts') ? read('languagedicts', ['LdLgID', 'LdUseFor', 'LdDictURI']) : [];
    try {
      return packPlan(mapLute(rows));
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw refuse((err as Error).message);
    }
  } finally {
    db.close();
  }
}
