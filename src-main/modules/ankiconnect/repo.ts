// Runs in: main. SQL of the AnkiConnect server: reads only (terms, languages and media are written by their own
// modules). An Anki search becomes one owner-scoped query over words (search.ts builds its condition); a term's
// note id is WoNoteID (its creation time in milliseconds, schema/terms.ts).
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

/** A search compiled to SQL (search.ts): a condition on words and its parameters. */
export interface CompiledSearch {
  where: string;
  params: Record<string, unknown>;
}

/**
 * The caller's note ids (WoNoteID) matching a compiled search, in note id order. With `window`, only terms whose
 * WoID lies in (after, upTo]: a search no index serves is read a window of ids at a time, each a rowid range, so
 * one call never holds the server for the whole library. The owner test is '+'-prefixed: on words_owner it would
 * read every term of a single-user library.
 */
export function findNoteIds(sqlite: Sqlite, user: CurrentUser, search: CompiledSearch, limit: number, window?: { after: number; upTo: number }): number[] {
  const range = window ? 'WoID > @after AND WoID <= @upTo AND ' : '';
  const sql = `SELECT WoNoteID FROM words WHERE ${range}${ownerSql('+WoUsID')} AND (${search.where}) ORDER BY WoNoteID LIMIT @limit`;
  return stmt(sqlite, sql)
    .pluck()
    .all({ ...search.params, ...window, owner: ownerOf(user), limit }) as number[];
}

/** The caller's terms of these note ids (a foreign or unknown id is simply absent): note id → term id. */
export function termIdsOfNotes(sqlite: Sqlite, user: CurrentUser, noteIds: readonly number[]): Map<number, number> {
  const rows = stmt(sqlite, `SELECT WoNoteID, WoID FROM words WHERE WoNoteID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('+WoUsID')}`).all({
    ids: JSON.stringify(noteIds),
    owner: ownerOf(user),
  }) as { WoNoteID: number; WoID: number }[];
  return new Map(rows.map((r) => [r.WoNoteID, r.WoID]));
}

/** The note ids of the caller's terms: term id → note id. */
export function noteIdsOfTerms(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[]): Map<number, number> {
  const rows = stmt(sqlite, `SELECT WoID, WoNoteID FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('+WoUsID')}`).all({
    ids: JSON.stringify(termIds),
    owner: ownerOf(user),
  }) as { WoID: number; WoNoteID: number }[];
  return new Map(rows.map((r) => [r.WoID, r.WoNoteID]));
}

/** The highest term id (any owner's): where a windowed search stops. */
export const maxTermId = (sqlite: Sqlite): number => (stmt(sqlite, 'SELECT max(WoID) AS m FROM words').get() as { m: number | null }).m ?? 0;

/**
 * The caller's term with this text (lower case) in one of these languages: one seek of the (language, text) key
 * per language, so the collection-wide duplicate check of Yomitan costs a few index probes, never a scan.
 */
export function termIdByText(sqlite: Sqlite, user: CurrentUser, languageIds: number | readonly number[], textLC: string): number | undefined {
  const find = stmt(sqlite, `SELECT WoID FROM words WHERE WoLgID = @lg AND WoTextLC = @lc AND ${ownerSql('+WoUsID')}`);
  for (const lg of typeof languageIds === 'number' ? [languageIds] : languageIds) {
    const row = find.get({ lg, lc: textLC, owner: ownerOf(user) }) as { WoID: number } | undefined;
    if (row) return row.WoID;
  }
  return undefined;
}

/** The caller's newest media file stored under this name (storeMediaFile's name, what a note's fields name). */
export function mediaIdByFileName(sqlite: Sqlite, user: CurrentUser, filename: string): { MfID: string; MfType: string } | undefined {
  return stmt(
    sqlite,
    `SELECT MfID, MfType FROM media_files WHERE MfFileName = @name AND ${ownerSql('MfUsID')} ORDER BY MfCreated DESC, rowid DESC LIMIT 1`,
  ).get({ name: filename, owner: ownerOf(user) }) as { MfID: string; MfType: string } | undefined;
}
