// Runs in: main. SQL of imports from other tools: what already exists (languages by name, texts, feeds). The rows
// themselves are stored by their owners (texts, text-tags, feeds); and the move-in journal (db/schema/migrate.ts,
// this module's tables: interrupted.ts). Every statement is owner-scoped but the start's look for interrupted moves.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

export function languageByName(sqlite: Sqlite, user: CurrentUser, name: string): { LgID: number; LgName: string } | undefined {
  return stmt(
    sqlite,
    `SELECT LgID, LgName FROM languages WHERE lower(LgName) = lower(@name) AND ${ownerSql('LgUsID')} ORDER BY LgName = @name DESC LIMIT 1`,
  ).get({
    name,
    owner: ownerOf(user),
  }) as { LgID: number; LgName: string } | undefined;
}

export function textExists(sqlite: Sqlite, user: CurrentUser, languageId: number, title: string, text: string): boolean {
  return !!stmt(sqlite, `SELECT 1 FROM texts WHERE TxLgID = @languageId AND TxTitle = @title AND TxText = @text AND ${ownerSql('TxUsID')} LIMIT 1`).get({
    languageId,
    title,
    text,
    owner: ownerOf(user),
  });
}

export function feedExists(sqlite: Sqlite, user: CurrentUser, languageId: number, uri: string): boolean {
  return !!stmt(sqlite, `SELECT 1 FROM news_feeds WHERE NfLgID = @languageId AND NfSourceURI = @uri AND ${ownerSql('NfUsID')} LIMIT 1`).get({
    languageId,
    uri,
    owner: ownerOf(user),
  });
}

// ---- The move-in journal ----------------------------------------------------------------------------

export interface MoveRow {
  MvID: number;
  MvUsID: number | null;
  MvSource: 'lwt' | 'lute';
  MvState: 'moving' | 'undone';
  MvLanguages: string;
  MvTermsRemoved: number;
  MvStarted: number;
}

export function insertMove(sqlite: Sqlite, user: CurrentUser, source: 'lwt' | 'lute', languages: readonly number[], now: number): number {
  return Number(
    stmt(sqlite, 'INSERT INTO move_ins (MvUsID, MvSource, MvLanguages, MvStarted) VALUES (?, ?, ?, ?)').run(
      ownerOf(user),
      source,
      JSON.stringify(languages),
      now,
    ).lastInsertRowid,
  );
}

export function addMoveTerms(sqlite: Sqlite, moveId: number, termIds: readonly number[]): void {
  const insert = stmt(sqlite, 'INSERT INTO move_in_terms (MtMvID, MtWoID) VALUES (?, ?)');
  for (const id of termIds) insert.run(moveId, id);
}

/** The move is whole (or undone in-process): it leaves no trace (its terms' rows go with it, ON DELETE CASCADE). */
export function deleteMove(sqlite: Sqlite, moveId: number): void {
  stmt(sqlite, 'DELETE FROM move_ins WHERE MvID = ?').run(moveId);
}

/** The owner's notices of undone moves go once a new move starts or the learner has read them. */
export function deleteUndoneMoves(sqlite: Sqlite, user: CurrentUser): void {
  stmt(sqlite, `DELETE FROM move_ins WHERE MvState = 'undone' AND ${ownerSql('MvUsID')}`).run({ owner: ownerOf(user) });
}

/** Moves a killed run left 'moving' (everyone's): at start, before any move of this run begins. */
export function interruptedMoves(sqlite: Sqlite): MoveRow[] {
  return stmt(sqlite, "SELECT * FROM move_ins WHERE MvState = 'moving' ORDER BY MvID").all() as MoveRow[];
}

export function move(sqlite: Sqlite, moveId: number): MoveRow | undefined {
  return stmt(sqlite, 'SELECT * FROM move_ins WHERE MvID = ?').get(moveId) as MoveRow | undefined;
}

/** Up to `limit` of the terms the move created, still to delete. */
export function moveTerms(sqlite: Sqlite, moveId: number, limit: number): number[] {
  return stmt(sqlite, 'SELECT MtWoID FROM move_in_terms WHERE MtMvID = ? ORDER BY rowid LIMIT ?').pluck().all(moveId, limit) as number[];
}

export function forgetMoveTerms(sqlite: Sqlite, moveId: number, termIds: readonly number[]): void {
  const del = stmt(sqlite, 'DELETE FROM move_in_terms WHERE MtMvID = ? AND MtWoID = ?');
  for (const id of termIds) del.run(moveId, id);
}

export function markUndone(sqlite: Sqlite, moveId: number, termsRemoved: number): void {
  stmt(sqlite, "UPDATE move_ins SET MvState = 'undone', MvTermsRemoved = MvTermsRemoved + ? WHERE MvID = ?").run(termsRemoved, moveId);
}

export function undoneMoves(sqlite: Sqlite, user: CurrentUser): MoveRow[] {
  return stmt(sqlite, `SELECT * FROM move_ins WHERE MvState = 'undone' AND ${ownerSql('MvUsID')} ORDER BY MvID`).all({ owner: ownerOf(user) }) as MoveRow[];
}
