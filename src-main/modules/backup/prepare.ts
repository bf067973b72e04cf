// Runs in: a worker thread (task 'backup.prepareRestore', started by service.ts through runInWorker). The restore's
// heavy part, on the prepared file beside the live one and never on the live library: integrity check, the refusal
// of code Lectio never made, schema age, migrations, owner rewrites, and the copy of every row into a database
// built from Lectio's own migrations. On a million terms this is tens of seconds of SQLite work; on the main thread
// it held every request for as long (issue 34). Its own connections only: the live database is only read (attached,
// multi-user). The rebuilt file gets its planner statistics and is flushed here, so the swap on the main thread is
// a close, a link, a rename and an open.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { badRequest } from '../../../src-shared/contract/errors';
import type { Sqlite } from '../../db/connection';
import { fsyncPath, removeDbFiles } from '../../db/files';
import { migrate, MigrationError } from '../../db/migrate';
import { transact } from '../../db/sql';
import { optimizeAtOpen } from '../../db/statistics';
import * as repo from './repo';
import { type Message, msg } from '../../../src-shared/contract/messages';

const refuse = (why: Message) => badRequest(msg('restore.refused', { why }));

export interface PrepareOptions {
  liveFile: string;
  migrationsFolder: string;
  knownMigrations: string[];
  owner: number | null;
  multiUser: boolean;
}

/** The worker task: `prepareDatabase` on the file the main thread extracted. */
export function prepareRestoreTask(input: PrepareOptions & { prepared: string }): { counts: Record<string, number> } {
  const { prepared, ...opts } = input;
  return { counts: prepareDatabase(prepared, opts).counts };
}

/**
 * Checks the database extracted beside the live one (`prepared`): integrity, schema age, at least one row; migrates an
 * older schema; points every owner column at the restoring account (multi-user: with the live accounts).
 */
export function prepareDatabase(prepared: string, opts: PrepareOptions): { prepared: string; counts: Record<string, number> } {
  try {
    let db: Sqlite;
    try {
      db = new Database(prepared, { fileMustExist: true });
      db.pragma('foreign_keys = OFF');
    } catch {
      throw refuse(msg('restore.dbUnopenable'));
    }
    try {
      let check: string[];
      try {
        check = repo.integrityCheck(db);
      } catch {
        throw refuse(msg('restore.dbNotSqlite'));
      }
      if (check.length !== 1 || check[0] !== 'ok') throw refuse(msg('restore.dbIntegrity', { details: check.slice(0, 2).join('; ') }));
      const tables = new Set(repo.tableNames(db));
      if (!tables.has('languages') || !tables.has('words') || !tables.has('_migrations')) throw refuse(msg('restore.notLectio'));
      // Before any statement runs on the file (migrations write; a trigger would fire): code Lectio never made is refused.
      const ours = lectioCodeObjects(opts.migrationsFolder);
      const planted = repo.codeObjects(db).find((o) => !ours.has(codeKey(o.type, o.sql)));
      if (planted) throw refuse(msg('restore.foreignCode', { kind: planted.type, name: planted.name.slice(0, 100) }));
      if (opts.multiUser) {
        const accounts = repo.accountCount(db);
        if (accounts > 1) throw refuse(msg('restore.severalAccounts', { count: accounts }));
      }
      const applied = repo.appliedMigrations(db);
      const known = new Set(opts.knownMigrations);
      const newer = applied.filter((m) => !known.has(m));
      if (newer.length) throw refuse(msg('restore.newerSchema', { schema: newer[newer.length - 1] }));
      const before = repo.countRows(db);
      const rows = Object.entries(before)
        .filter(([t]) => t !== '_migrations')
        .reduce((n, [, c]) => n + c, 0);
      if (rows === 0) throw refuse(msg('restore.noRows'));
      try {
        migrate(db, opts.migrationsFolder);
      } catch (err) {
        throw refuse(err instanceof MigrationError ? msg('restore.detail', { why: err.message.replace(/\.$/, '') }) : msg('restore.notUpgradable'));
      }
      db.pragma('foreign_keys = OFF');
      if (opts.multiUser) {
        repo.withAttached(db, opts.liveFile, 'live', () =>
          transact({ sqlite: db }, () => {
            repo.copyLiveAccounts(db);
            repo.copyLiveCredentials(db);
            repo.reassignOwners(db, opts.owner);
          }),
        );
      } else {
        transact({ sqlite: db }, () => {
          repo.scrubCredentials(db);
          repo.reassignOwners(db, null);
        });
      }
      // Multi-user restores rewrite owners and accounts: check every reference afterwards. (A single-user restore
      // changes no reference; Lectio writes with foreign keys on, and the checksums say the file is as written.)
      if (opts.multiUser) {
        const fkProblems = db.pragma('foreign_key_check') as unknown[];
        if (fkProblems.length) throw refuse(msg('restore.brokenReferences', { count: fkProblems.length }));
      }
      db.pragma('journal_mode = DELETE');
    } finally {
      db.close();
    }
    rebuildInLectioSchema(prepared, opts.migrationsFolder);
    const rebuilt = new Database(prepared, { fileMustExist: true, readonly: true });
    try {
      return { prepared, counts: repo.countRows(rebuilt) };
    } finally {
      rebuilt.close();
    }
  } catch (err) {
    removeDbFiles(prepared);
    removeDbFiles(`${prepared}.schema`);
    throw err;
  }
}

const codeKey = (type: string, sql: string) => `${type}:${sql.replace(/\s+/g, ' ').replace(/;\s*$/, '').trim()}`;

/** Every trigger and view Lectio's migrations create (at any version), as `codeKey`s. */
function lectioCodeObjects(migrationsFolder: string): Set<string> {
  const keys = new Set<string>();
  for (const file of fs.readdirSync(migrationsFolder).filter((n) => n.endsWith('.sql'))) {
    for (const statement of fs.readFileSync(path.join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint')) {
      const body = statement.replace(/^\s*--.*$/gm, '').trim();
      const m = /^CREATE\s+(?:TEMP\s+|TEMPORARY\s+)?(TRIGGER|VIEW)\b/i.exec(body);
      if (m) keys.add(codeKey(m[1].toLowerCase(), body));
    }
  }
  return keys;
}

/**
 * The restored library's rows move into a new database built from Lectio's own migrations, which then takes the
 * prepared file's place: whatever schema objects the backup's file carried (triggers, views, extra tables or
 * indexes) are never adopted.
 */
function rebuildInLectioSchema(prepared: string, migrationsFolder: string): void {
  const target = `${prepared}.schema`;
  removeDbFiles(target);
  const fresh = new Database(target);
  try {
    migrate(fresh, migrationsFolder);
    fresh.pragma('foreign_keys = OFF');
    fresh.pragma('journal_mode = DELETE');
    repo.withAttached(fresh, prepared, 'src', () => transact({ sqlite: fresh }, () => repo.copyRowsFrom(fresh)));
    // The statistics the live connection's open would otherwise gather on the main thread.
    optimizeAtOpen(fresh);
  } finally {
    fresh.close();
  }
  fsyncPath(target);
  fs.renameSync(target, prepared);
}
