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

/** Which of `texts` have a kept answer in the pair (any provider): one query for a whole text's sentences. */
export function keptAmong(sqlite: Sqlite, user: CurrentUser, texts: readonly string[], source: string, target: string): Set<string> {
  const rows = stmt(
    sqlite,
    `SELECT DISTINCT TrText FROM translations
      WHERE TrText IN (SELECT value FROM json_each(@texts)) AND TrSource = @source AND TrTarget = @target AND ${ownerSql('TrUsID')}`,
  ).all({ texts: JSON.stringify(texts), source, target, owner: ownerOf(user) }) as { TrText: string }[];
  return new Set(rows.map((r) => r.TrText));
}

export interface KeptRow {
  TrID: number;
  TrText: string;
  TrSource: string;
  TrTarget: string;
  TrProvider: string;
  TrTranslation: string;
  TrCreated: number;
}

/** A page of the caller's kept answers, newest first; `like` (an escaped LIKE pattern) matches the key or the answer. */
export function listAnswers(sqlite: Sqlite, user: CurrentUser, like: string | null, limit: number, offset: number): { rows: KeptRow[]; total: number } {
  const where = `${ownerSql('TrUsID')}${like ? " AND (TrText LIKE @like ESCAPE '\\' OR TrTranslation LIKE @like ESCAPE '\\')" : ''}`;
  const params = { owner: ownerOf(user), like };
  const rows = stmt(
    sqlite,
    `SELECT TrID, TrText, TrSource, TrTarget, TrProvider, TrTranslation, TrCreated FROM translations WHERE ${where} ORDER BY TrID DESC LIMIT @limit OFFSET @offset`,
  ).all({ ...params, limit, offset }) as KeptRow[];
  const total = (stmt(sqlite, `SELECT COUNT(*) AS n FROM translations WHERE ${where}`).get(params) as { n: number }).n;
  return { rows, total };
}

export function deleteAnswer(sqlite: Sqlite, user: CurrentUser, id: number): number {
  return stmt(sqlite, `DELETE FROM translations WHERE TrID = @id AND ${ownerSql('TrUsID')}`).run({ id, owner: ownerOf(user) }).changes;
}

/** A slice of one of the caller's texts' sentences, by SeOrder from `from` on (reads texts' rows, writes nothing). */
export function textSentenceSlice(sqlite: Sqlite, user: CurrentUser, textId: number, from: number, limit: number): { SeID: number; SeOrder: number }[] {
  return stmt(
    sqlite,
    `SELECT SeID, SeOrder FROM sentences JOIN texts ON TxID = SeTxID
      WHERE SeTxID = @textId AND SeOrder >= @from AND ${ownerSql('TxUsID')} ORDER BY SeOrder LIMIT @limit`,
  ).all({ textId, from, limit, owner: ownerOf(user) }) as { SeID: number; SeOrder: number }[];
}

/** How many sentences one of the caller's texts has, in all or before SeOrder `before`. */
export function textSentenceCount(sqlite: Sqlite, user: CurrentUser, textId: number, before = Number.MAX_SAFE_INTEGER): number {
  return (
    stmt(sqlite, `SELECT COUNT(*) AS n FROM sentences JOIN texts ON TxID = SeTxID WHERE SeTxID = @textId AND SeOrder < @before AND ${ownerSql('TxUsID')}`).get({
      textId,
      before,
      owner: ownerOf(user),
    }) as { n: number }
  ).n;
}
