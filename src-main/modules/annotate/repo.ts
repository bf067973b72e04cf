// Runs in: main. SQL of the annotate module: the caller's terms of a language, read for display (the terms module
// owns and writes the table).
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, type CurrentUser } from '../../db/scope';
import { stmt } from '../../db/sql';

export interface TermRow {
  id: number;
  lc: string;
  status: number;
  translation: string;
  romanization: string;
}

/** The caller's single-word terms of a language whose WoTextLC is one of `texts`. */
export function singleWordTerms(sqlite: Sqlite, user: CurrentUser, languageId: number, texts: readonly string[]): TermRow[] {
  if (texts.length === 0) return [];
  return stmt(
    sqlite,
    `SELECT WoID AS id, WoTextLC AS lc, WoStatus AS status, WoTranslation AS translation, WoRomanization AS romanization FROM words
     WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoTextLC IN (SELECT value FROM json_each(@texts))`,
  ).all({ lg: languageId, owner: ownerOf(user), texts: JSON.stringify(texts) }) as TermRow[];
}

/** The caller's terms of a language by id (the multi-word terms the matcher found). */
export function termsById(sqlite: Sqlite, user: CurrentUser, languageId: number, ids: readonly number[]): TermRow[] {
  if (ids.length === 0) return [];
  return stmt(
    sqlite,
    `SELECT WoID AS id, WoTextLC AS lc, WoStatus AS status, WoTranslation AS translation, WoRomanization AS romanization FROM words
     WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoID IN (SELECT value FROM json_each(@ids))`,
  ).all({ lg: languageId, owner: ownerOf(user), ids: JSON.stringify(ids) }) as TermRow[];
}
