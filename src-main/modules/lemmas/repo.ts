// Runs in: main. SQL for lemmas and word families (terms of a language grouped by WoLemmaLC).
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';
import type { FamilyMember } from '../../../src-shared/contract/lemmas';

export interface FamilyRow {
  lemma_lc: string;
  lemma: string;
  count: number;
  min_status: number;
}

/** Every family of a language with its size and lowest status, biggest first. */
export function allFamilies(sqlite: Sqlite, user: CurrentUser, languageId: number): FamilyRow[] {
  return stmt(
    sqlite,
    `SELECT WoLemmaLC AS lemma_lc, max(WoLemma) AS lemma, count(*) AS count, min(WoStatus) AS min_status
       FROM words WHERE WoLgID = @lg AND WoLemmaLC IS NOT NULL AND ${ownerSql('WoUsID')}
       GROUP BY WoLemmaLC ORDER BY count DESC, lemma_lc`,
  ).all({ lg: languageId, owner: ownerOf(user) }) as FamilyRow[];
}

export function familyMembers(sqlite: Sqlite, user: CurrentUser, languageId: number, lemmaLCs: readonly string[]): Map<string, FamilyMember[]> {
  const rows = stmt(
    sqlite,
    `SELECT WoLemmaLC AS lc, WoID, WoText, WoStatus, WoTranslation FROM words INDEXED BY words_language_lemma
       WHERE WoLgID = @lg AND WoLemmaLC IN (SELECT value FROM json_each(@lcs)) AND ${ownerSql('WoUsID')}`,
  ).all({ lg: languageId, lcs: JSON.stringify(lemmaLCs), owner: ownerOf(user) }) as (FamilyMember & { lc: string })[];
  // INDEXED BY and sorting here: otherwise SQLite may walk the whole language (by text or owner) instead of the lemma index.
  rows.sort((a, b) => (a.WoText.toLowerCase() < b.WoText.toLowerCase() ? -1 : a.WoText.toLowerCase() > b.WoText.toLowerCase() ? 1 : 0));
  const out = new Map<string, FamilyMember[]>();
  for (const { lc, ...m } of rows) {
    const list = out.get(lc) ?? [];
    list.push(m);
    out.set(lc, list);
  }
  return out;
}

export function familyTermIds(sqlite: Sqlite, user: CurrentUser, languageId: number, lemmaLC: string): number[] {
  return stmt(sqlite, `SELECT WoID FROM words WHERE WoLgID = @lg AND WoLemmaLC = @lc AND ${ownerSql('WoUsID')} ORDER BY WoTextLC`)
    .pluck()
    .all({ lg: languageId, lc: lemmaLC, owner: ownerOf(user) }) as number[];
}

export function coverage(sqlite: Sqlite, user: CurrentUser, languageId: number) {
  return stmt(
    sqlite,
    `SELECT count(*) AS total, count(WoLemmaLC) AS with_lemma,
         sum(WoLemmaSource = 'manual' AND WoLemmaLC IS NOT NULL) AS manual, sum(WoLemmaSource = 'auto' AND WoLemmaLC IS NOT NULL) AS auto,
         count(DISTINCT WoLemmaLC) AS families
       FROM words WHERE WoLgID = @lg AND ${ownerSql('WoUsID')}`,
  ).get({ lg: languageId, owner: ownerOf(user) }) as { total: number; with_lemma: number; manual: number | null; auto: number | null; families: number };
}

export function sharedFamilies(sqlite: Sqlite, user: CurrentUser, languageId: number): number {
  return stmt(
    sqlite,
    `SELECT count(*) FROM (SELECT 1 FROM words WHERE WoLgID = @lg AND WoLemmaLC IS NOT NULL AND ${ownerSql('WoUsID')} GROUP BY WoLemmaLC HAVING count(*) > 1)`,
  )
    .pluck()
    .get({ lg: languageId, owner: ownerOf(user) }) as number;
}

/**
 * Terms a lemmatizer may fill: no lemma yet and none entered by hand; with `onlyIds`, among those ids only, found by
 * primary key (one query with `@ids IS NULL OR …` read every term of the language, 0.3 s on a 1 M-term library, after
 * each save of a few terms: issue 43).
 */
export function termsWithoutLemma(sqlite: Sqlite, user: CurrentUser, languageId: number, onlyIds?: readonly number[]): { WoID: number; WoText: string }[] {
  const filter = `WoLemmaLC IS NULL AND WoLemmaSource IS NOT 'manual'`;
  if (!onlyIds)
    return stmt(sqlite, `SELECT WoID, WoText FROM words WHERE WoLgID = @lg AND ${filter} AND ${ownerSql('WoUsID')}`).all({
      lg: languageId,
      owner: ownerOf(user),
    }) as { WoID: number; WoText: string }[];
  // '+': the language and owner must not lure the planner onto an index of the whole language.
  return stmt(
    sqlite,
    `SELECT WoID, WoText FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND +WoLgID = @lg AND ${filter} AND ${ownerSql('+WoUsID')}`,
  ).all({ lg: languageId, owner: ownerOf(user), ids: JSON.stringify(onlyIds) }) as { WoID: number; WoText: string }[];
}

/** The ids among `termIds` of the caller's terms a lemmatizer may still fill (no lemma, none by hand). */
export function idsWithoutLemma(sqlite: Sqlite, user: CurrentUser, termIds: readonly number[]): number[] {
  return stmt(
    sqlite,
    `SELECT WoID FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND WoLemmaLC IS NULL AND WoLemmaSource IS NOT 'manual' AND ${ownerSql('WoUsID')}`,
  )
    .pluck()
    .all({ ids: JSON.stringify(termIds), owner: ownerOf(user) }) as number[];
}

/** Terms whose lemma was entered by hand. */
export function manualLemmas(sqlite: Sqlite, user: CurrentUser, languageId: number): { WoID: number; WoText: string; WoLemma: string; WoLemmaLC: string }[] {
  return stmt(
    sqlite,
    `SELECT WoID, WoText, WoLemma, WoLemmaLC FROM words WHERE WoLgID = @lg AND WoLemmaSource = 'manual' AND WoLemmaLC IS NOT NULL AND ${ownerSql('WoUsID')}`,
  ).all({ lg: languageId, owner: ownerOf(user) }) as { WoID: number; WoText: string; WoLemma: string; WoLemmaLC: string }[];
}

export function languageOfTerm(sqlite: Sqlite, user: CurrentUser, termId: number): number | undefined {
  return stmt(sqlite, `SELECT WoLgID FROM words WHERE WoID = @id AND ${ownerSql('WoUsID')}`)
    .pluck()
    .get({ id: termId, owner: ownerOf(user) }) as number | undefined;
}

// ---- Deferred lookups (lemma_pending) ----------------------------------------------------------------

/** Records terms whose automatic lemma waits (for their language's table, or the NLP service). */
export function addPending(sqlite: Sqlite, termIds: readonly number[]): void {
  stmt(sqlite, `INSERT OR IGNORE INTO lemma_pending (LpWoID) SELECT value FROM json_each(@ids)`).run({ ids: JSON.stringify(termIds) });
}

/** Forgets terms whose deferred lookup has run (found or not). */
export function removePending(sqlite: Sqlite, termIds: readonly number[]): void {
  stmt(sqlite, `DELETE FROM lemma_pending WHERE LpWoID IN (SELECT value FROM json_each(@ids))`).run({ ids: JSON.stringify(termIds) });
}

/**
 * The languages (with their owner) that have terms waiting, for the start: every owner's, as no request asks. A walk
 * of lemma_pending only (each row finds its term by primary key), so an empty one costs nothing.
 */
export function pendingLanguages(sqlite: Sqlite): { languageId: number; owner: number | null }[] {
  return stmt(sqlite, `SELECT DISTINCT WoLgID AS languageId, WoUsID AS owner FROM lemma_pending CROSS JOIN words ON WoID = LpWoID`).all() as {
    languageId: number;
    owner: number | null;
  }[];
}

/**
 * The caller's terms of a language waiting for a lemma, oldest first. CROSS JOIN: lemma_pending (a few rows) is walked
 * and each term found by its key; with a plain JOIN the planner read every term of the language (0.19 s on 1 M terms).
 */
export function pendingIds(sqlite: Sqlite, user: CurrentUser, languageId: number): number[] {
  return stmt(sqlite, `SELECT LpWoID FROM lemma_pending CROSS JOIN words ON WoID = LpWoID WHERE WoLgID = @lg AND ${ownerSql('WoUsID')} ORDER BY LpWoID`)
    .pluck()
    .all({ lg: languageId, owner: ownerOf(user) }) as number[];
}

// ---- Lemma rules per language (lemma_rules, recompute.ts) --------------------------------------------

export interface RulesRow {
  LrVersion: string;
  LrCursor: number;
  LrChanged: number;
  LrUpdated: number | null;
}

export function rulesOf(sqlite: Sqlite, languageId: number): RulesRow | undefined {
  return stmt(sqlite, 'SELECT LrVersion, LrCursor, LrChanged, LrUpdated FROM lemma_rules WHERE LrLgID = ?').get(languageId) as RulesRow | undefined;
}

/** Every language's recorded rules with what the start needs to judge them (a tiny table: one row per language). */
export function allRules(sqlite: Sqlite): { languageId: number; version: string; owner: number | null }[] {
  return stmt(sqlite, 'SELECT LrLgID AS languageId, LrVersion AS version, LgUsID AS owner FROM lemma_rules JOIN languages ON LgID = LrLgID').all() as {
    languageId: number;
    version: string;
    owner: number | null;
  }[];
}

/** Records `version` for a language that has no row yet, when one of `termIds` now has an automatic lemma. */
export function noteRules(sqlite: Sqlite, languageId: number, version: string, termIds: readonly number[]): void {
  stmt(
    sqlite,
    `INSERT OR IGNORE INTO lemma_rules (LrLgID, LrVersion) SELECT @lg, @version
      WHERE EXISTS (SELECT 1 FROM words WHERE WoID IN (SELECT value FROM json_each(@ids)) AND WoLemmaSource = 'auto')`,
  ).run({ lg: languageId, version, ids: JSON.stringify(termIds) });
}

export function hasRules(sqlite: Sqlite, languageId: number): boolean {
  return stmt(sqlite, 'SELECT 1 FROM lemma_rules WHERE LrLgID = ?').get(languageId) !== undefined;
}

/** A recompute's step: where it stopped and how many lemmas it replaced (added up). */
export function advanceRules(sqlite: Sqlite, languageId: number, cursor: number, changed: number, restart: boolean): void {
  stmt(sqlite, `UPDATE lemma_rules SET LrCursor = @cursor, LrChanged = CASE WHEN @restart THEN 0 ELSE LrChanged END + @changed WHERE LrLgID = @lg`).run({
    lg: languageId,
    cursor,
    changed,
    restart: restart ? 1 : 0,
  });
}

/** The recompute reached the last term: the language's lemmas are the `version`'s now. */
export function finishRules(sqlite: Sqlite, languageId: number, version: string, now: number): void {
  stmt(sqlite, 'UPDATE lemma_rules SET LrVersion = @version, LrCursor = 0, LrUpdated = @now WHERE LrLgID = @lg').run({ lg: languageId, version, now });
}

/** The highest term id (the recompute's end; the primary key's last entry). */
export function lastTermId(sqlite: Sqlite): number {
  return (stmt(sqlite, 'SELECT max(WoID) FROM words').pluck().get() as number | null) ?? 0;
}

/**
 * A language's automatic lemmas among the terms with WoID in (afterId, untilId]: a walk of that range of the primary
 * key (NOT INDEXED: never the language's index, which would read every term of the language to find sparse ones).
 */
export const AUTO_LEMMA_WINDOW_SQL = `SELECT WoID, WoText, WoLemma FROM words NOT INDEXED
  WHERE WoID > @after AND WoID <= @until AND WoLgID = @lg AND WoLemmaSource = 'auto' AND WoLemma IS NOT NULL AND ${ownerSql('WoUsID')}
  ORDER BY WoID`;

export function autoLemmaWindow(
  sqlite: Sqlite,
  user: CurrentUser,
  languageId: number,
  afterId: number,
  untilId: number,
): { WoID: number; WoText: string; WoLemma: string }[] {
  return stmt(sqlite, AUTO_LEMMA_WINDOW_SQL).all({ lg: languageId, after: afterId, until: untilId, owner: ownerOf(user) }) as {
    WoID: number;
    WoText: string;
    WoLemma: string;
  }[];
}
