// Runs in: main. SQL for review: the due queue per scope, counts, the answer's status write, FSRS rows.
// Hot paths use cached prepared statements; every query on words is scoped with ownerSql('WoUsID').
import type { TermDto } from '../../../src-shared/contract/terms';
import type { Sqlite } from '../../db/connection';
import { stmt } from '../../db/sql';
import { ownerSql } from '../../db/scope';
import type { LearningStatus } from '../../../src-shared/review/due';
import type { ResolvedScope, TableWord } from '../../../src-shared/contract/review';

/** Terms a review can ask: a translation to show or to ask for (LWT skips empty and "*" translations too). */
const ASKABLE = `WoTranslation NOT IN ('', '*')`;

/** The WHERE part selecting a scope's terms, and its named parameters. Text ownership is checked before. */
function scopeWhere(scope: ResolvedScope): { sql: string; params: Record<string, unknown> } {
  switch (scope.kind) {
    case 'language':
      return { sql: `WoLgID = @lang AND ${ownerSql('WoUsID')}`, params: { lang: scope.languageId } };
    case 'text':
      return {
        sql: `WoLgID = @lang AND ${ownerSql('WoUsID')} AND WoID IN (SELECT Ti2WoID FROM word_occurrences WHERE Ti2TxID = @text AND Ti2WoID IS NOT NULL)`,
        params: { lang: scope.languageId, text: scope.textId },
      };
    case 'selection':
      return { sql: `${ownerSql('WoUsID')} AND WoID IN (SELECT value FROM json_each(@ids))`, params: { ids: JSON.stringify(scope.termIds) } };
  }
}

export type Thresholds = Record<LearningStatus, number>;
const thresholdParams = (t: Thresholds) => ({ t1: t[1], t2: t[2], t3: t[3], t4: t[4], t5: t[5] });
/** A term never answered in a review (no review_log row): a new status-1 term is due at once (issue 20). */
const NEVER_REVIEWED = `NOT EXISTS (SELECT 1 FROM review_log WHERE RlWoID = WoID)`;
const DUE = `(WoStatus = 1 AND (WoStatusChanged < @t1 OR ${NEVER_REVIEWED}) OR WoStatus = 2 AND WoStatusChanged < @t2 OR WoStatus = 3 AND WoStatusChanged < @t3
  OR WoStatus = 4 AND WoStatusChanged < @t4 OR WoStatus = 5 AND WoStatusChanged < @t5)`;

export type CardRow = Pick<
  TermDto,
  'WoID' | 'WoLgID' | 'WoText' | 'WoTranslation' | 'WoRomanization' | 'WoNotes' | 'WoStatus' | 'WoStatusChanged' | 'WoSentence'
> & { LgName: string; LgRightToLeft: number };
const CARD_COLUMNS = `WoID, WoLgID, WoText, WoTranslation, WoRomanization, WoNotes, WoStatus, WoStatusChanged, WoSentence, LgName, LgRightToLeft`;

/**
 * The next due term: lowest status first (the most fragile memories), then the longest waiting. One index range
 * per status (words_language_status), so the first hit is found without sorting the whole due set.
 */
export function nextDueTerm(sqlite: Sqlite, owner: number | null, scope: ResolvedScope, thresholds: Thresholds): CardRow | undefined {
  const where = scopeWhere(scope);
  const s = stmt(
    sqlite,
    `SELECT ${CARD_COLUMNS} FROM words JOIN languages ON LgID = WoLgID
     WHERE ${where.sql} AND WoStatus = @status AND WoStatusChanged < @threshold AND ${ASKABLE}
     ORDER BY WoStatusChanged, WoID LIMIT 1`,
  );
  // Status 1 has its own statement: waiting past its interval, or new (never reviewed) and so due at once.
  const first = stmt(
    sqlite,
    `SELECT ${CARD_COLUMNS} FROM words JOIN languages ON LgID = WoLgID
     WHERE ${where.sql} AND WoStatus = 1 AND (WoStatusChanged < @threshold OR ${NEVER_REVIEWED}) AND ${ASKABLE}
     ORDER BY WoStatusChanged, WoID LIMIT 1`,
  ).get({ ...where.params, owner, threshold: thresholds[1] }) as CardRow | undefined;
  if (first) return first;
  for (const status of [2, 3, 4, 5] as const) {
    const row = s.get({ ...where.params, owner, status, threshold: thresholds[status] }) as CardRow | undefined;
    if (row) return row;
  }
  return undefined;
}

/** Per learning status, the oldest status change among the scope's askable terms (when the next ones fall due). */
export function oldestChangeByStatus(sqlite: Sqlite, owner: number | null, scope: ResolvedScope): { status: LearningStatus; changed: number }[] {
  const where = scopeWhere(scope);
  return stmt(
    sqlite,
    `SELECT WoStatus AS status, MIN(WoStatusChanged) AS changed FROM words WHERE ${where.sql} AND WoStatus BETWEEN 1 AND 5 AND ${ASKABLE} GROUP BY WoStatus`,
  ).all({ ...where.params, owner }) as { status: LearningStatus; changed: number }[];
}

/** Practice: the next learning term of the scope not answered since `since`, due or not, same order. */
export function nextPracticeTerm(sqlite: Sqlite, owner: number | null, scope: ResolvedScope, since: number): CardRow | undefined {
  const where = scopeWhere(scope);
  return stmt(
    sqlite,
    `SELECT ${CARD_COLUMNS} FROM words JOIN languages ON LgID = WoLgID
     WHERE ${where.sql} AND WoStatus BETWEEN 1 AND 5 AND WoStatusChanged < @since AND ${ASKABLE}
     ORDER BY WoStatus, WoStatusChanged, WoID LIMIT 1`,
  ).get({ ...where.params, owner, since }) as CardRow | undefined;
}

/**
 * Due terms of the scope. `cap` stops counting early: every due row costs a table lookup (the translation test),
 * so the per-card "remaining" figure is capped while review/config counts exactly once per session.
 */
export function countDue(sqlite: Sqlite, owner: number | null, scope: ResolvedScope, thresholds: Thresholds, cap = -1): number {
  const where = scopeWhere(scope);
  const row = stmt(sqlite, `SELECT COUNT(*) AS n FROM (SELECT 1 FROM words WHERE ${where.sql} AND ${DUE} AND ${ASKABLE} LIMIT @cap)`).get({
    ...where.params,
    owner,
    cap,
    ...thresholdParams(thresholds),
  }) as { n: number };
  return row.n;
}

export function countPractice(sqlite: Sqlite, owner: number | null, scope: ResolvedScope, since: number, cap = -1): number {
  const where = scopeWhere(scope);
  return (
    stmt(
      sqlite,
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM words WHERE ${where.sql} AND WoStatus BETWEEN 1 AND 5 AND WoStatusChanged < @since AND ${ASKABLE} LIMIT @cap)`,
    ).get({ ...where.params, owner, since, cap }) as { n: number }
  ).n;
}

export function countLearning(sqlite: Sqlite, owner: number | null, scope: ResolvedScope): number {
  const where = scopeWhere(scope);
  return (
    stmt(sqlite, `SELECT COUNT(*) AS n FROM words WHERE ${where.sql} AND WoStatus BETWEEN 1 AND 5 AND ${ASKABLE}`).get({ ...where.params, owner }) as {
      n: number;
    }
  ).n;
}

/** Due terms per language of the owner, for the language chooser and the dashboard. */
export function countDueByLanguage(sqlite: Sqlite, owner: number | null, thresholds: Thresholds): Map<number, number> {
  const rows = stmt(sqlite, `SELECT WoLgID AS lang, COUNT(*) AS n FROM words WHERE ${ownerSql('WoUsID')} AND ${DUE} AND ${ASKABLE} GROUP BY WoLgID`).all({
    owner,
    ...thresholdParams(thresholds),
  }) as { lang: number; n: number }[];
  return new Map(rows.map((r) => [r.lang, r.n]));
}

/** A table-mode row as read; the service adds `due`. */
export type TableRow = Omit<TableWord, 'due'>;

/** The table mode's rows: due terms (or, when practising, every learning term not answered since `since`). */
export function tableTerms(
  sqlite: Sqlite,
  owner: number | null,
  scope: ResolvedScope,
  filter: { thresholds: Thresholds } | { since: number },
  limit: number,
): TableRow[] {
  const where = scopeWhere(scope);
  const due = 'thresholds' in filter;
  return stmt(
    sqlite,
    `SELECT WoID, WoText, WoTranslation, WoRomanization, WoSentence, WoStatus, WoStatusChanged FROM words
     WHERE ${where.sql} AND ${due ? DUE : 'WoStatus BETWEEN 1 AND 5 AND WoStatusChanged < @since'} AND ${ASKABLE}
     ORDER BY WoStatus, WoStatusChanged, WoID LIMIT @limit`,
  ).all({ ...where.params, owner, limit, ...(due ? thresholdParams(filter.thresholds) : { since: filter.since }) }) as TableRow[];
}

export interface ReviewLanguageRow {
  LgID: number;
  LgName: string;
  LgRightToLeft: number;
  LgTextSize: number;
  LgDict1URI: string;
  LgGoogleTranslateURI: string;
}

export function ownedLanguages(sqlite: Sqlite, owner: number | null): ReviewLanguageRow[] {
  return stmt(
    sqlite,
    `SELECT LgID, LgName, LgRightToLeft, LgTextSize, LgDict1URI, LgGoogleTranslateURI FROM languages WHERE ${ownerSql('LgUsID')} ORDER BY LgName`,
  ).all({ owner }) as ReviewLanguageRow[];
}

export function ownedText(sqlite: Sqlite, owner: number | null, textId: number): { TxID: number; TxLgID: number; TxTitle: string } | undefined {
  return stmt(sqlite, `SELECT TxID, TxLgID, TxTitle FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}`).get({ id: textId, owner }) as
    { TxID: number; TxLgID: number; TxTitle: string } | undefined;
}

export interface TermStatusRow {
  WoID: number;
  WoLgID: number;
  WoTextLC: string;
  WoWordCount: number;
  WoStatus: number;
}

export function ownedTerm(sqlite: Sqlite, owner: number | null, termId: number): TermStatusRow | undefined {
  return stmt(sqlite, `SELECT WoID, WoLgID, WoTextLC, WoWordCount, WoStatus FROM words WHERE WoID = @id AND ${ownerSql('WoUsID')}`).get({
    id: termId,
    owner,
  }) as TermStatusRow | undefined;
}

export interface ScheduleRow {
  TsWoID: number;
  TsStability: number;
  TsDifficulty: number;
  TsDue: number;
  TsState: number;
  TsReps: number;
  TsLapses: number;
  TsElapsedDays: number;
  TsScheduledDays: number;
  TsLearningSteps: number;
  TsLastReview: number | null;
}

/** The schedule of an owned term (reached through its word). */
export function ownedSchedule(sqlite: Sqlite, owner: number | null, termId: number): ScheduleRow | undefined {
  return stmt(sqlite, `SELECT term_schedules.* FROM term_schedules JOIN words ON WoID = TsWoID WHERE TsWoID = @id AND ${ownerSql('WoUsID')}`).get({
    id: termId,
    owner,
  }) as ScheduleRow | undefined;
}

/** Callers have checked that the term is owned. */
export function saveSchedule(sqlite: Sqlite, row: ScheduleRow): void {
  stmt(
    sqlite,
    `INSERT INTO term_schedules (TsWoID, TsStability, TsDifficulty, TsDue, TsState, TsReps, TsLapses, TsElapsedDays, TsScheduledDays, TsLearningSteps, TsLastReview)
     VALUES (@TsWoID, @TsStability, @TsDifficulty, @TsDue, @TsState, @TsReps, @TsLapses, @TsElapsedDays, @TsScheduledDays, @TsLearningSteps, @TsLastReview)
     ON CONFLICT(TsWoID) DO UPDATE SET TsStability = excluded.TsStability, TsDifficulty = excluded.TsDifficulty, TsDue = excluded.TsDue,
       TsState = excluded.TsState, TsReps = excluded.TsReps, TsLapses = excluded.TsLapses, TsElapsedDays = excluded.TsElapsedDays,
       TsScheduledDays = excluded.TsScheduledDays, TsLearningSteps = excluded.TsLearningSteps, TsLastReview = excluded.TsLastReview`,
  ).run(row);
}

export interface ReviewLogRow {
  RlWoID: number;
  RlReviewedAt: number;
  RlStatusFrom: number;
  RlStatusTo: number;
  RlRating: number;
  RlState: number;
  RlStability: number;
  RlDifficulty: number;
  RlDue: number;
  RlElapsedDays: number;
  RlScheduledDays: number;
  RlMode: string;
}

export function insertReviewLog(sqlite: Sqlite, row: ReviewLogRow): void {
  stmt(
    sqlite,
    `INSERT INTO review_log (RlWoID, RlReviewedAt, RlStatusFrom, RlStatusTo, RlRating, RlState, RlStability, RlDifficulty, RlDue, RlElapsedDays, RlScheduledDays, RlMode)
     VALUES (@RlWoID, @RlReviewedAt, @RlStatusFrom, @RlStatusTo, @RlRating, @RlState, @RlStability, @RlDifficulty, @RlDue, @RlElapsedDays, @RlScheduledDays, @RlMode)`,
  ).run(row);
}

export function ownedReviewLog(sqlite: Sqlite, owner: number | null, termId: number, limit: number): ReviewLogRow[] {
  return stmt(
    sqlite,
    `SELECT review_log.* FROM review_log JOIN words ON WoID = RlWoID WHERE RlWoID = @id AND ${ownerSql('WoUsID')}
     ORDER BY RlReviewedAt DESC, RlID DESC LIMIT @limit`,
  ).all({ id: termId, owner, limit }) as ReviewLogRow[];
}
