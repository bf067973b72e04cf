// Runs in: main. SQL for texts, their tag links and ruby readings; every statement scoped to the owner, tag maps
// and readings reached through their owned text.
import type { TEXT_SORTS, TextDto, WordCounts } from '../../../../src-shared/contract/texts';
import type { Sqlite } from '../../../db/connection';
import { ownerOf, ownerSql, type CurrentUser } from '../../../db/scope';
import { insertMany, stmt } from '../../../db/sql';
import { knownPct, type RunningCoverage } from './coverage';

const TEXT_COLUMNS = 'TxID, TxLgID, TxTitle, TxAudioURI, TxSourceURI, TxAudioPosition, TxPosition, TxArchived, TxCreated, TxModified, TxOpenedAt, TxFinishedAt';

export type TextRow = Omit<TextDto, 'TextTags'> & { TxNeedsParse: boolean };
type RawRow = Omit<TextRow, 'TxArchived' | 'TxNeedsParse'> & { TxArchived: number; TxNeedsParse: number };

const fromRaw = (r: RawRow): TextRow => ({ ...r, TxArchived: r.TxArchived === 1, TxNeedsParse: r.TxNeedsParse === 1 });

export function selectText(sqlite: Sqlite, user: CurrentUser, id: number): TextRow | undefined {
  const row = stmt(sqlite, `SELECT ${TEXT_COLUMNS}, TxText, TxNeedsParse FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}`).get({
    id,
    owner: ownerOf(user),
  }) as RawRow | undefined;
  return row && fromRaw(row);
}

/** A text just stored, with the body its caller holds: a 10 MB subtitle text is not read back to answer. */
export function selectStoredText(sqlite: Sqlite, user: CurrentUser, id: number, body: string): TextRow | undefined {
  const row = stmt(sqlite, `SELECT ${TEXT_COLUMNS}, TxNeedsParse FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}`).get({
    id,
    owner: ownerOf(user),
  }) as Omit<RawRow, 'TxText'> | undefined;
  if (!row) return undefined;
  const { TxNeedsParse, ...columns } = row;
  return fromRaw({ ...columns, TxText: body, TxNeedsParse });
}

export interface NewTextRow {
  TxLgID: number;
  TxTitle: string;
  TxText: string;
  TxAudioURI: string;
  TxSourceURI: string;
}

export function insertText(sqlite: Sqlite, user: CurrentUser, row: NewTextRow, now: number): number {
  return Number(
    stmt(
      sqlite,
      `INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxAudioURI, TxSourceURI, TxCreated, TxModified)
       VALUES (@TxLgID, @owner, @TxTitle, @TxText, @TxAudioURI, @TxSourceURI, @now, @now)`,
    ).run({ ...row, owner: ownerOf(user), now }).lastInsertRowid,
  );
}

/** A text moved in from another tool: archived or not, with the source's dates where it kept them. */
export interface UnparsedTextRow extends NewTextRow {
  TxArchived: boolean;
  /** When the source created it (else the import's moment) and when it was read to the end. */
  TxCreated?: number;
  TxFinishedAt?: number | null;
}

/** A text stored unparsed (TxNeedsParse), as texts moved in from another tool are. */
export function insertUnparsedText(sqlite: Sqlite, user: CurrentUser, row: UnparsedTextRow, now: number): number {
  return Number(
    stmt(
      sqlite,
      `INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxAudioURI, TxSourceURI, TxArchived, TxNeedsParse, TxCreated, TxModified, TxFinishedAt)
       VALUES (@TxLgID, @owner, @TxTitle, @TxText, @TxAudioURI, @TxSourceURI, @archived, 1, @created, @now, @finished)`,
    ).run({
      created: row.TxCreated ?? now,
      finished: row.TxFinishedAt ?? null,
      TxLgID: row.TxLgID,
      TxTitle: row.TxTitle,
      TxText: row.TxText,
      TxAudioURI: row.TxAudioURI,
      TxSourceURI: row.TxSourceURI,
      archived: row.TxArchived ? 1 : 0,
      owner: ownerOf(user),
      now,
    }).lastInsertRowid,
  );
}

/** Every text of the database (all owners: a whole restored file) is parsed again when next opened. */
export function markEveryTextForReparse(sqlite: Sqlite): void {
  stmt(sqlite, 'UPDATE texts SET TxNeedsParse = 1').run();
}

const WRITABLE = new Set([
  'TxLgID',
  'TxTitle',
  'TxText',
  'TxAudioURI',
  'TxSourceURI',
  'TxAudioPosition',
  'TxPosition',
  'TxArchived',
  'TxModified',
  'TxOpenedAt',
  'TxFinishedAt',
  'TxNeedsParse',
]);

export function updateTextColumns(sqlite: Sqlite, user: CurrentUser, id: number, patch: Record<string, string | number | boolean | null>): number {
  const keys = Object.keys(patch).filter((k) => WRITABLE.has(k));
  if (keys.length === 0) return 0;
  const values = Object.fromEntries(keys.map((k) => [k, typeof patch[k] === 'boolean' ? (patch[k] ? 1 : 0) : patch[k]]));
  return sqlite
    .prepare(`UPDATE texts SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE TxID = @id AND ${ownerSql('TxUsID')}`)
    .run({ ...values, id, owner: ownerOf(user) }).changes;
}

export function deleteText(sqlite: Sqlite, user: CurrentUser, id: number): number {
  return stmt(sqlite, `DELETE FROM texts WHERE TxID = @id AND ${ownerSql('TxUsID')}`).run({ id, owner: ownerOf(user) }).changes;
}

export function tagsOfTexts(sqlite: Sqlite, user: CurrentUser, ids: readonly number[]): Map<number, string[]> {
  const rows = stmt(
    sqlite,
    `SELECT TtTxID, T2Text FROM text_tag_map JOIN texts ON TxID = TtTxID JOIN text_tags ON T2ID = TtT2ID
     WHERE TtTxID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('TxUsID')} ORDER BY T2Text`,
  ).all({ ids: JSON.stringify(ids), owner: ownerOf(user) }) as { TtTxID: number; T2Text: string }[];
  const map = new Map<number, string[]>();
  for (const r of rows) map.set(r.TtTxID, [...(map.get(r.TtTxID) ?? []), r.T2Text]);
  return map;
}

export interface ListQuery {
  language?: number;
  search?: string;
  tag?: string;
  archived: boolean;
  sort: (typeof TEXT_SORTS)[number];
  /** Book chapters: left out (`hide`), listed with the other texts (`show`), or only those of one book. */
  chapters?: 'hide' | 'show';
  book?: number;
  limit: number;
  offset: number;
  /** The known share of these texts' running words, for the coverage sort. */
  coverageOf: (rows: readonly ListedTextRow[]) => Map<number, RunningCoverage>;
}

const ORDER_BY: Record<Exclude<ListQuery['sort'], 'unknown' | 'coverage'>, string> = {
  newest: 'TxCreated DESC, TxID DESC',
  oldest: 'TxCreated ASC, TxID ASC',
  title: 'TxTitle COLLATE NOCASE ASC, TxID ASC',
  opened: 'TxOpenedAt IS NULL, TxOpenedAt DESC, TxID DESC',
};

/** The book a listed text is a chapter of (a LEFT JOIN: the books module owns these tables and writes them). */
export interface ChapterOfRow {
  BcBkID: number | null;
  BcNum: number | null;
  BcTitle: string | null;
  BkTitle: string | null;
}
export type ListedTextRow = Omit<TextRow, 'TxText'> & { LgName: string } & ChapterOfRow;

export interface ListedTexts {
  rows: ListedTextRow[];
  total: number;
  hiddenChapters: number;
  /** Filled by the coverage sort (it has every matching text's figure already). */
  coverage?: Map<number, RunningCoverage>;
}

export function listTexts(sqlite: Sqlite, user: CurrentUser, q: ListQuery): ListedTexts {
  const where = [ownerSql('TxUsID'), 'TxArchived = @archived'];
  const params: Record<string, unknown> = { owner: ownerOf(user), archived: q.archived ? 1 : 0 };
  if (q.language) {
    where.push('TxLgID = @language');
    params.language = q.language;
  }
  if (q.search) {
    where.push("(TxTitle LIKE @search ESCAPE '\\' OR TxSourceURI LIKE @search ESCAPE '\\')");
    params.search = `%${q.search.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
  }
  if (q.tag) {
    where.push('TxID IN (SELECT TtTxID FROM text_tag_map JOIN text_tags ON T2ID = TtT2ID WHERE T2Text = @tag)');
    params.tag = q.tag;
  }
  if (q.book) {
    where.push('BcBkID = @book');
    params.book = q.book;
  }
  const join = 'FROM texts JOIN languages ON LgID = TxLgID LEFT JOIN book_chapters ON BcTxID = TxID LEFT JOIN books ON BkID = BcBkID';
  const matching = `${join} WHERE ${where.join(' AND ')}`;
  const hide = q.chapters === 'hide' && !q.book;
  const from = hide ? `${matching} AND BcID IS NULL` : matching;
  const total = (sqlite.prepare(`SELECT count(*) AS n ${from}`).get(params) as { n: number }).n;
  const hiddenChapters = hide ? (sqlite.prepare(`SELECT count(*) AS n ${matching} AND BcID IS NOT NULL`).get(params) as { n: number }).n : 0;
  const select = `SELECT ${TEXT_COLUMNS}, TxNeedsParse, LgName, BcBkID, BcNum, BcTitle, BkTitle ${from}`;
  type Raw = RawRow & { LgName: string } & ChapterOfRow;
  if (q.sort === 'unknown') {
    // Needs every matching text's counts; libraries are hundreds of texts, not millions.
    const all = (sqlite.prepare(select).all(params) as Raw[]).map((r) => fromRaw(r) as unknown as ListedTextRow);
    const counts = wordCounts(
      sqlite,
      all.map((r) => r.TxID),
    );
    all.sort((a, b) => (counts.get(a.TxID)?.unknown ?? 0) - (counts.get(b.TxID)?.unknown ?? 0) || b.TxID - a.TxID);
    return { rows: all.slice(q.offset, q.offset + q.limit), total, hiddenChapters };
  }
  if (q.sort === 'coverage') {
    // The same: every matching text's known share (kept between lists: coverage-cache.ts).
    const all = (sqlite.prepare(select).all(params) as Raw[]).map((r) => fromRaw(r) as unknown as ListedTextRow);
    const coverage = q.coverageOf(all);
    const share = (id: number) => knownPct(coverage.get(id)!);
    all.sort((a, b) => share(b.TxID) - share(a.TxID) || b.TxID - a.TxID);
    return { rows: all.slice(q.offset, q.offset + q.limit), total, hiddenChapters, coverage };
  }
  // One book's chapters share their import time: by date they come in chapter order.
  const order = q.book && (q.sort === 'newest' || q.sort === 'oldest') ? `BcNum ${q.sort === 'newest' ? 'DESC' : 'ASC'}` : ORDER_BY[q.sort];
  const rows = sqlite.prepare(`${select} ORDER BY ${order} LIMIT @limit OFFSET @offset`).all({ ...params, limit: q.limit, offset: q.offset }) as Raw[];
  return { rows: rows.map((r) => fromRaw(r) as unknown as ListedTextRow), total, hiddenChapters };
}

/** The texts of a language not archived, book chapters included: oldest first, a book's chapters in order. */
export function libraryTextIds(sqlite: Sqlite, user: CurrentUser, languageId: number): number[] {
  return (
    stmt(
      sqlite,
      `SELECT TxID FROM texts LEFT JOIN book_chapters ON BcTxID = TxID
       WHERE TxLgID = @lg AND TxArchived = 0 AND ${ownerSql('TxUsID')} ORDER BY TxCreated, BcNum, TxID`,
    ).all({ lg: languageId, owner: ownerOf(user) }) as { TxID: number }[]
  ).map((r) => r.TxID);
}

const EMPTY_COUNTS: WordCounts = { total: 0, unknown: 0, learning: 0, known: 0, ignored: 0 };

/** Distinct words per text by status. Callers pass ids of texts the user owns (from an owner-scoped list). */
export function wordCounts(sqlite: Sqlite, textIds: readonly number[]): Map<number, WordCounts> {
  const rows = stmt(
    sqlite,
    `SELECT o.Ti2TxID AS id, count(*) AS total, sum(w.WoID IS NULL) AS unknown,
            sum(w.WoStatus BETWEEN 1 AND 4) AS learning, sum(w.WoStatus IN (5, 99)) AS known, sum(w.WoStatus = 98) AS ignored
     FROM (SELECT DISTINCT Ti2TxID, Ti2TfID, Ti2WoID FROM word_occurrences WHERE Ti2TxID IN (SELECT value FROM json_each(?)) AND Ti2WordCount = 1) o
     LEFT JOIN words w ON w.WoID = o.Ti2WoID
     GROUP BY o.Ti2TxID`,
  ).all(JSON.stringify(textIds)) as (WordCounts & { id: number })[];
  const map = new Map<number, WordCounts>();
  for (const id of textIds) map.set(id, { ...EMPTY_COUNTS });
  for (const { id, ...c } of rows)
    map.set(id, { total: c.total, unknown: c.unknown ?? 0, learning: c.learning ?? 0, known: c.known ?? 0, ignored: c.ignored ?? 0 });
  return map;
}

/** The ruby readings an imported book gave a text's words (base → reading), kept for furigana. */
export function insertTextReadings(sqlite: Sqlite, textId: number, readings: Record<string, string>): void {
  insertMany(
    sqlite,
    'INSERT OR IGNORE INTO text_readings (RdTxID, RdBase, RdReading)',
    3,
    Object.entries(readings).map(([base, reading]) => [textId, base, reading]),
  );
}
