// Runs in: main. SQL of the reader's "family known" column: the caller's terms of a language by lowercased text.
import type { Sqlite } from '../../../db/connection';
import { ownerOf, ownerSql, type CurrentUser } from '../../../db/scope';
import { stmt } from '../../../db/sql';

/** Status of the caller's single-word terms of a language whose WoTextLC is one of `texts`. */
export function termStatusesByText(sqlite: Sqlite, user: CurrentUser, languageId: number, texts: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  if (texts.length === 0) return out;
  const rows = stmt(
    sqlite,
    `SELECT WoTextLC AS lc, WoStatus AS status FROM words
     WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoWordCount = 1 AND WoTextLC IN (SELECT value FROM json_each(@texts))`,
  ).all({ lg: languageId, owner: ownerOf(user), texts: JSON.stringify(texts) }) as { lc: string; status: number }[];
  for (const r of rows) out.set(r.lc, r.status);
  return out;
}
