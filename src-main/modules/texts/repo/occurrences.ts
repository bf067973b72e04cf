// Runs in: main. SQL for a text's parse (sentences, word occurrences) and for keeping occurrences in step with
// terms: every statement scoped to the owner, occurrences reached through their owned text.
import type { Sqlite } from '../../../db/connection';
import { insertManyFlat, ownerOf, ownerSql, stmt, type CurrentUser } from '../../../db/sql';

export function clearParsedText(sqlite: Sqlite, textId: number): void {
  stmt(sqlite, 'DELETE FROM word_occurrences WHERE Ti2TxID = ?').run(textId);
  stmt(sqlite, 'DELETE FROM sentences WHERE SeTxID = ?').run(textId);
}

/** A text's sentences: [SeOrder, SeFirstPos, SeStart, SeLength] one row after another in one flat array. */
export function insertSentences(sqlite: Sqlite, languageId: number, textId: number, rows: readonly number[]): void {
  insertManyFlat(sqlite, 'INSERT INTO sentences (SeLgID, SeTxID, SeOrder, SeFirstPos, SeStart, SeLength)', '(@lg, @tx, ?, ?, ?, ?)', 4, rows, {
    lg: languageId,
    tx: textId,
  });
}

const INSERT_OCCURRENCES = 'INSERT OR IGNORE INTO word_occurrences (Ti2TxID, Ti2TfID, Ti2Order, Ti2WordCount, Ti2WoID)';

const ROWS_PER_STATEMENT = 128;

/**
 * A text's occurrence rows, in key order. Single words: row r is form `slotForm[rowSlot[r]]` at order
 * `rowOrder[r]`, linked to `slotTerm[rowSlot[r]]` (the columns a text's distinct forms share are given once per
 * form, not per row); rows of one form are consecutive. Multi-word: [form, order, wordCount, term] one row after
 * another in one flat array.
 */
export function insertOccurrences(
  sqlite: Sqlite,
  textId: number,
  rows: { rowSlot: Int32Array; rowOrder: Int32Array; slotForm: readonly number[]; slotTerm: readonly (number | null)[] },
  multi: readonly number[],
): void {
  const { rowSlot, rowOrder, slotForm, slotTerm } = rows;
  const named = { tx: textId };
  // Rows of different forms: three values a row.
  const mixed = stmt(sqlite, `${INSERT_OCCURRENCES} VALUES ${new Array(ROWS_PER_STATEMENT).fill('(@tx, ?, ?, 1, ?)').join(', ')}`);
  // A frequent form's rows ("the" is 5% of English): its form and term bound once a statement, one value a row.
  const ofForm = stmt(sqlite, `${INSERT_OCCURRENCES} VALUES ${new Array(ROWS_PER_STATEMENT).fill('(@tx, @tf, ?, 1, @term)').join(', ')}`);
  const orders: number[] = new Array(ROWS_PER_STATEMENT);
  const pending: (number | null)[] = [];
  const n = rowSlot.length;
  for (let r = 0; r < n;) {
    const slot = rowSlot[r];
    let end = r + 1;
    while (end < n && rowSlot[end] === slot) end++;
    if (end - r >= ROWS_PER_STATEMENT) {
      // Rows stay in key order: what is pending goes first.
      if (pending.length) insertManyFlat(sqlite, INSERT_OCCURRENCES, '(@tx, ?, ?, 1, ?)', 3, pending.splice(0), named);
      const formNamed = { tx: textId, tf: slotForm[slot], term: slotTerm[slot] };
      for (; r + ROWS_PER_STATEMENT <= end; r += ROWS_PER_STATEMENT) {
        for (let k = 0; k < ROWS_PER_STATEMENT; k++) orders[k] = rowOrder[r + k];
        ofForm.run(orders, formNamed);
      }
    }
    for (; r < end; r++) {
      pending.push(slotForm[slot], rowOrder[r], slotTerm[slot]);
      if (pending.length === ROWS_PER_STATEMENT * 3) {
        mixed.run(pending, named);
        pending.length = 0;
      }
    }
  }
  if (pending.length) insertManyFlat(sqlite, INSERT_OCCURRENCES, '(@tx, ?, ?, 1, ?)', 3, pending, named);
  if (multi.length) insertManyFlat(sqlite, INSERT_OCCURRENCES, '(@tx, ?, ?, ?, ?)', 4, multi, named);
}

/** The caller's term ids of a language by lowercased text. */
export function termIdsByText(sqlite: Sqlite, user: CurrentUser, languageId: number, forms: readonly string[]): Map<string, number> {
  const rows = stmt(sqlite, `SELECT WoTextLC, WoID FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoTextLC IN (SELECT value FROM json_each(@lcs))`)
    .raw(true)
    .all({ lg: languageId, owner: ownerOf(user), lcs: JSON.stringify(forms) }) as [string, number][];
  return new Map(rows);
}

/** The lowercased text of each of the caller's terms among `ids` that exists. */
export function termTexts(sqlite: Sqlite, user: CurrentUser, ids: readonly number[]): Map<number, string> {
  const rows = stmt(sqlite, `SELECT WoID, WoTextLC FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`)
    .raw(true)
    .all({ ids: JSON.stringify(ids), owner: ownerOf(user) }) as [number, string][];
  return new Map(rows);
}

/** The caller's texts of a language: occurrences are reached through them, one primary-key seek per text. */
const TEXTS_OF_LANGUAGE = `SELECT TxID FROM texts WHERE ${ownerSql('TxUsID')} AND TxLgID = @lg`;

/** Single word: every occurrence of the form (`tf`) in the caller's texts of the language now points at the term (or at nothing). */
export function setSingleWordTerm(sqlite: Sqlite, user: CurrentUser, languageId: number, tf: number, termId: number | null): void {
  stmt(sqlite, `UPDATE word_occurrences SET Ti2WoID = @term WHERE Ti2TxID IN (${TEXTS_OF_LANGUAGE}) AND Ti2TfID = @tf AND Ti2WordCount = 1`).run({
    term: termId,
    tf,
    lg: languageId,
    owner: ownerOf(user),
  });
}

export function hasSingleWordOccurrence(sqlite: Sqlite, user: CurrentUser, languageId: number, tf: number): boolean {
  return (
    stmt(sqlite, `SELECT 1 FROM word_occurrences WHERE Ti2TxID IN (${TEXTS_OF_LANGUAGE}) AND Ti2TfID = @tf AND Ti2WordCount = 1 LIMIT 1`).get({
      tf,
      lg: languageId,
      owner: ownerOf(user),
    }) !== undefined
  );
}

/** Occurrences of a form in the caller's texts of a language: as a single word, or as the given multi-word term. */
/** Occurrences of form `tf` in the caller's texts of a language; with `cap`, counting stops there. */
export function countForm(
  sqlite: Sqlite,
  user: CurrentUser,
  languageId: number,
  tf: number,
  wordCount: 'single' | 'multi',
  termId?: number,
  cap?: number,
): number {
  const wc = wordCount === 'single' ? 'Ti2WordCount = 1' : 'Ti2WordCount > 1 AND Ti2WoID = @term';
  const rows = `SELECT 1 FROM word_occurrences WHERE Ti2TxID IN (${TEXTS_OF_LANGUAGE}) AND Ti2TfID = @tf AND ${wc}`;
  return (
    stmt(sqlite, `SELECT count(*) AS n FROM (${rows}${cap === undefined ? '' : ' LIMIT @cap'})`).get({
      tf,
      lg: languageId,
      owner: ownerOf(user),
      ...(termId === undefined ? {} : { term: termId }),
      ...(cap === undefined ? {} : { cap }),
    }) as { n: number }
  ).n;
}

/**
 * Where the words of a multi-word pattern stand one after another in the caller's texts of a language:
 * `forms[i]` at order offset `offsets[i]`. The `anchor` word (the rarest) drives the search, one seek per
 * text; each other word is one primary-key probe at its offset. Returns the text and order of each start.
 */
export function multiwordStarts(
  sqlite: Sqlite,
  user: CurrentUser,
  languageId: number,
  forms: readonly number[],
  offsets: readonly number[],
  anchor: number,
): { tx: number; start: number }[] {
  const joins: string[] = [];
  const params: Record<string, number | null> = { lg: languageId, owner: ownerOf(user), anchor: forms[anchor] };
  forms.forEach((form, i) => {
    if (i === anchor) return;
    joins.push(
      `CROSS JOIN word_occurrences o${i} ON o${i}.Ti2TxID = a.Ti2TxID AND o${i}.Ti2TfID = @f${i} AND o${i}.Ti2Order = a.Ti2Order + ${offsets[i] - offsets[anchor]} AND o${i}.Ti2WordCount = 1`,
    );
    params[`f${i}`] = form;
  });
  // The offsets are integers from the term's own parse: the statement differs by pattern shape only.
  return stmt(
    sqlite,
    `SELECT a.Ti2TxID AS tx, a.Ti2Order - ${offsets[anchor]} AS start
     FROM texts CROSS JOIN word_occurrences a ON a.Ti2TxID = TxID AND a.Ti2TfID = @anchor AND a.Ti2WordCount = 1 ${joins.join(' ')}
     WHERE ${ownerSql('TxUsID')} AND TxLgID = @lg`,
  ).all(params) as { tx: number; start: number }[];
}

/** One multi-word occurrence row; returns 1 when added, 0 when it was there already. */
export function insertMultiwordOccurrence(sqlite: Sqlite, textId: number, tf: number, order: number, wordCount: number, termId: number): number {
  return stmt(sqlite, `${INSERT_OCCURRENCES} VALUES (?, ?, ?, ?, ?)`).run(textId, tf, order, wordCount, termId).changes;
}

/**
 * Removes a multi-word term's rows (form `tf`). When the term was deleted, the foreign key has already set
 * their Ti2WoID to NULL: a multi-word row without a term is removed too.
 */
export function deleteMultiwordOccurrences(sqlite: Sqlite, user: CurrentUser, languageId: number, tf: number, termId: number): number {
  return stmt(
    sqlite,
    `DELETE FROM word_occurrences WHERE Ti2TxID IN (${TEXTS_OF_LANGUAGE}) AND Ti2TfID = @tf AND Ti2WordCount > 1 AND (Ti2WoID = @term OR Ti2WoID IS NULL)`,
  ).run({ tf, term: termId, lg: languageId, owner: ownerOf(user) }).changes;
}

/** The ids of the caller's texts of a language, to parse again. */
export function textIdsOfLanguage(sqlite: Sqlite, user: CurrentUser, languageId: number): number[] {
  return stmt(sqlite, `SELECT TxID FROM texts WHERE TxLgID = @lg AND ${ownerSql('TxUsID')} ORDER BY TxID`)
    .pluck()
    .all({ lg: languageId, owner: ownerOf(user) }) as number[];
}

/** TxNeedsParse for every text of the caller's language. */
export function setLanguageNeedsParse(sqlite: Sqlite, user: CurrentUser, languageId: number, needsParse: boolean): void {
  stmt(sqlite, `UPDATE texts SET TxNeedsParse = @np WHERE TxLgID = @lg AND ${ownerSql('TxUsID')}`).run({
    np: needsParse ? 1 : 0,
    lg: languageId,
    owner: ownerOf(user),
  });
}

/** [SeID, SeTxID, SeStart, SeLength] of the caller's sentences among `ids`, by text. */
export function sentenceSpans(sqlite: Sqlite, user: CurrentUser, ids: readonly number[]): [number, number, number, number][] {
  return stmt(
    sqlite,
    `SELECT SeID, SeTxID, SeStart, SeLength FROM sentences JOIN texts ON TxID = SeTxID
     WHERE SeID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('TxUsID')} ORDER BY SeTxID`,
  )
    .raw(true)
    .all({ ids: JSON.stringify(ids), owner: ownerOf(user) }) as [number, number, number, number][];
}

/** TxText of one of the caller's texts. */
export function textBody(sqlite: Sqlite, user: CurrentUser, textId: number): string | undefined {
  return stmt(sqlite, `SELECT TxText FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}`)
    .pluck()
    .get({ id: textId, owner: ownerOf(user) }) as string | undefined;
}

/**
 * The stretch of one of the caller's texts from the sentence holding Ti2Order `from` through the sentence holding
 * `to`, as written (TxText), and the Ti2Order of its first token; undefined when the text has no such sentences.
 */
export function sentencesAround(sqlite: Sqlite, user: CurrentUser, textId: number, from: number, to: number): { text: string; firstPos: number } | undefined {
  return stmt(
    sqlite,
    `SELECT substr(TxText, a.SeStart + 1, b.SeStart + b.SeLength - a.SeStart) AS text, a.SeFirstPos AS firstPos
     FROM texts
     JOIN sentences a ON a.SeID = (SELECT SeID FROM sentences WHERE SeTxID = TxID AND SeFirstPos <= @from ORDER BY SeOrder DESC LIMIT 1)
     JOIN sentences b ON b.SeID = (SELECT SeID FROM sentences WHERE SeTxID = TxID AND SeFirstPos <= @to ORDER BY SeOrder DESC LIMIT 1)
     WHERE TxID = @id AND ${ownerSql('TxUsID')}`,
  ).get({ id: textId, from, to, owner: ownerOf(user) }) as { text: string; firstPos: number } | undefined;
}

/** How many single words of a text lie at or before Ti2Order `order` (the text is the caller's). */
export function wordsUpTo(sqlite: Sqlite, textId: number, order: number): number {
  return stmt(sqlite, 'SELECT count(*) FROM word_occurrences WHERE Ti2TxID = ? AND Ti2WordCount = 1 AND Ti2Order <= ?').pluck().get(textId, order) as number;
}

/** The Ti2Order of a text's `n`-th single word (1-based), or undefined past its last. */
export function orderOfWord(sqlite: Sqlite, textId: number, n: number): number | undefined {
  return stmt(sqlite, 'SELECT Ti2Order FROM word_occurrences WHERE Ti2TxID = ? AND Ti2WordCount = 1 ORDER BY Ti2Order LIMIT 1 OFFSET ?')
    .pluck()
    .get(textId, n - 1) as number | undefined;
}

/**
 * The first occurrence of each lowercased form in the caller's texts `textIds`, taken in the order given (a
 * book's chapters): the text, the Ti2Order and the sentence holding it ([SeID, SeFirstPos]). Forms that occur
 * in none of them are absent. One seek per text and form on the occurrences' key (Ti2TxID, Ti2TfID, …).
 */
export function firstOccurrences(
  sqlite: Sqlite,
  user: CurrentUser,
  languageId: number,
  textIds: readonly number[],
  formsLC: readonly string[],
): { form: string; se: number; firstPos: number; at: number }[] {
  return stmt(
    sqlite,
    `WITH hits AS (
       SELECT TfTextLC AS form, TfID, t.key AS pos, TxID,
              (SELECT min(Ti2Order) FROM word_occurrences WHERE Ti2TxID = TxID AND Ti2TfID = TfID AND Ti2WordCount = 1) AS at
       FROM token_forms, json_each(@texts) t JOIN texts ON TxID = t.value
       WHERE TfLgID = @lg AND TfTextLC IN (SELECT value FROM json_each(@forms)) AND TxLgID = @lg AND ${ownerSql('TxUsID')}),
     firsts AS (
       SELECT form, TxID, at, row_number() OVER (PARTITION BY TfID ORDER BY pos) AS n FROM hits WHERE at IS NOT NULL)
     SELECT form, SeID AS se, SeFirstPos AS firstPos, at FROM firsts
     JOIN sentences ON SeID = (SELECT SeID FROM sentences WHERE SeTxID = TxID AND SeFirstPos <= at ORDER BY SeOrder DESC LIMIT 1)
     WHERE n = 1`,
  ).all({ texts: JSON.stringify(textIds), forms: JSON.stringify(formsLC), lg: languageId, owner: ownerOf(user) }) as {
    form: string;
    se: number;
    firstPos: number;
    at: number;
  }[];
}
