// Runs in: main. All SQL of the translation module: the cache of answers (table translations).
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

export interface CachedRow {
  TrProvider: string;
  TrTranslation: string;
}

/** Every provider's cached answer for one sentence and language pair. */
export function cachedAnswers(sqlite: Sqlite, user: CurrentUser, text: string, source: string, target: string): CachedRow[] {
  return stmt(
    sqlite,
    `SELECT TrProvider, TrTranslation FROM translations
      WHERE TrText = @text AND TrSource = @source AND TrTarget = @target AND ${ownerSql('TrUsID')} ORDER BY TrID DESC`,
  ).all({ text, source, target, owner: ownerOf(user) }) as CachedRow[];
}

/** Keeps one answer per sentence, pair and provider: a new one replaces the old. */
export function storeAnswer(
  sqlite: Sqlite,
  user: CurrentUser,
  row: { text: string; source: string; target: string; provider: string; translation: string; created: number },
): void {
  const owner = ownerOf(user);
  stmt(
    sqlite,
    `DELETE FROM translations WHERE TrText = @text AND TrSource = @source AND TrTarget = @target AND TrProvider = @provider AND ${ownerSql('TrUsID')}`,
  ).run({ text: row.text, source: row.source, target: row.target, provider: row.provider, owner });
  stmt(
    sqlite,
    `INSERT INTO translations (TrUsID, TrText, TrSource, TrTarget, TrProvider, TrTranslation, TrCreated)
     VALUES (@owner, @text, @source, @target, @provider, @translation, @created)`,
  ).run({ ...row, owner });
}

export function countAnswers(sqlite: Sqlite, user: CurrentUser): number {
  return (stmt(sqlite, `SELECT COUNT(*) AS n FROM translations WHERE ${ownerSql('TrUsID')}`).get({ owner: ownerOf(user) }) as { n: number }).n;
}

export function clearAnswers(sqlite: Sqlite, user: CurrentUser): number {
  return stmt(sqlite, `DELETE FROM translations WHERE ${ownerSql('TrUsID')}`).run({ owner: ownerOf(user) }).changes;
}
