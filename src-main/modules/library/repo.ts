// Runs in: main. Read-only SQL the library needs: the learner's single-word terms of a language (coverage of a
// library book, reader level). Owner-scoped.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

/** Lower-cased single-word terms with their status. */
export function termStatuses(sqlite: Sqlite, user: CurrentUser, languageId: number): Map<string, number> {
  const rows = stmt(sqlite, `SELECT WoTextLC, WoStatus FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoWordCount = 1`).all({
    lg: languageId,
    owner: ownerOf(user),
  }) as { WoTextLC: string; WoStatus: number }[];
  return new Map(rows.map((r) => [r.WoTextLC, r.WoStatus]));
}

/** Terms with status 5 (learned), 98 (ignored) or 99 (well known). */
export function vocabularySize(sqlite: Sqlite, user: CurrentUser, languageId: number): number {
  return (
    stmt(sqlite, `SELECT COUNT(*) AS n FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoStatus IN (5, 98, 99)`).get({
      lg: languageId,
      owner: ownerOf(user),
    }) as { n: number }
  ).n;
}
