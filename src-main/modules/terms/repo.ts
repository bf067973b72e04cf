// Runs in: main. SQL for terms (table words) and their tag links. Every statement is scoped to the owner;
// id lists travel as one JSON parameter (json_each), so a statement serves any number of ids.
import type { Sqlite } from '../../db/connection';
import { stmt } from '../../db/sql';
import { ownerOf, ownerSql, type CurrentUser } from '../../db/scope';
import type { TermDto } from '../../../src-shared/contract/terms';
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

const INSERT_TERM = `INSERT INTO words (WoLgID, WoUsID, WoText, WoTextLC, WoLemma, WoLemmaLC, WoLemmaSource, WoStatus, WoTranslation, WoRomanization, WoNotes, WoSentence, WoWordCount, WoImportBatch, WoCreated, WoModified, WoStatusChanged)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Positional binding: the bulk import inserts 100k rows through here, and named binding costs more. */
export function insertTerm(sqlite: Sqlite, user: CurrentUser, r: NewTermRow, now: number): number {
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
      now,
      now,
      now,
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
  return stmt(sqlite, `SELECT 1 FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} LIMIT 1`).get({ lg: languageId, owner: ownerOf(user) }) !== undefined;
}

/** Highest import batch number the owner has used (0 when none). */
export function lastImportBatch(sqlite: Sqlite, user: CurrentUser): number {
  return (
    (stmt(sqlite, `SELECT max(WoImportBatch) FROM words WHERE ${ownerSql('WoUsID')}`)
      .pluck()
      .get({ owner: ownerOf(user) }) as number | null) ?? 0
  );
}
