// Runs in: main. SQL for token_forms (the interned lowercased word forms of a language), with the form ids
// remembered per connection: a text mostly repeats forms the library already holds, and asking SQLite for
// 2,000 of them costs more than the rest of storing the text's words.
//
// Safe against rollbacks: a form inserted by a transaction that later rolls back must not be remembered. Form
// ids only grow (AUTOINCREMENT) and every id remembered is at most the cache's newest one (inserted or found),
// so before each use the cache checks that its newest id is still in the table with the text it remembers. A rollback of any remembered insert took that row away too (or a later insert reused the
// id for another form): then everything remembered is dropped. An empty table is never remembered.
//
// Kept with the connection (as db/sql.ts keeps its statements), not in a slot of the services: a restore opens a
// new connection, and the check above makes every use agree with the table anyway.
import type { Sqlite } from '../../../db/connection';
import { stmt } from '../../../db/sql';

interface FormCache {
  /** The newest id remembered, its language and text (0 when nothing is remembered). */
  newestId: number;
  newestLanguage: number;
  newestText: string;
  byLanguage: Map<number, Map<string, number>>;
}

const caches = new WeakMap<Sqlite, FormCache>();
/** A language's remembered forms beyond this are dropped and met again (memory stays bounded in a huge library). */
const MAX_FORMS_PER_LANGUAGE = 250_000;

function validCache(sqlite: Sqlite): FormCache {
  const cache = caches.get(sqlite);
  if (cache && cache.newestId > 0) {
    const row = stmt(sqlite, 'SELECT TfLgID, TfTextLC FROM token_forms WHERE TfID = ?').raw(true).get(cache.newestId) as [number, string] | undefined;
    if (row && row[0] === cache.newestLanguage && row[1] === cache.newestText) return cache;
  }
  // Anchored at the table's newest row: forms found from here on are at most that new, or inserted through here.
  const newest = stmt(sqlite, 'SELECT TfID, TfLgID, TfTextLC FROM token_forms ORDER BY TfID DESC LIMIT 1').raw(true).get() as
    [number, number, string] | undefined;
  const fresh: FormCache = { newestId: newest?.[0] ?? 0, newestLanguage: newest?.[1] ?? 0, newestText: newest?.[2] ?? '', byLanguage: new Map() };
  caches.set(sqlite, fresh);
  return fresh;
}

function languageForms(cache: FormCache, languageId: number): Map<string, number> {
  let forms = cache.byLanguage.get(languageId);
  if (!forms || forms.size > MAX_FORMS_PER_LANGUAGE) {
    forms = new Map();
    cache.byLanguage.set(languageId, forms);
  }
  return forms;
}

/** Remembers [text, id] rows; a row newer than the anchor (inserted or found) becomes the anchor. */
function remember(cache: FormCache, known: Map<string, number>, languageId: number, rows: readonly [string, number][]): void {
  for (const [text, id] of rows) {
    known.set(text, id);
    if (id > cache.newestId) {
      cache.newestId = id;
      cache.newestLanguage = languageId;
      cache.newestText = text;
    }
  }
}

/**
 * The form id of each lowercased form of a language (`ids[k]` for `forms[k]`), inserting the missing ones in
 * the order given. Call inside the transaction that stores the rows pointing at them.
 */
export function formIds(sqlite: Sqlite, languageId: number, forms: readonly string[]): number[] {
  const ids: number[] = [];
  if (forms.length === 0) return ids;
  const cache = validCache(sqlite);
  const known = languageForms(cache, languageId);
  const missing: string[] = [];
  for (const form of forms) {
    const id = known.get(form);
    if (id === undefined) missing.push(form);
    ids.push(id ?? 0);
  }
  if (missing.length === 0) return ids;
  // Rows as [TfTextLC, TfID] arrays (raw): no object per form.
  const found = stmt(sqlite, 'SELECT TfTextLC, TfID FROM token_forms WHERE TfLgID = ? AND TfTextLC IN (SELECT value FROM json_each(?))')
    .raw(true)
    .all(languageId, JSON.stringify(missing)) as [string, number][];
  remember(cache, known, languageId, found);
  const absent = found.length === missing.length ? [] : missing.filter((f) => !known.has(f));
  if (absent.length) {
    // One statement for every new form, in the order given (json_each keeps array order), ids read back by text.
    const inserted = stmt(sqlite, 'INSERT INTO token_forms (TfLgID, TfTextLC) SELECT ?, value FROM json_each(?) RETURNING TfTextLC, TfID')
      .raw(true)
      .all(languageId, JSON.stringify(absent)) as [string, number][];
    remember(cache, known, languageId, inserted);
  }
  for (let k = 0; k < forms.length; k++) if (ids[k] === 0) ids[k] = known.get(forms[k])!;
  return ids;
}

/** The form id of one lowercased form, if the language has met it. */
export function findForm(sqlite: Sqlite, languageId: number, form: string): number | undefined {
  return stmt(sqlite, 'SELECT TfID FROM token_forms WHERE TfLgID = ? AND TfTextLC = ?').pluck().get(languageId, form) as number | undefined;
}
