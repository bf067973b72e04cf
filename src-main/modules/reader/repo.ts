// Runs in: main. The reader's SQL, all of it reads (the texts module owns and writes these tables): the reading
// views (GET /texts/{id}/words, the reader payload), the "family known" column, a text's ruby readings and the
// reader's "mark all" actions. Every query reaches a text's occurrences through the key prefix Ti2TxID; the text itself
// is the caller's (checked by the service before these run), terms are owner-scoped.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, type CurrentUser } from '../../db/scope';
import { stmt } from '../../db/sql';

/** [wordCount, Ti2Order, WoID, WoStatus, WoTextLC (multi-word rows only), translation?, romanization?] */
export type LinkedRow = [
  wordCount: number,
  order: number,
  termId: number,
  status: number,
  termLC: string | null,
  translation?: string | null,
  romanization?: string | null,
];

/**
 * The terms in a text, in one pass over its stored rows joined to words by primary key: single words one
 * row per form (the Ti2Order of its first occurrence names the form; every occurrence of a form has the
 * form's term, kept in step by terms.changed and the foreign key), multi-word rows one by one.
 */
const linkedTermsSql = (withHints: boolean) => `SELECT o.wc, o.ord, WoID, WoStatus, CASE WHEN o.wc > 1 THEN WoTextLC END
  ${withHints ? ", NULLIF(WoTranslation, ''), NULLIF(WoRomanization, '')" : ''} FROM (
    SELECT 1 AS wc, min(Ti2Order) AS ord, max(Ti2WoID) AS wo FROM word_occurrences
    WHERE Ti2TxID = @tx AND Ti2WordCount = 1 AND Ti2WoID IS NOT NULL GROUP BY Ti2TfID
    UNION ALL
    SELECT Ti2WordCount, Ti2Order, Ti2WoID FROM word_occurrences WHERE Ti2TxID = @tx AND Ti2WordCount > 1
  ) o CROSS JOIN words ON WoID = o.wo
  WHERE ${ownerSql('WoUsID')}`;
const LINKED_TERMS = linkedTermsSql(false);
const LINKED_TERMS_WITH_HINTS = linkedTermsSql(true);

export function linkedTerms(sqlite: Sqlite, user: CurrentUser, textId: number, withHints: boolean): LinkedRow[] {
  return stmt(sqlite, withHints ? LINKED_TERMS_WITH_HINTS : LINKED_TERMS)
    .raw()
    .all({ tx: textId, owner: ownerOf(user) }) as LinkedRow[];
}

/** [Ti2TfID, TfTextLC, Ti2Order of its first occurrence, WoID (0 = none), WoStatus (0 = none)] */
export type TextFormRow = [formId: number, formLC: string, order: number, termId: number, status: number];

/** Every single-word form of a text with its term (the GET /words payload keeps each form's id to read it again alone). */
export function textForms(sqlite: Sqlite, user: CurrentUser, textId: number): TextFormRow[] {
  return stmt(
    sqlite,
    `SELECT o.tf, TfTextLC, o.ord, coalesce(WoID, 0), coalesce(WoStatus, 0) FROM (
       SELECT Ti2TfID AS tf, min(Ti2Order) AS ord, max(Ti2WoID) AS wo FROM word_occurrences
       WHERE Ti2TxID = @tx AND Ti2WordCount = 1 GROUP BY Ti2TfID
     ) o CROSS JOIN token_forms ON TfID = o.tf
     LEFT JOIN words ON WoID = o.wo AND ${ownerSql('WoUsID')}`,
  )
    .raw()
    .all({ tx: textId, owner: ownerOf(user) }) as TextFormRow[];
}

/** The term of one form of a text now: [WoID, WoStatus], or undefined (an unknown word). One seek on (Ti2TxID, Ti2TfID). */
export function formTerm(sqlite: Sqlite, user: CurrentUser, textId: number, formId: number): [termId: number, status: number] | undefined {
  return stmt(
    sqlite,
    `SELECT WoID, WoStatus FROM word_occurrences CROSS JOIN words ON WoID = Ti2WoID
     WHERE Ti2TxID = @tx AND Ti2TfID = @tf AND Ti2WordCount = 1 AND ${ownerSql('WoUsID')} LIMIT 1`,
  )
    .raw()
    .get({ tx: textId, tf: formId, owner: ownerOf(user) }) as [number, number] | undefined;
}

/** A text's multi-word occurrences, in the order GET /words lists them: [wordCount, Ti2Order, WoID, WoStatus, WoTextLC]. */
export function multiwordRows(sqlite: Sqlite, user: CurrentUser, textId: number): LinkedRow[] {
  return stmt(
    sqlite,
    `SELECT Ti2WordCount, Ti2Order, WoID, WoStatus, WoTextLC FROM word_occurrences CROSS JOIN words ON WoID = Ti2WoID
     WHERE Ti2TxID = @tx AND Ti2WordCount > 1 AND ${ownerSql('WoUsID')}`,
  )
    .raw()
    .all({ tx: textId, owner: ownerOf(user) }) as LinkedRow[];
}

export interface ReaderLanguageRow {
  LgID: number;
  LgName: string;
  LgIsoCode: string;
  LgRightToLeft: number;
  LgSplitEachChar: number;
  LgTextSize: number;
  LgShowRomanization: number;
  LgDict1URI: string;
  LgDict2URI: string;
  LgGoogleTranslateURI: string;
  LgParserType: 'regex' | 'character' | 'morphological';
}

export function readerLanguage(sqlite: Sqlite, user: CurrentUser, languageId: number): ReaderLanguageRow | undefined {
  return stmt(
    sqlite,
    `SELECT LgID, LgName, LgIsoCode, LgRightToLeft, LgTextSize, LgShowRomanization, LgDict1URI, LgDict2URI, LgGoogleTranslateURI, LgParserType, LgSplitEachChar
     FROM languages WHERE LgID = @id AND ${ownerSql('LgUsID')}`,
  ).get({ id: languageId, owner: ownerOf(user) }) as ReaderLanguageRow | undefined;
}

/** The id of the previous ('<') or next ('>') unarchived text of the language, by id. */
export function neighbourText(sqlite: Sqlite, user: CurrentUser, languageId: number, textId: number, direction: '<' | '>'): number | null {
  const sql =
    direction === '<'
      ? `SELECT TxID FROM texts WHERE TxLgID = @lg AND TxArchived = 0 AND TxID < @id AND ${ownerSql('TxUsID')} ORDER BY TxID DESC LIMIT 1`
      : `SELECT TxID FROM texts WHERE TxLgID = @lg AND TxArchived = 0 AND TxID > @id AND ${ownerSql('TxUsID')} ORDER BY TxID ASC LIMIT 1`;
  return (stmt(sqlite, sql).get({ lg: languageId, id: textId, owner: ownerOf(user) }) as { TxID: number } | undefined)?.TxID ?? null;
}

/** The distinct forms of a text's unknown words at or before `untilOrder`. */
export function unknownForms(sqlite: Sqlite, textId: number, untilOrder: number): string[] {
  return (
    stmt(
      sqlite,
      `SELECT DISTINCT TfTextLC FROM word_occurrences JOIN token_forms ON TfID = Ti2TfID
       WHERE Ti2TxID = ? AND Ti2WordCount = 1 AND Ti2WoID IS NULL AND Ti2Order <= ?`,
    ).all(textId, untilOrder) as { TfTextLC: string }[]
  ).map((f) => f.TfTextLC);
}

/** The "family known" column: status of the caller's single-word terms of a language whose WoTextLC is one of `texts`. */
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

/** The ruby readings an imported book gave a text's words (base → reading), or undefined when it has none (most texts). */
export function selectTextReadings(sqlite: Sqlite, textId: number): Record<string, string> | undefined {
  const rows = stmt(sqlite, 'SELECT RdBase, RdReading FROM text_readings WHERE RdTxID = ?').raw().all(textId) as [string, string][];
  return rows.length ? Object.fromEntries(rows) : undefined;
}
