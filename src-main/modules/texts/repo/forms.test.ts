// The form-id cache on a real SQLite file: ids match the table, rolled-back forms are never handed out again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSqlite, openSqlite, type Sqlite } from '../../../db/connection';
import { migrate } from '../../../db/migrate';
import { transact } from '../../../db/sql';
import { findForm, formIds } from './forms';

let dir: string;
let db: Sqlite;
let lg: number;
let other: number;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-forms-'));
  db = openSqlite(path.join(dir, 'lectio.db'));
  migrate(db);
  const add = db.prepare('INSERT INTO languages (LgName, LgCreated) VALUES (?, 0)');
  lg = Number(add.run('German').lastInsertRowid);
  other = Number(add.run('French').lastInsertRowid);
});
afterEach(() => {
  closeSqlite(db);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What the table says each form's id is. */
const tableIds = (language: number, forms: string[]) => forms.map((f) => findForm(db, language, f));
const inTransaction = <T>(fn: () => T) => transact({ sqlite: db }, fn);

describe('formIds', () => {
  it('inserts missing forms in the order given and answers known ones, per language', () => {
    const first = inTransaction(() => formIds(db, lg, ['haus', 'baum', 'haus2']));
    expect(first).toEqual(tableIds(lg, ['haus', 'baum', 'haus2']));
    expect(first[1]).toBe(first[0] + 1);
    const second = inTransaction(() => formIds(db, lg, ['baum', 'neu', 'haus']));
    expect(second).toEqual([first[1], first[2] + 1, first[0]]);
    // The same text in another language is another form.
    const french = inTransaction(() => formIds(db, other, ['haus']));
    expect(french[0]).not.toBe(first[0]);
    expect(db.prepare('SELECT count(*) FROM token_forms').pluck().get()).toBe(5);
  });

  it('forgets forms whose transaction rolled back, even when a later insert reuses their ids', () => {
    inTransaction(() => formIds(db, lg, ['eins']));
    expect(() =>
      inTransaction(() => {
        formIds(db, lg, ['zwei', 'drei']);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(tableIds(lg, ['zwei', 'drei'])).toEqual([undefined, undefined]);
    // The ids of 'zwei' and 'drei' are free again: the next forms get them, and the cache must not answer with them.
    const next = inTransaction(() => formIds(db, lg, ['vier', 'zwei', 'drei', 'eins']));
    expect(next).toEqual(tableIds(lg, ['vier', 'zwei', 'drei', 'eins']));
    expect(new Set(next).size).toBe(4);
  });

  it('a savepoint rolled back inside a transaction that goes on', () => {
    const ids = inTransaction(() => {
      formIds(db, lg, ['a']);
      try {
        inTransaction(() => {
          formIds(db, lg, ['b']);
          throw new Error('inner');
        });
      } catch {
        // the outer transaction carries on
      }
      return formIds(db, lg, ['c', 'b', 'a']);
    });
    expect(ids).toEqual(tableIds(lg, ['c', 'b', 'a']));
  });

  it('a form rolled back and met again in a new language id gets a fresh row', () => {
    expect(() =>
      inTransaction(() => {
        const id = Number(db.prepare('INSERT INTO languages (LgName, LgCreated) VALUES (?, 0)').run('Temp').lastInsertRowid);
        formIds(db, id, ['x', 'y']);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    const italian = Number(db.prepare('INSERT INTO languages (LgName, LgCreated) VALUES (?, 0)').run('Italian').lastInsertRowid);
    expect(inTransaction(() => formIds(db, italian, ['y', 'x']))).toEqual(tableIds(italian, ['y', 'x']));
  });
});
