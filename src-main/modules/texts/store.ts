// Runs in: main. Writes a parsed text (sentences, word occurrences, multi-word occurrences) and keeps
// occurrences in step with terms. Callers run these inside their transaction.
import { lowerForm } from '../../../src-shared/text/sha256';
import type { MultiwordPattern } from '../../../src-shared/text/multiword';
import type { ParsedText } from '../../../src-shared/text/tokenize';
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, type CurrentUser } from '../../db/scope';
import { matcherFor } from './multiword-index';
import type { ParsingLanguage } from './parse';
import { insertMany, insertManyFlat, stmt } from '../../db/sql';

/** Form ids for lowercased forms of a language, creating the missing ones. */
export function resolveForms(sqlite: Sqlite, languageId: number, forms: readonly string[]): Map<string, number> {
  const ids = new Map<string, number>();
  if (forms.length === 0) return ids;
  // Rows as [TfTextLC, TfID] arrays (raw): no object per form.
  const found = stmt(sqlite, 'SELECT TfTextLC, TfID FROM token_forms WHERE TfLgID = ? AND TfTextLC IN (SELECT value FROM json_each(?))')
    .raw(true)
    .all(languageId, JSON.stringify(forms)) as [string, number][];
  for (const f of found) ids.set(f[0], f[1]);
  const insert = stmt(sqlite, 'INSERT INTO token_forms (TfLgID, TfTextLC) VALUES (?, ?)');
  for (const form of forms) if (!ids.has(form)) ids.set(form, Number(insert.run(languageId, form).lastInsertRowid));
  return ids;
}

export function findForm(sqlite: Sqlite, languageId: number, form: string): number | undefined {
  const row = stmt(sqlite, 'SELECT TfID FROM token_forms WHERE TfLgID = ? AND TfTextLC = ?').get(languageId, form) as { TfID: number } | undefined;
  return row?.TfID;
}

/** The caller's term ids of a language by lowercased text. */
export function termIdsByText(sqlite: Sqlite, user: CurrentUser, languageId: number, forms: readonly string[]): Map<string, number> {
  const rows = stmt(
    sqlite,
    `SELECT WoID, WoTextLC FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND WoTextLC IN (SELECT value FROM json_each(@lcs))`,
  ).all({ lg: languageId, owner: ownerOf(user), lcs: JSON.stringify(forms) }) as { WoID: number; WoTextLC: string }[];
  return new Map(rows.map((r) => [r.WoTextLC, r.WoID]));
}

export function clearParsedText(sqlite: Sqlite, textId: number): void {
  stmt(sqlite, 'DELETE FROM word_occurrences WHERE Ti2TxID = ?').run(textId);
  stmt(sqlite, 'DELETE FROM sentences WHERE SeTxID = ?').run(textId);
}

/** Replaces the stored parse of a text (which the caller owns). Returns the number of word occurrences. */
export function storeParsedText(sqlite: Sqlite, user: CurrentUser, textId: number, lang: ParsingLanguage, parsed: ParsedText): number {
  clearParsedText(sqlite, textId);
  const tokens = parsed.tokens;

  // A sentence is a span of TxText (the raw text that was parsed), not a second copy of its text.
  const sentenceRows: [number, number, number, number, number, number][] = [];
  let sentenceStart = 0;
  for (let i = 1; i <= tokens.length; i++) {
    if (i === tokens.length || tokens[i].sentence !== tokens[i - 1].sentence) {
      const k = tokens[sentenceStart].sentence;
      const [start, end] = parsed.sentenceSpans[k];
      sentenceRows.push([lang.LgID, textId, k + 1, tokens[sentenceStart].order, start, end - start]);
      sentenceStart = i;
    }
  }
  insertMany(sqlite, 'INSERT INTO sentences (SeLgID, SeTxID, SeOrder, SeFirstPos, SeStart, SeLength)', 6, sentenceRows);

  // Each word's lowercased form, and its slot among the text's distinct forms.
  const lcOf: string[] = new Array(tokens.length);
  const slotOf = new Int32Array(tokens.length);
  const slotByForm = new Map<string, number>();
  const forms: string[] = [];
  let count = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].kind !== 'word') continue;
    const lc = lowerForm(tokens[i].text);
    lcOf[i] = lc;
    let slot = slotByForm.get(lc);
    if (slot === undefined) {
      slot = forms.length;
      slotByForm.set(lc, slot);
      forms.push(lc);
    }
    slotOf[i] = slot;
    count++;
  }
  const formIds = resolveForms(sqlite, lang.LgID, forms);
  const termIds = termIdsByText(sqlite, user, lang.LgID, forms);

  // Multi-word rows [form, order, wordCount, term], in key order.
  const multi: [number, number, number, number][] = [];
  const matches = matcherFor(sqlite, user, lang).findIn(tokens, lcOf);
  if (matches.length) {
    // The in-memory index may remember a term whose transaction rolled back: only link terms that exist.
    const ids = [...new Set(matches.map((m) => m.id))];
    const existing = stmt(sqlite, `SELECT WoID, WoTextLC FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`).all({
      ids: JSON.stringify(ids),
      owner: ownerOf(user),
    }) as { WoID: number; WoTextLC: string }[];
    const textOf = new Map(existing.map((r) => [r.WoID, r.WoTextLC]));
    const phraseForms = resolveForms(sqlite, lang.LgID, [...new Set(textOf.values())]);
    for (const m of matches) {
      const lc = textOf.get(m.id);
      if (lc !== undefined) multi.push([phraseForms.get(lc)!, m.order, m.wordCount, m.id]);
    }
    multi.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
  }

  // Rows go in in key order (form, then order): appended pages fill up instead of splitting half-empty.
  // Single words: bucketed by form (a counting sort; tokens are already in order within a form), the
  // forms by id. One flat array of the varying columns, no array per row.
  const slotCount = forms.length;
  const formIdOf = new Float64Array(slotCount);
  const termOf: (number | null)[] = new Array(slotCount);
  for (let k = 0; k < slotCount; k++) {
    formIdOf[k] = formIds.get(forms[k])!;
    termOf[k] = termIds.get(forms[k]) ?? null;
  }
  const slotsById = Array.from({ length: slotCount }, (_, k) => k).sort((a, b) => formIdOf[a] - formIdOf[b]);
  const sizes = new Int32Array(slotCount);
  for (let i = 0; i < tokens.length; i++) if (lcOf[i] !== undefined) sizes[slotOf[i]]++;
  // Buckets laid out in form-id order: start of slot k = sum of the sizes of the slots before it by id.
  const startOf = new Int32Array(slotCount);
  let acc = 0;
  for (const k of slotsById) {
    startOf[k] = acc;
    acc += sizes[k];
  }
  const orderAt = new Float64Array(count);
  const fill = startOf.slice();
  for (let i = 0; i < tokens.length; i++) if (lcOf[i] !== undefined) orderAt[fill[slotOf[i]]++] = tokens[i].order;

  const values: (number | null)[] = new Array(count * 3);
  let v = 0;
  for (const k of slotsById) {
    const tf = formIdOf[k];
    const term = termOf[k];
    const end = startOf[k] + sizes[k];
    for (let j = startOf[k]; j < end; j++) {
      values[v++] = tf;
      values[v++] = orderAt[j];
      values[v++] = term;
    }
  }
  const head = 'INSERT OR IGNORE INTO word_occurrences (Ti2TxID, Ti2TfID, Ti2Order, Ti2WordCount, Ti2LgID, Ti2WoID)';
  const named = { tx: textId, lg: lang.LgID };
  insertManyFlat(sqlite, head, '(@tx, ?, ?, 1, @lg, ?)', 3, values, named);
  // The few multi-word rows after them (their own key order).
  if (multi.length) insertManyFlat(sqlite, head, '(@tx, ?, ?, ?, @lg, ?)', 4, multi.flat(), named);
  return count;
}

const INSERT_OCCURRENCE = 'INSERT OR IGNORE INTO word_occurrences (Ti2TxID, Ti2TfID, Ti2Order, Ti2WordCount, Ti2LgID, Ti2WoID) VALUES (?, ?, ?, ?, ?, ?)';

/** The caller's texts of a language: occurrences are reached through them, one primary-key seek per text. */
const TEXTS_OF_LANGUAGE = `SELECT TxID FROM texts WHERE ${ownerSql('TxUsID')} AND TxLgID = @lg`;

/** Single word: every occurrence of its form now points at the term (or at nothing). */
export function setSingleWordTerm(sqlite: Sqlite, user: CurrentUser, languageId: number, form: string, termId: number | null): void {
  const tf = findForm(sqlite, languageId, form);
  if (tf === undefined) return;
  stmt(sqlite, `UPDATE word_occurrences SET Ti2WoID = @term WHERE Ti2TxID IN (${TEXTS_OF_LANGUAGE}) AND Ti2TfID = @tf AND Ti2WordCount = 1`).run({
    term: termId,
    tf,
    lg: languageId,
    owner: ownerOf(user),
  });
}

export function hasSingleWordOccurrence(sqlite: Sqlite, user: CurrentUser, languageId: number, form: string): boolean {
  const tf = findForm(sqlite, languageId, form);
  if (tf === undefined) return false;
  return (
    stmt(sqlite, `SELECT 1 FROM word_occurrences WHERE Ti2TxID IN (${TEXTS_OF_LANGUAGE}) AND Ti2TfID = @tf AND Ti2WordCount = 1 LIMIT 1`).get({
      tf,
      lg: languageId,
      owner: ownerOf(user),
    }) !== undefined
  );
}

function countForm(sqlite: Sqlite, user: CurrentUser, languageId: number, tf: number, wordCount: 'single' | 'multi', termId?: number): number {
  const wc = wordCount === 'single' ? 'Ti2WordCount = 1' : 'Ti2WordCount > 1 AND Ti2WoID = @term';
  return (
    stmt(sqlite, `SELECT count(*) AS n FROM word_occurrences WHERE Ti2TxID IN (${TEXTS_OF_LANGUAGE}) AND Ti2TfID = @tf AND ${wc}`).get({
      tf,
      lg: languageId,
      owner: ownerOf(user),
      ...(termId === undefined ? {} : { term: termId }),
    }) as { n: number }
  ).n;
}

/**
 * Adds the occurrences of a multi-word term in every text of its language. The rarest of its words drives
 * the search (one seek per text), each other word is one primary-key probe at its order offset.
 */
export function addMultiwordOccurrences(
  sqlite: Sqlite,
  user: CurrentUser,
  lang: ParsingLanguage,
  termId: number,
  termLC: string,
  pattern: MultiwordPattern,
): number {
  const wordForms = pattern.words.map((w) => findForm(sqlite, lang.LgID, w));
  if (wordForms.some((f) => f === undefined)) return 0;
  const forms = wordForms as number[];
  const counts = forms.map((f) => countForm(sqlite, user, lang.LgID, f, 'single'));
  const anchor = counts.indexOf(Math.min(...counts));
  if (counts[anchor] === 0) return 0;
  const joins: string[] = [];
  const params: Record<string, number | null> = { lg: lang.LgID, owner: ownerOf(user), anchor: forms[anchor] };
  pattern.words.forEach((_, i) => {
    if (i === anchor) return;
    joins.push(
      `CROSS JOIN word_occurrences o${i} ON o${i}.Ti2TxID = a.Ti2TxID AND o${i}.Ti2TfID = @f${i} AND o${i}.Ti2Order = a.Ti2Order + ${pattern.offsets[i] - pattern.offsets[anchor]} AND o${i}.Ti2WordCount = 1`,
    );
    params[`f${i}`] = forms[i];
  });
  const starts = sqlite
    .prepare(
      `SELECT a.Ti2TxID AS tx, a.Ti2Order - ${pattern.offsets[anchor]} AS start
       FROM texts CROSS JOIN word_occurrences a ON a.Ti2TxID = TxID AND a.Ti2TfID = @anchor AND a.Ti2WordCount = 1 ${joins.join(' ')}
       WHERE ${ownerSql('TxUsID')} AND TxLgID = @lg`,
    )
    .all(params) as { tx: number; start: number }[];
  if (starts.length === 0) return 0;
  const phrase = resolveForms(sqlite, lang.LgID, [termLC]).get(termLC)!;
  const insert = stmt(sqlite, INSERT_OCCURRENCE);
  let added = 0;
  for (const s of starts) added += insert.run(s.tx, phrase, s.start, pattern.words.length, lang.LgID, termId).changes;
  return added;
}

/**
 * Removes a multi-word term's rows. When the term was deleted, the foreign key has already set their
 * Ti2WoID to NULL (terms.changed comes after the DELETE): a multi-word row without a term is removed too.
 */
export function removeMultiwordOccurrences(sqlite: Sqlite, user: CurrentUser, languageId: number, termId: number, termLC: string): number {
  const tf = findForm(sqlite, languageId, termLC);
  if (tf === undefined) return 0;
  return stmt(
    sqlite,
    `DELETE FROM word_occurrences WHERE Ti2TxID IN (${TEXTS_OF_LANGUAGE}) AND Ti2TfID = @tf AND Ti2WordCount > 1 AND (Ti2WoID = @term OR Ti2WoID IS NULL)`,
  ).run({
    tf,
    term: termId,
    lg: languageId,
    owner: ownerOf(user),
  }).changes;
}

export function countMultiwordOccurrences(sqlite: Sqlite, user: CurrentUser, languageId: number, termId: number, termLC: string): number {
  const tf = findForm(sqlite, languageId, termLC);
  return tf === undefined ? 0 : countForm(sqlite, user, languageId, tf, 'multi', termId);
}
