// Runs in: main. SQL for terms (table words; their tag links are the tags module's). Every statement is scoped to the owner;
// id lists travel as one JSON parameter (json_each), so a statement serves any number of ids.
import type { Sqlite } from '../../db/connection';
import { stmt } from '../../db/sql';
import { ownerOf, ownerSql, type CurrentUser } from '../../db/scope';
import type { TermDto, TermListFilters, TermSort } from '../../../src-shared/contract/terms';
import type { SimilarCandidate } from '../../../src-shared/similar/rank';
import type { TermRef } from '../../core/events';

/** The words columns a TermDto carries (TermTags comes from word_tag_map). */
export const TERM_COLUMNS =
  'WoID, WoLgID, WoText, WoTextLC, WoLemma, WoLemmaLC, WoStatus, WoTranslation, WoRomanization, WoNotes, WoSentence, WoWordCount, WoCreated, WoModified, WoStatusChanged';

export type TermRow = Omit<TermDto, 'TermTags'>;
export type LemmaSource = 'manual' | 'auto' | null;
export type TermRowWithSource = TermRow & { WoLemmaSource: LemmaSource };

/** What a new term's row is made of: the DTO's writable columns, its lemma source and import batch. */
export type NewTermRow = Omit<TermRow, 'WoID' | 'WoCreated' | 'WoModified' | 'WoStatusChanged'> & {
  WoLemmaSource: LemmaSource;
  WoImportBatch: number | null;
};

const ids = (list: readonly number[]) => JSON.stringify(list);

export function selectTerms(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[]): TermRowWithSource[] {
  return stmt(sqlite, `SELECT ${TERM_COLUMNS}, WoLemmaSource FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`).all({
    ids: ids(termIds),
    owner: ownerOf(user),
  }) as TermRowWithSource[];
}

export function selectTerm(sqlite: Sqlite, user: CurrentUser, id: number): TermRowWithSource | undefined {
  return stmt(sqlite, `SELECT ${TERM_COLUMNS}, WoLemmaSource FROM words WHERE WoID = @id AND ${ownerSql('WoUsID')}`).get({ id, owner: ownerOf(user) }) as
    TermRowWithSource | undefined;
}

export function selectTermByTextLC(sqlite: Sqlite, user: CurrentUser, languageId: number, textLC: string): TermRowWithSource | undefined {
  return stmt(sqlite, `SELECT ${TERM_COLUMNS}, WoLemmaSource FROM words WHERE WoLgID = @lg AND WoTextLC = @lc AND ${ownerSql('WoUsID')}`).get({
    lg: languageId,
    lc: textLC,
    owner: ownerOf(user),
  }) as TermRowWithSource | undefined;
}

/** The caller's terms of a language whose lowercased text is among `textLCs` (INDEXED BY: the planner would scan the owner's rows). */
export function selectTermsByTextLC(sqlite: Sqlite, user: CurrentUser, languageId: number, textLCs: readonly string[]): TermRowWithSource[] {
  return stmt(
    sqlite,
    `SELECT ${TERM_COLUMNS}, WoLemmaSource FROM words INDEXED BY words_language_text WHERE WoLgID = @lg AND WoTextLC IN (SELECT value FROM json_each(@lcs)) AND ${ownerSql('WoUsID')}`,
  ).all({ lg: languageId, lcs: JSON.stringify(textLCs), owner: ownerOf(user) }) as TermRowWithSource[];
}

/** The caller's ids among `termIds` (foreign and missing ones dropped). */
export function ownedTermIds(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[]): number[] {
  return stmt(sqlite, `SELECT WoID FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`)
    .pluck()
    .all({ ids: ids(termIds), owner: ownerOf(user) }) as number[];
}

export function termRefs(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[]): TermRef[] {
  return stmt(
    sqlite,
    `SELECT WoID, WoLgID, WoTextLC, WoWordCount, WoStatus FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`,
  ).all({ ids: ids(termIds), owner: ownerOf(user) }) as TermRef[];
}

/** Tag texts per term, sorted; only the owner's tags are joined. */
export function tagsOfTerms(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[]): Map<number, string[]> {
  const rows = stmt(
    sqlite,
    `SELECT WtWoID AS id, TgText AS tag FROM word_tag_map JOIN tags ON TgID = WtTgID
       WHERE WtWoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('TgUsID')} ORDER BY TgText`,
  ).all({ ids: ids(termIds), owner: ownerOf(user) }) as { id: number; tag: string }[];
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const list = out.get(r.id);
    if (list) list.push(r.tag);
    else out.set(r.id, [r.tag]);
  }
  return out;
}

const INSERT_TERM = `INSERT INTO words (WoLgID, WoUsID, WoText, WoTextLC, WoLemma, WoLemmaLC, WoLemmaSource, WoStatus, WoTranslation, WoRomanization, WoNotes, WoSentence, WoWordCount, WoImportBatch, WoCreated, WoModified, WoStatusChanged, WoNoteID)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** The smallest Anki note id: 13 digits (a creation time before September 2001 is moved up to it). */
export const NOTE_ID_FLOOR = 1_000_000_000_000;
/** Note ids read in one step while looking past a run of taken ones. */
const NOTE_ID_RUN = 512;

/** The note id the previous insert of a bulk write took: a run of terms created in one millisecond continues from it. */
export interface NoteIdCursor {
  created?: number;
  last?: number;
}

/**
 * The note id a term created at `created` takes (schema: WoNoteID): that millisecond, or the first free one after
 * it. A bulk write passes its cursor, so its k-th term of one millisecond costs one probe, not k.
 */
export function freeNoteId(sqlite: Sqlite, created: number, cursor?: NoteIdCursor): number {
  const taken = stmt(sqlite, 'SELECT 1 FROM words WHERE WoNoteID = ?').pluck();
  let id = Math.max(Math.trunc(created), NOTE_ID_FLOOR);
  if (cursor?.last !== undefined && cursor.created === created && taken.get(id) !== undefined) id = cursor.last + 1;
  // A run of taken ids (a big import of this very second): read through the index a stretch at a time.
  const after = stmt(sqlite, `SELECT WoNoteID FROM words WHERE WoNoteID >= ? ORDER BY WoNoteID LIMIT ${NOTE_ID_RUN}`).pluck();
  for (;;) {
    const run = after.all(id) as number[];
    let k = 0;
    while (k < run.length && run[k] === id + k) k++;
    id += k;
    if (k < NOTE_ID_RUN) break;
  }
  if (cursor) Object.assign(cursor, { created, last: id });
  return id;
}

/** Positional binding: the bulk import inserts 100k rows through here, and named binding costs more. */
export function insertTerm(
  sqlite: Sqlite,
  user: CurrentUser,
  r: NewTermRow,
  now: number,
  dates: { WoCreated?: number; WoStatusChanged?: number } = {},
  noteIds?: NoteIdCursor,
): number {
  const created = dates.WoCreated ?? now;
  return Number(
    stmt(sqlite, INSERT_TERM).run(
      r.WoLgID,
      ownerOf(user),
      r.WoText,
      r.WoTextLC,
      r.WoLemma,
      r.WoLemmaLC,
      r.WoLemmaSource,
      r.WoStatus,
      r.WoTranslation,
      r.WoRomanization,
      r.WoNotes,
      r.WoSentence,
      r.WoWordCount,
      r.WoImportBatch,
      created,
      now,
      dates.WoStatusChanged ?? created,
      freeNoteId(sqlite, created, noteIds),
    ).lastInsertRowid,
  );
}

/** Columns a patch may set; anything else is a programming error. */
const PATCHABLE = new Set([
  'WoText',
  'WoTextLC',
  'WoLemma',
  'WoLemmaLC',
  'WoLemmaSource',
  'WoStatus',
  'WoTranslation',
  'WoRomanization',
  'WoNotes',
  'WoSentence',
  'WoWordCount',
  'WoImportBatch',
  'WoStatusChanged',
  'WoModified',
]);

export function updateTermColumns(sqlite: Sqlite, user: CurrentUser, id: number, patch: Record<string, unknown>): number {
  const cols = Object.keys(patch);
  for (const c of cols) if (!PATCHABLE.has(c)) throw new Error(`not a patchable term column: ${c}`);
  if (cols.length === 0) return 0;
  return stmt(sqlite, `UPDATE words SET ${cols.map((c) => `${c} = @${c}`).join(', ')} WHERE WoID = @id AND ${ownerSql('WoUsID')}`).run({
    ...patch,
    id,
    owner: ownerOf(user),
  }).changes;
}

export function deleteTermsByIds(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[]): number {
  return stmt(sqlite, `DELETE FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`).run({
    ids: ids(termIds),
    owner: ownerOf(user),
  }).changes;
}

/** Sets the status where it differs; WoStatusChanged moves only for terms whose status really changed. */
export function updateStatus(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[], status: number, now: number): number[] {
  return stmt(
    sqlite,
    `UPDATE words SET WoStatus = @status, WoStatusChanged = @now, WoModified = @now
       WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')} AND WoStatus != @status RETURNING WoID`,
  )
    .pluck()
    .all({ ids: ids(termIds), owner: ownerOf(user), status, now }) as number[];
}

/** Bulk column edits of the bulk-action endpoint. `set` is fixed SQL chosen by the service, never user text. */
export function updateMany(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[], set: 'today' | 'delsent', now: number): number {
  const assignment = {
    today: 'WoStatusChanged = @now, WoModified = @now',
    delsent: "WoSentence = '', WoModified = @now",
  }[set];
  return stmt(sqlite, `UPDATE words SET ${assignment} WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`).run({
    ids: ids(termIds),
    owner: ownerOf(user),
    now,
  }).changes;
}

/** Rewrites WoText with JavaScript's full Unicode lowercasing (SQLite's lower() only knows ASCII). */
export function lowercaseTexts(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[], now: number): number {
  const rows = stmt(sqlite, `SELECT WoID, WoText FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')}`).all({
    ids: ids(termIds),
    owner: ownerOf(user),
  }) as { WoID: number; WoText: string }[];
  const update = stmt(sqlite, `UPDATE words SET WoText = @text, WoModified = @now WHERE WoID = @id AND ${ownerSql('WoUsID')}`);
  for (const r of rows) update.run({ id: r.WoID, text: r.WoText.toLowerCase(), now, owner: ownerOf(user) });
  return rows.length;
}

export function languageHasTerms(sqlite: Sqlite, user: CurrentUser, languageId: number): boolean {
  // By the language's index: through the owner's, an empty language scanned every other term of the owner (each
  // slice of a large import asks; 400 slices of 250 rows spent ~3 s here).
  return (
    stmt(sqlite, `SELECT 1 FROM words INDEXED BY words_language_text WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} LIMIT 1`).get({
      lg: languageId,
      owner: ownerOf(user),
    }) !== undefined
  );
}

/** Moves the terms of import batch `from` into batch `to` (an import stored in slices is one batch). */
export function renumberImportBatch(sqlite: Sqlite, user: CurrentUser, from: number, to: number): number {
  const sql = `UPDATE words SET WoImportBatch = @to WHERE WoImportBatch = @from AND ${ownerSql('WoUsID')}`;
  return stmt(sqlite, sql).run({ from, to, owner: ownerOf(user) }).changes;
}

/** Highest import batch number the owner has used (0 when none). */
export function lastImportBatch(sqlite: Sqlite, user: CurrentUser): number {
  return (
    (stmt(sqlite, `SELECT max(WoImportBatch) FROM words WHERE ${ownerSql('WoUsID')}`)
      .pluck()
      .get({ owner: ownerOf(user) }) as number | null) ?? 0
  );
}

/** Field and status changes of the Anki re-import; WoStatusChanged moves only when the status does. Call inside a transaction. */
export function updateReimportedFields(
  sqlite: Sqlite,
  user: CurrentUser,
  updates: readonly { id: number; translation: string; romanization: string; notes: string; status: number }[],
  now: number,
): void {
  const update = stmt(
    sqlite,
    `UPDATE words SET WoTranslation = @translation, WoRomanization = @romanization, WoNotes = @notes,
       WoStatusChanged = CASE WHEN WoStatus = @status THEN WoStatusChanged ELSE @now END, WoStatus = @status, WoModified = @now
     WHERE WoID = @id AND ${ownerSql('WoUsID')}`,
  );
  const owner = ownerOf(user);
  for (const u of updates) update.run({ id: u.id, translation: u.translation, romanization: u.romanization, notes: u.notes, status: u.status, now, owner });
}

/** Moves WoStatusChanged alone (a review answer restarts the interval even when the status stays). */
export function restartInterval(sqlite: Sqlite, user: CurrentUser, termId: number, at: number): number {
  return stmt(sqlite, `UPDATE words SET WoStatusChanged = @at WHERE WoID = @id AND ${ownerSql('WoUsID')}`).run({ id: termId, owner: ownerOf(user), at })
    .changes;
}

/** Sets automatic lemmas, never over a manual or already-filled one. Returns the ids really changed. */
export function setAutoLemmas(sqlite: Sqlite, user: CurrentUser, lemmas: readonly { id: number; lemma: string }[], now: number): number[] {
  const update = stmt(
    sqlite,
    `UPDATE words SET WoLemma = @lemma, WoLemmaLC = @lc, WoLemmaSource = 'auto', WoModified = @now
     WHERE WoID = @id AND WoLemmaLC IS NULL AND WoLemmaSource IS NOT 'manual' AND ${ownerSql('WoUsID')}`,
  );
  const changed: number[] = [];
  for (const { id, lemma } of lemmas) if (update.run({ id, lemma, lc: lemma.toLowerCase(), now, owner: ownerOf(user) }).changes) changed.push(id);
  return changed;
}

/** Replaces automatic lemmas that are still what was read (`previous`): never a manual one. Returns the ids changed. */
export function replaceAutoLemmas(
  sqlite: Sqlite,
  user: CurrentUser,
  lemmas: readonly { id: number; lemma: string; previous: string }[],
  now: number,
): number[] {
  const update = stmt(
    sqlite,
    `UPDATE words SET WoLemma = @lemma, WoLemmaLC = @lc, WoModified = @now
     WHERE WoID = @id AND WoLemmaSource = 'auto' AND WoLemma = @previous AND ${ownerSql('WoUsID')}`,
  );
  const changed: number[] = [];
  for (const { id, lemma, previous } of lemmas)
    if (update.run({ id, lemma, previous, lc: lemma.toLowerCase(), now, owner: ownerOf(user) }).changes) changed.push(id);
  return changed;
}

export function languageOfTerm(sqlite: Sqlite, user: CurrentUser, termId: number): number | undefined {
  return stmt(sqlite, `SELECT WoLgID FROM words WHERE WoID = @id AND ${ownerSql('WoUsID')}`)
    .pluck()
    .get({ id: termId, owner: ownerOf(user) }) as number | undefined;
}

const CANDIDATE_SQL = `SELECT WoID AS id, WoTextLC AS text, WoLemmaLC AS lemma, WoStatus AS status FROM words`;

/** The similar-terms index's rows: every term of a language, or only the given ids of it. */
export function similarCandidates(sqlite: Sqlite, user: CurrentUser, languageId: number, termIds?: readonly number[]): SimilarCandidate[] {
  if (termIds === undefined)
    return stmt(sqlite, `${CANDIDATE_SQL} WHERE WoLgID = @lg AND ${ownerSql('WoUsID')}`).all({ lg: languageId, owner: ownerOf(user) }) as SimilarCandidate[];
  return stmt(sqlite, `${CANDIDATE_SQL} WHERE WoID IN (SELECT value FROM json_each(@ids)) AND WoLgID = @lg AND ${ownerSql('WoUsID')}`).all({
    ids: ids(termIds),
    lg: languageId,
    owner: ownerOf(user),
  }) as SimilarCandidate[];
}

/**
 * The sentences (newest texts first) around the occurrences of a lowercased form in the owner's texts of a
 * language, each once, with its SeFirstPos and the Ti2Order of the form's first occurrence in it (the token to
 * mark); occurrences and sentences are reached through their owned parent text. Occurrences before a text's
 * first sentence are left out.
 */
export function sentencesWithForm(
  sqlite: Sqlite,
  user: CurrentUser,
  languageId: number,
  formLC: string,
  scan: number,
): { se: number; firstPos: number; at: number }[] {
  return stmt(
    sqlite,
    `WITH hits AS (
       SELECT TxID, Ti2Order, (SELECT SeID FROM sentences WHERE SeTxID = Ti2TxID AND SeFirstPos <= Ti2Order ORDER BY SeOrder DESC LIMIT 1) AS se
       FROM texts JOIN word_occurrences ON Ti2TxID = TxID
       WHERE TxLgID = @lg AND ${ownerSql('TxUsID')}
         AND Ti2TfID = (SELECT TfID FROM token_forms WHERE TfLgID = @lg AND TfTextLC = @lc)
       ORDER BY TxID DESC, Ti2Order LIMIT @scan)
     SELECT se, (SELECT SeFirstPos FROM sentences WHERE SeID = se) AS firstPos, min(Ti2Order) AS at
     FROM hits WHERE se IS NOT NULL GROUP BY se ORDER BY max(TxID) DESC, at`,
  ).all({ lg: languageId, lc: formLC, owner: ownerOf(user), scan }) as { se: number; firstPos: number; at: number }[];
}

// ---- The vocabulary list's filters (GET /api/v1/terms and its CSV/TSV export)

const ORDER: Record<TermSort, string> = {
  text: 'WoTextLC ASC, WoID ASC',
  text_desc: 'WoTextLC DESC, WoID DESC',
  translation: "WoTranslation = '' ASC, WoTranslation COLLATE NOCASE ASC, WoID ASC",
  status: 'WoStatus ASC, WoTextLC ASC',
  status_desc: 'WoStatus DESC, WoTextLC ASC',
  created: 'WoCreated ASC, WoID ASC',
  created_desc: 'WoCreated DESC, WoID DESC',
  modified_desc: 'WoModified DESC, WoID DESC',
  lemma: 'WoLemmaLC IS NULL ASC, WoLemmaLC ASC, WoTextLC ASC',
};

export type TermFilters = TermListFilters & { ids?: number[]; batch?: number };

/** The WHERE clause of a filtered list. Every piece is fixed SQL; user values travel as parameters. */
function filterWhere(user: CurrentUser, f: TermFilters): { sql: string; params: Record<string, unknown> } {
  const parts = [ownerSql('WoUsID')];
  const params: Record<string, unknown> = { owner: ownerOf(user) };
  if (f.language_id !== undefined) {
    parts.push('WoLgID = @lg');
    params.lg = f.language_id;
  }
  if (f.status !== undefined && f.status !== 'all') {
    const s = String(f.status);
    if (s === 'learning') parts.push('WoStatus BETWEEN 1 AND 5');
    else if (s === 'known') parts.push('WoStatus IN (5, 99)');
    else if (s === 'unknown') parts.push('0');
    else {
      parts.push('WoStatus IN (SELECT value FROM json_each(@statuses))');
      params.statuses = JSON.stringify(s.split(',').map(Number));
    }
  }
  if (f.tag_id === 'none') {
    parts.push(`NOT EXISTS (SELECT 1 FROM word_tag_map JOIN tags ON TgID = WtTgID WHERE WtWoID = WoID AND ${ownerSql('TgUsID')})`);
  } else if (f.tag_id !== undefined) {
    parts.push(`EXISTS (SELECT 1 FROM word_tag_map JOIN tags ON TgID = WtTgID WHERE WtWoID = WoID AND WtTgID = @tag AND ${ownerSql('TgUsID')})`);
    params.tag = f.tag_id;
  }
  if (f.text_id !== undefined) {
    // Occurrences are read through their owned parent text.
    parts.push(
      `WoID IN (SELECT Ti2WoID FROM word_occurrences JOIN texts ON TxID = Ti2TxID WHERE Ti2TxID = @text AND Ti2WoID IS NOT NULL AND ${ownerSql('TxUsID')})`,
    );
    params.text = f.text_id;
  }
  if (f.q?.trim()) {
    parts.push("(WoTextLC LIKE @q ESCAPE '\\' OR WoLemmaLC LIKE @q ESCAPE '\\' OR WoTranslation LIKE @q ESCAPE '\\' OR WoRomanization LIKE @q ESCAPE '\\')");
    params.q = `%${f.q
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => '\\' + c)}%`;
  }
  if (f.ids !== undefined) {
    parts.push('WoID IN (SELECT value FROM json_each(@ids))');
    params.ids = JSON.stringify(f.ids);
  }
  if (f.batch !== undefined) {
    parts.push('WoImportBatch = @batch');
    params.batch = f.batch;
  }
  return { sql: parts.join(' AND '), params };
}

export function countFilteredTerms(sqlite: Sqlite, user: CurrentUser, filters: TermFilters): number {
  const where = filterWhere(user, filters);
  return stmt(sqlite, `SELECT count(*) FROM words WHERE ${where.sql}`).pluck().get(where.params) as number;
}

/** The filtered terms in the list's order; a page of them when `page` is given. */
export function filteredTerms(sqlite: Sqlite, user: CurrentUser, filters: TermFilters, page?: { limit: number; offset: number }): TermRowWithSource[] {
  const where = filterWhere(user, filters);
  const sql = `SELECT ${TERM_COLUMNS}, WoLemmaSource FROM words WHERE ${where.sql} ORDER BY ${ORDER[filters.sort ?? 'text']}`;
  if (!page) return stmt(sqlite, sql).all(where.params) as TermRowWithSource[];
  return stmt(sqlite, `${sql} LIMIT @limit OFFSET @offset`).all({ ...where.params, ...page }) as TermRowWithSource[];
}

// ---- media attached to terms (term_media, issue 29) -----------------------------------------------------

export interface TermMediaRow {
  TmWoID: number;
  TmMfID: string;
  TmRole: 'audio' | 'picture';
  TmFileName: string;
}

/** Links media files to a term of the caller (the term's owner is checked by the join; a foreign term links nothing). */
export function insertTermMedia(sqlite: Sqlite, user: CurrentUser, rows: readonly TermMediaRow[]): void {
  const insert = stmt(
    sqlite,
    `INSERT OR REPLACE INTO term_media (TmWoID, TmMfID, TmRole, TmFileName)
       SELECT WoID, @TmMfID, @TmRole, @TmFileName FROM words WHERE WoID = @TmWoID AND ${ownerSql('WoUsID')}`,
  );
  for (const row of rows) insert.run({ ...row, owner: ownerOf(user) });
}

/** The media of the caller's terms, in the order they were attached. */
export function mediaOfTerms(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[]): TermMediaRow[] {
  return stmt(
    sqlite,
    `SELECT TmWoID, TmMfID, TmRole, TmFileName FROM term_media JOIN words ON WoID = TmWoID
       WHERE TmWoID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('WoUsID')} ORDER BY term_media.rowid`,
  ).all({ ids: ids(termIds), owner: ownerOf(user) }) as TermMediaRow[];
}

/** Lets go of media files about to be deleted (media.deleting). */
export function deleteTermMediaOfFiles(sqlite: Sqlite, user: CurrentUser, mediaIds: readonly string[]): void {
  stmt(
    sqlite,
    `DELETE FROM term_media WHERE TmMfID IN (SELECT value FROM json_each(@ids))
       AND TmWoID IN (SELECT WoID FROM words WHERE ${ownerSql('WoUsID')})`,
  ).run({ ids: JSON.stringify(mediaIds), owner: ownerOf(user) });
}

/** The owner's terms of a language whose text holds `part` (a word correction's string), with their word counts. */
export function termsContaining(sqlite: Sqlite, user: CurrentUser, languageId: number, part: string): { WoID: number; WoText: string; WoWordCount: number }[] {
  return stmt(sqlite, `SELECT WoID, WoText, WoWordCount FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} AND instr(WoTextLC, @part) > 0`).all({
    lg: languageId,
    part,
    owner: ownerOf(user),
  }) as { WoID: number; WoText: string; WoWordCount: number }[];
}
