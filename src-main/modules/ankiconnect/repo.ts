// Runs in: main. SQL of the AnkiConnect server: reads only (terms, languages and media are written by their own
// modules). Anki searches become one owner-scoped query over words; each clause is a fixed SQL shape, so the
// statement cache keeps one prepared statement per query shape.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

/** A term column a field search compares against (lower-case text columns compare case-insensitively). */
export type SearchColumn = 'WoTextLC' | 'WoLemmaLC' | 'WoRomanization' | 'WoTranslation' | 'WoSentence' | 'WoNotes';

/** A search clause resolved against the library: decks are language ids, fields are columns. */
export type ResolvedClause =
  | { kind: 'languages'; ids: number[] }
  | { kind: 'ids'; ids: number[] }
  | { kind: 'since'; at: number }
  | { kind: 'equals'; column: SearchColumn; value: string }
  | { kind: 'like'; column: SearchColumn; pattern: string }
  | { kind: 'text'; pattern: string };

/** A clause that finds a handful of rows through an index of its own (the term's text, an id list). */
export const isSelective = (clauses: readonly ResolvedClause[]) =>
  clauses.some((c) => c.kind === 'ids' || (c.kind === 'equals' && c.column === 'WoTextLC' && clauses.some((l) => l.kind === 'languages')));

/**
 * The caller's term ids matching every clause, in id order (Anki answers note ids ascending). With `window`, only
 * terms whose id lies in (after, upTo]: a search no index serves (a word anywhere in the text or translation) is
 * read a window of ids at a time, each a rowid range, so one call never holds the server for the whole library.
 */
export function findTermIds(
  sqlite: Sqlite,
  user: CurrentUser,
  clauses: readonly ResolvedClause[],
  limit: number,
  window?: { after: number; upTo: number },
): number[] {
  // A term's text or an id list finds a handful of rows through its own index (words_language_text, the key): the
  // owner test then must not lure the planner onto words_owner, a scan of every term ('+' keeps it off that index).
  // A window is a rowid range: every other column is '+'-prefixed so no index walks the whole library instead.
  const selective = isSelective(clauses);
  const plain = window !== undefined;
  const where: string[] = [ownerSql(selective || plain ? '+WoUsID' : 'WoUsID')];
  const params: Record<string, unknown> = { owner: ownerOf(user), limit };
  if (window) {
    where.push('WoID > @after AND WoID <= @upTo');
    Object.assign(params, window);
  }
  const col = (name: string) => (plain ? `+${name}` : name);
  clauses.forEach((c, i) => {
    const p = `p${i}`;
    switch (c.kind) {
      case 'languages':
        if (c.ids.length === 1) {
          where.push(`${col('WoLgID')} = @${p}`);
          params[p] = c.ids[0];
        } else {
          where.push(`${col('WoLgID')} IN (SELECT value FROM json_each(@${p}))`);
          params[p] = JSON.stringify(c.ids);
        }
        break;
      case 'ids':
        where.push(`WoID IN (SELECT value FROM json_each(@${p}))`);
        params[p] = JSON.stringify(c.ids);
        break;
      case 'since':
        where.push(`${col('WoCreated')} >= @${p}`);
        params[p] = c.at;
        break;
      case 'equals':
        // Lower-case columns hold JS-lowered text (the caller lowers the value); others compare as LIKE without wildcards.
        where.push(c.column.endsWith('LC') ? `${col(c.column)} = @${p}` : `${c.column} LIKE @${p} ESCAPE '\\'`);
        params[p] = c.value;
        break;
      case 'like':
        where.push(`${c.column} LIKE @${p} ESCAPE '\\'`);
        params[p] = c.pattern;
        break;
      case 'text':
        where.push(`(WoText LIKE @${p} ESCAPE '\\' OR WoTranslation LIKE @${p} ESCAPE '\\')`);
        params[p] = c.pattern;
        break;
    }
  });
  const sql = `SELECT WoID FROM words WHERE ${where.join(' AND ')} ORDER BY WoID LIMIT @limit`;
  return (stmt(sqlite, sql).all(params) as { WoID: number }[]).map((r) => r.WoID);
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
