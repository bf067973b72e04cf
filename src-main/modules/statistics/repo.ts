// Runs in: main. SQL for activity: per-day counters (upserted), and the read-only figures the dashboard shows.
import type { Sqlite } from '../../db/connection';
import { ownerSql } from '../../db/scope';
import { stmt } from '../../db/sql';
import type { DayCounts } from '../../../src-shared/activity/streak';

export interface ActivityIncrement {
  termsCreated?: number;
  termsReviewed?: number;
  textsRead?: number;
  markedKnown?: number;
  markedIgnored?: number;
  wordsRead?: number;
  readingSeconds?: number;
}

/** Adds to the owner's counters of `date`, creating the day's row on first use (unique on owner and date). */
export function addActivity(sqlite: Sqlite, owner: number | null, date: string, inc: ActivityIncrement): void {
  stmt(
    sqlite,
    `INSERT INTO activity_log (AcUsID, AcDate, AcTermsCreated, AcTermsReviewed, AcTextsRead, AcTermsMarkedKnown, AcTermsMarkedIgnored, AcWordsRead, AcReadingSeconds)
       VALUES (@owner, @date, @created, @reviewed, @read, @known, @ignored, @words, @seconds)
       ON CONFLICT (ifnull(AcUsID, 0), AcDate) DO UPDATE SET AcTermsCreated = AcTermsCreated + excluded.AcTermsCreated,
         AcTermsReviewed = AcTermsReviewed + excluded.AcTermsReviewed, AcTextsRead = AcTextsRead + excluded.AcTextsRead,
         AcTermsMarkedKnown = AcTermsMarkedKnown + excluded.AcTermsMarkedKnown, AcTermsMarkedIgnored = AcTermsMarkedIgnored + excluded.AcTermsMarkedIgnored,
         AcWordsRead = AcWordsRead + excluded.AcWordsRead, AcReadingSeconds = AcReadingSeconds + excluded.AcReadingSeconds`,
  ).run({
    owner,
    date,
    created: inc.termsCreated ?? 0,
    reviewed: inc.termsReviewed ?? 0,
    read: inc.textsRead ?? 0,
    known: inc.markedKnown ?? 0,
    ignored: inc.markedIgnored ?? 0,
    words: inc.wordsRead ?? 0,
    seconds: inc.readingSeconds ?? 0,
  });
}

/**
 * Notes that an owned text was finished on `date`; true the first time per text and day (only then it counts).
 * A text the owner does not have writes nothing.
 */
export function markTextRead(sqlite: Sqlite, owner: number | null, textId: number, date: string): boolean {
  return (
    stmt(sqlite, `INSERT OR IGNORE INTO activity_texts_read (AtTxID, AtDate) SELECT TxID, @date FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}`).run({
      id: textId,
      date,
      owner,
    }).changes === 1
  );
}

/** Takes back markTextRead for that day; true when the text had counted then. */
export function unmarkTextRead(sqlite: Sqlite, owner: number | null, textId: number, date: string): boolean {
  return (
    stmt(sqlite, `DELETE FROM activity_texts_read WHERE AtDate = @date AND AtTxID = (SELECT TxID FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')})`).run({
      id: textId,
      date,
      owner,
    }).changes === 1
  );
}

/** Running words of an owned text: its single-word occurrences (multi-word terms are extra rows, not extra words). */
export function runningWords(sqlite: Sqlite, owner: number | null, textId: number): number {
  const row = stmt(
    sqlite,
    `SELECT COUNT(*) AS n FROM word_occurrences WHERE Ti2TxID = (SELECT TxID FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}) AND Ti2WordCount = 1`,
  ).get({ id: textId, owner }) as { n: number };
  return row.n;
}

const DAY_COLUMNS =
  'AcDate AS date, AcTermsCreated AS termsCreated, AcTermsReviewed AS termsReviewed, AcTextsRead AS textsRead, AcTermsMarkedKnown AS markedKnown, AcTermsMarkedIgnored AS markedIgnored, ' +
  'AcWordsRead AS wordsRead, AcReadingSeconds AS readingSeconds';

/** The owner's days from `from` to `to` inclusive (day keys compare as strings), oldest first. */
export function activityBetween(sqlite: Sqlite, owner: number | null, from: string, to: string): DayCounts[] {
  return stmt(sqlite, `SELECT ${DAY_COLUMNS} FROM activity_log WHERE ${ownerSql('AcUsID')} AND AcDate BETWEEN @from AND @to ORDER BY AcDate`).all({
    owner,
    from,
    to,
  }) as DayCounts[];
}

/** Every active day of the owner (for streaks): one row per day, so a few thousand rows at most. */
export function activeDays(sqlite: Sqlite, owner: number | null): DayCounts[] {
  return stmt(
    sqlite,
    `SELECT ${DAY_COLUMNS} FROM activity_log WHERE ${ownerSql('AcUsID')} AND AcTermsCreated + AcTermsReviewed + AcTextsRead > 0 ORDER BY AcDate`,
  ).all({ owner }) as DayCounts[];
}

export function activityOn(sqlite: Sqlite, owner: number | null, date: string): DayCounts | undefined {
  return stmt(sqlite, `SELECT ${DAY_COLUMNS} FROM activity_log WHERE ${ownerSql('AcUsID')} AND AcDate = @date`).get({ owner, date }) as DayCounts | undefined;
}

export interface StatusCountRow {
  LgID: number;
  LgName: string;
  WoStatus: number | null;
  n: number;
}

/** Terms per language and status; languages without terms appear once with a null status. */
export function termsByLanguageAndStatus(sqlite: Sqlite, owner: number | null): StatusCountRow[] {
  return stmt(
    sqlite,
    `SELECT LgID, LgName, WoStatus, COUNT(WoID) AS n FROM languages LEFT JOIN words ON WoLgID = LgID AND ${ownerSql('WoUsID')}
       WHERE ${ownerSql('LgUsID')} GROUP BY LgID, WoStatus ORDER BY LgName, WoStatus`,
  ).all({ owner }) as StatusCountRow[];
}

export interface ContinueRow {
  TxID: number;
  TxTitle: string;
  TxLgID: number;
  LgName: string;
  TxOpenedAt: number;
  TxPosition: number;
  TxFinishedAt: number | null;
  lastOrder: number | null;
}

/** The texts opened most recently (any, finished or not, unless archived), most recent first: Home's list. */
export function recentlyOpened(sqlite: Sqlite, owner: number | null, limit: number): ContinueRow[] {
  return stmt(
    sqlite,
    `SELECT TxID, TxTitle, TxLgID, LgName, TxOpenedAt, TxPosition, TxFinishedAt,
         (SELECT MAX(Ti2Order) FROM word_occurrences WHERE Ti2TxID = TxID) AS lastOrder
       FROM texts JOIN languages ON LgID = TxLgID
       WHERE ${ownerSql('TxUsID')} AND TxOpenedAt IS NOT NULL AND TxArchived = 0
       ORDER BY TxOpenedAt DESC, TxID DESC LIMIT @limit`,
  ).all({ owner, limit }) as ContinueRow[];
}

/** The most recently opened text that is neither finished nor archived. */
export function continueReading(sqlite: Sqlite, owner: number | null): ContinueRow | undefined {
  return stmt(
    sqlite,
    `SELECT TxID, TxTitle, TxLgID, LgName, TxOpenedAt, TxPosition, TxFinishedAt,
         (SELECT MAX(Ti2Order) FROM word_occurrences WHERE Ti2TxID = TxID) AS lastOrder
       FROM texts JOIN languages ON LgID = TxLgID
       WHERE ${ownerSql('TxUsID')} AND TxOpenedAt IS NOT NULL AND TxFinishedAt IS NULL AND TxArchived = 0
       ORDER BY TxOpenedAt DESC, TxID DESC LIMIT 1`,
  ).get({ owner }) as ContinueRow | undefined;
}

/** When each single-word term now known (5) or well known (99) reached that status, oldest first. */
export function knownSince(sqlite: Sqlite, owner: number | null, languageId: number | null): number[] {
  return (
    stmt(
      sqlite,
      `SELECT WoStatusChanged AS t FROM words
        WHERE ${ownerSql('WoUsID')} AND WoStatus IN (5, 99) AND WoWordCount = 1 AND (@language IS NULL OR WoLgID = @language)
        ORDER BY WoStatusChanged`,
    ).all({ owner, language: languageId }) as { t: number }[]
  ).map((r) => r.t);
}
