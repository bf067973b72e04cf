// Runs in: main. The analysis module's one query: the terms the multi-word index (multiword-index.ts) is built
// from. A read of the terms module's table, owner-scoped.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

/** The caller's terms of a language that may be multi-word: WoWordCount > 1, or every term when `all`. */
export function multiwordCandidates(sqlite: Sqlite, user: CurrentUser, languageId: number, all: boolean): { WoID: number; WoTextLC: string }[] {
  // Two statements, not `(WoWordCount > 1 OR @all)`: the literal condition lets the partial index words_multiword
  // serve a spaced language without reading its (possibly a million) single words.
  const sql = all
    ? `SELECT WoID, WoTextLC FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')}`
    : `SELECT WoID, WoTextLC FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoWordCount > 1`;
  return stmt(sqlite, sql).all({ lg: languageId, owner: ownerOf(user) }) as { WoID: number; WoTextLC: string }[];
}
