// Runs in: main. SQL of sentence timings (text_timings), reached through the owned parent text.
import type { Sqlite } from '../../db/connection';
import { insertManyFlat, ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

export interface TimingRow {
  order: number;
  start: number;
  end: number;
  text: string;
}

/** A sentence as a span of its text: SeOrder, SeStart, SeLength. */
export interface SentenceSpanRow {
  order: number;
  from: number;
  length: number;
}

/** The text's TxText and its sentence spans (SeOrder, SeStart, SeLength) when the caller owns it. */
export function textWithSentences(sqlite: Sqlite, user: CurrentUser, textId: number): { text: string; sentences: SentenceSpanRow[] } | undefined {
  const text = stmt(sqlite, `SELECT TxText FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}`)
    .pluck()
    .get({ id: textId, owner: ownerOf(user) }) as string | undefined;
  if (text === undefined) return undefined;
  const sentences = stmt(sqlite, 'SELECT SeOrder AS "order", SeStart AS "from", SeLength AS length FROM sentences WHERE SeTxID = @id ORDER BY SeOrder').all({
    id: textId,
  }) as SentenceSpanRow[];
  return { text, sentences };
}

export function selectTimings(sqlite: Sqlite, user: CurrentUser, textId: number): TimingRow[] {
  return stmt(
    sqlite,
    `SELECT TmOrder AS "order", TmStart AS start, TmEnd AS "end", TmText AS text FROM text_timings JOIN texts ON TxID = TmTxID
     WHERE TmTxID = @id AND ${ownerSql('TxUsID')} ORDER BY TmOrder`,
  ).all({ id: textId, owner: ownerOf(user) }) as TimingRow[];
}

/** Replaces every timing of a text (the caller checked ownership). */
export function replaceTimings(sqlite: Sqlite, textId: number, rows: readonly TimingRow[]): void {
  stmt(sqlite, 'DELETE FROM text_timings WHERE TmTxID = ?').run(textId);
  const values: (number | string)[] = [];
  for (const r of rows) values.push(r.order, r.start, r.end, r.text);
  insertManyFlat(sqlite, 'INSERT INTO text_timings (TmTxID, TmOrder, TmStart, TmEnd, TmText)', '(@tx, ?, ?, ?, ?)', 4, values, { tx: textId });
}

export function hasTimings(sqlite: Sqlite, textId: number): boolean {
  return stmt(sqlite, 'SELECT 1 FROM text_timings WHERE TmTxID = ? LIMIT 1').pluck().get(textId) !== undefined;
}
