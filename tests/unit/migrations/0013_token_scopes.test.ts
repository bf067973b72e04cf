// Migration 0013 on a database with API tokens from before scopes: each keeps working with a paired extension's
// scopes (read, vocabulary, import), never the manage scope that backup, restore and settings need.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeSqlite, openSqlite, type Sqlite } from '../../../src-main/db/connection';
import { migrate } from '../../../src-main/db/migrate';
import { migrationsDir } from '../../../src-main/core/paths';
import { tempDir } from '../../helpers/core';
import { EXTENSION_SCOPES, formatScopes } from '../../../src-shared/contract/token-scopes';

const dirs: string[] = [];
const dbs: Sqlite[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) closeSqlite(db);
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function migrationsBefore(stopAt: string): string {
  const dir = tempDir('lectio-mig0013-');
  dirs.push(dir);
  fs.cpSync(migrationsDir(), dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === stopAt);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

describe('migration 0013: token scopes', () => {
  it("gives tokens from before it an extension's scopes", () => {
    const dir = tempDir('lectio-mig0013-db-');
    dirs.push(dir);
    const db = openSqlite(path.join(dir, 'lectio.db'));
    dbs.push(db);
    migrate(db, migrationsBefore('0013_token_scopes'));
    db.prepare("INSERT INTO api_tokens (AtUsID, AtName, AtHash, AtOrigin, AtCreated) VALUES (NULL, 'ext', 'h1', 'chrome-extension://abc', 0)").run();
    migrate(db, migrationsDir());
    expect(db.prepare('SELECT AtName, AtScopes FROM api_tokens').all()).toEqual([{ AtName: 'ext', AtScopes: formatScopes(EXTENSION_SCOPES) }]);
  });
});
