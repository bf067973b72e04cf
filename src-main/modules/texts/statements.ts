// Runs in: main. Prepared statements cached per connection: the parse and reader paths run the same SQL
// thousands of times, and preparing costs more than running.
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from '../../db/connection';

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
