// Runs in: main. SQL for books and their chapters. Books are owner-scoped; chapters (and their texts' word
// occurrences) are reached only through an owned book.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

export interface BookRow {
  BkID: number;
  BkLgID: number;
  LgName: string;
  BkTitle: string;
  BkAuthor: string;
  BkDescription: string;
  BkSourceURI: string;
  BkCoverPath: string;
  BkCoverMfID: string | null;
  BkSourceHash: string;
  BkChapterCount: number;
  BkCurrentChapter: number;
  BkPosition: number;
  BkProgress: number;
  BkCreated: number;
  BkOpenedAt: number | null;
  BkPictures: number | null;
}

const BOOK_COLUMNS = `BkID, BkLgID, LgName, BkTitle, BkAuthor, BkDescription, BkSourceURI, BkCoverPath, BkCoverMfID, BkSourceHash, BkChapterCount,
  BkCurrentChapter, BkPosition, BkProgress, BkCreated, BkOpenedAt, BkPictures`;

export function selectBook(sqlite: Sqlite, user: CurrentUser, id: number): BookRow | undefined {
  return stmt(sqlite, `SELECT ${BOOK_COLUMNS} FROM books JOIN languages ON LgID = BkLgID WHERE BkID = @id AND ${ownerSql('BkUsID')}`).get({
    id,
    owner: ownerOf(user),
  }) as BookRow | undefined;
}

/** The caller's books, last read first (never opened: newest first after them). */
export function listBooks(sqlite: Sqlite, user: CurrentUser, languageId?: number): BookRow[] {
  return stmt(
    sqlite,
    `SELECT ${BOOK_COLUMNS} FROM books JOIN languages ON LgID = BkLgID
     WHERE ${ownerSql('BkUsID')} AND (@lg IS NULL OR BkLgID = @lg)
     ORDER BY BkOpenedAt IS NULL, BkOpenedAt DESC, BkCreated DESC, BkID DESC`,
  ).all({ owner: ownerOf(user), lg: languageId ?? null }) as BookRow[];
}

export function findByHash(sqlite: Sqlite, user: CurrentUser, hash: string): { BkID: number; BkTitle: string } | undefined {
  return stmt(sqlite, `SELECT BkID, BkTitle FROM books WHERE ${ownerSql('BkUsID')} AND BkSourceHash = @hash LIMIT 1`).get({ owner: ownerOf(user), hash }) as
    { BkID: number; BkTitle: string } | undefined;
}

export interface NewBook {
  BkLgID: number;
  BkTitle: string;
  BkAuthor: string;
  BkDescription: string;
  BkSourceURI: string;
  BkCoverPath: string;
  BkCoverMfID: string | null;
  BkSourceHash: string;
  BkChapterCount: number;
}

export function insertBook(sqlite: Sqlite, user: CurrentUser, row: NewBook, now: number): number {
  return Number(
    stmt(
      sqlite,
      `INSERT INTO books (BkLgID, BkUsID, BkTitle, BkAuthor, BkDescription, BkSourceURI, BkCoverPath, BkCoverMfID, BkSourceHash, BkChapterCount, BkCreated)
       VALUES (@BkLgID, @owner, @BkTitle, @BkAuthor, @BkDescription, @BkSourceURI, @BkCoverPath, @BkCoverMfID, @BkSourceHash, @BkChapterCount, @now)`,
    ).run({ ...row, owner: ownerOf(user), now }).lastInsertRowid,
  );
}

/** Chapters of a book the caller just created (inside the same transaction). */
export function insertChapters(sqlite: Sqlite, bookId: number, rows: readonly { num: number; title: string; textId: number }[]): void {
  const insert = stmt(sqlite, 'INSERT INTO book_chapters (BcBkID, BcNum, BcTitle, BcTxID) VALUES (?, ?, ?, ?)');
  for (const r of rows) insert.run(bookId, r.num, r.title, r.textId);
}

export interface ChapterRow {
  BcNum: number;
  BcTitle: string;
  BcTxID: number;
  TxFinishedAt: number | null;
}

export function chaptersOf(sqlite: Sqlite, user: CurrentUser, bookId: number): ChapterRow[] {
  return stmt(
    sqlite,
    `SELECT BcNum, BcTitle, BcTxID, TxFinishedAt FROM books
     JOIN book_chapters ON BcBkID = BkID JOIN texts ON TxID = BcTxID
     WHERE BkID = @id AND ${ownerSql('BkUsID')} ORDER BY BcNum`,
  ).all({ id: bookId, owner: ownerOf(user) }) as ChapterRow[];
}

/** Chapter text ids of several owned books, for the list's totals. */
export function chapterTextsOfBooks(sqlite: Sqlite, user: CurrentUser, bookIds: readonly number[]): { BkID: number; BcNum: number; BcTxID: number }[] {
  return stmt(
    sqlite,
    `SELECT BkID, BcNum, BcTxID FROM books JOIN book_chapters ON BcBkID = BkID
     WHERE BkID IN (SELECT value FROM json_each(@ids)) AND ${ownerSql('BkUsID')} AND BcTxID IS NOT NULL`,
  ).all({ ids: JSON.stringify(bookIds), owner: ownerOf(user) }) as { BkID: number; BcNum: number; BcTxID: number }[];
}

export interface RawStats {
  words: number;
  unknown: number;
  known: number;
}

/**
 * Per text: running words, distinct unknown words, running words known (status 5, 99) or ignored (98).
 * Callers pass text ids reached through an owned book.
 */
export function statsOfTexts(sqlite: Sqlite, textIds: readonly number[]): Map<number, RawStats> {
  // Grouped by form first (a text's rows are in form order; every single-word row of a form has the form's term):
  // the term's status is read once a form, not once a running word.
  const rows = stmt(
    sqlite,
    `SELECT f.id, sum(f.n) AS words, count(CASE WHEN f.term IS NULL THEN 1 END) AS unknown,
            coalesce(sum(CASE WHEN w.WoStatus IN (5, 98, 99) THEN f.n END), 0) AS known
     FROM (SELECT Ti2TxID AS id, count(*) AS n, max(Ti2WoID) AS term FROM word_occurrences
           WHERE Ti2TxID IN (SELECT value FROM json_each(?)) AND Ti2WordCount = 1 GROUP BY Ti2TxID, Ti2TfID) f
     LEFT JOIN words w ON w.WoID = f.term
     GROUP BY f.id`,
  ).all(JSON.stringify(textIds)) as (RawStats & { id: number })[];
  return new Map(rows.map(({ id, ...s }) => [id, s]));
}

/** Distinct unknown words across several texts (a word unknown in two chapters counts once for the book). */
export function distinctUnknown(sqlite: Sqlite, textIds: readonly number[]): number {
  return (
    stmt(
      sqlite,
      `SELECT count(DISTINCT Ti2TfID) AS n FROM word_occurrences
       WHERE Ti2TxID IN (SELECT value FROM json_each(?)) AND Ti2WordCount = 1 AND Ti2WoID IS NULL`,
    ).get(JSON.stringify(textIds)) as { n: number }
  ).n;
}

/** The distinct word forms of one text that have no term (a book's unknown words are their union over its chapters). */
export function unknownFormsOf(sqlite: Sqlite, textId: number): number[] {
  return stmt(sqlite, `SELECT DISTINCT Ti2TfID FROM word_occurrences WHERE Ti2TxID = ? AND Ti2WordCount = 1 AND Ti2WoID IS NULL`)
    .pluck()
    .all(textId) as number[];
}

/** The most frequent words without a term in these texts, with their running counts. */
export function topUnknown(sqlite: Sqlite, textIds: readonly number[], limit: number): { word: string; count: number }[] {
  return stmt(
    sqlite,
    `SELECT TfTextLC AS word, count(*) AS count FROM word_occurrences JOIN token_forms ON TfID = Ti2TfID
     WHERE Ti2TxID IN (SELECT value FROM json_each(?)) AND Ti2WordCount = 1 AND Ti2WoID IS NULL
     GROUP BY Ti2TfID ORDER BY count DESC, word LIMIT ?`,
  ).all(JSON.stringify(textIds), limit) as { word: string; count: number }[];
}

/** A distinct word form of several texts: its running words, its first one and the status of its term. */
export interface CoverageFormRow {
  form: string;
  n: number;
  /** Index of the text in the list · 2^32 + Ti2Order: reading order across chapters. */
  first: number;
  status: number | null;
}

/** Every single-word form of these texts (taken in this order) for the coverage count; callers pass owned texts. */
export function coverageForms(sqlite: Sqlite, textIds: readonly number[]): CoverageFormRow[] {
  // One text at a time, grouped in the key's own order (Ti2TxID, Ti2TfID, …): no sort of the book's 100,000 rows.
  // The forms are merged here; their spelling and their terms' statuses are then read once a form.
  const perText = stmt(
    sqlite,
    `SELECT Ti2TfID AS tf, count(*) AS n, min(Ti2Order) AS first, max(Ti2WoID) AS term
     FROM word_occurrences WHERE Ti2TxID = ? AND Ti2WordCount = 1 GROUP BY Ti2TfID`,
  );
  const byForm = new Map<number, { n: number; first: number; term: number | null }>();
  textIds.forEach((textId, index) => {
    for (const r of perText.all(textId) as { tf: number; n: number; first: number; term: number | null }[]) {
      const seen = byForm.get(r.tf);
      if (seen) seen.n += r.n;
      else byForm.set(r.tf, { n: r.n, first: index * 2 ** 32 + r.first, term: r.term });
    }
  });
  const tfs = [...byForm.keys()];
  const spelled = stmt(sqlite, `SELECT TfID AS tf, TfTextLC AS form FROM token_forms WHERE TfID IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(tfs),
  ) as { tf: number; form: string }[];
  const terms = [...new Set([...byForm.values()].map((f) => f.term).filter((t): t is number => t !== null))];
  const statusOf = new Map(
    (
      stmt(sqlite, `SELECT WoID AS id, WoStatus AS status FROM words WHERE WoID IN (SELECT value FROM json_each(?))`).all(JSON.stringify(terms)) as {
        id: number;
        status: number;
      }[]
    ).map((r) => [r.id, r.status]),
  );
  return spelled.map(({ tf, form }) => {
    const f = byForm.get(tf)!;
    return { form, n: f.n, first: f.first, status: f.term === null ? null : (statusOf.get(f.term) ?? null) };
  });
}

/** Occurrences of known (5, 98, 99) multi-word terms in these texts: where they start and how many words they span. */
export function knownPhrases(sqlite: Sqlite, textIds: readonly number[]): { text: number; order: number; words: number }[] {
  return stmt(
    sqlite,
    `SELECT Ti2TxID AS text, Ti2Order AS "order", Ti2WordCount AS words
     FROM json_each(?) j JOIN word_occurrences ON Ti2TxID = j.value AND Ti2WordCount > 1 AND Ti2WoID IS NOT NULL
     JOIN words ON WoID = Ti2WoID AND WoStatus IN (5, 98, 99)`,
  ).all(JSON.stringify(textIds)) as { text: number; order: number; words: number }[];
}

/** A text's single words in reading order: their Ti2Order and form, for the words a phrase covers. */
export function wordsInOrder(sqlite: Sqlite, textId: number): { order: number; form: string }[] {
  return stmt(
    sqlite,
    `SELECT Ti2Order AS "order", TfTextLC AS form FROM word_occurrences JOIN token_forms ON TfID = Ti2TfID
     WHERE Ti2TxID = ? AND Ti2WordCount = 1 ORDER BY Ti2Order`,
  ).all(textId) as { order: number; form: string }[];
}

export function updatePosition(sqlite: Sqlite, user: CurrentUser, id: number, p: { chapter: number; position: number; progress: number; now: number }): number {
  return stmt(
    sqlite,
    `UPDATE books SET BkCurrentChapter = @chapter, BkPosition = @position, BkProgress = @progress, BkOpenedAt = @now
     WHERE BkID = @id AND ${ownerSql('BkUsID')}`,
  ).run({ ...p, id, owner: ownerOf(user) }).changes;
}

/** Only the share read (a chapter marked read or taken back): the place the learner reads at stays. */
export function updateProgress(sqlite: Sqlite, user: CurrentUser, id: number, progress: number): number {
  return stmt(sqlite, `UPDATE books SET BkProgress = @progress WHERE BkID = @id AND ${ownerSql('BkUsID')}`).run({ progress, id, owner: ownerOf(user) }).changes;
}

export function deleteBook(sqlite: Sqlite, user: CurrentUser, id: number): number {
  return stmt(sqlite, `DELETE FROM books WHERE BkID = @id AND ${ownerSql('BkUsID')}`).run({ id, owner: ownerOf(user) }).changes;
}

export interface TextPlace {
  BkID: number;
  BkTitle: string;
  BkChapterCount: number;
  BcNum: number;
  BcTitle: string;
  prev: number | null;
  next: number | null;
}

/** The owned book a text is a chapter of, with its neighbours' text ids. */
export function bookOfText(sqlite: Sqlite, user: CurrentUser, textId: number): TextPlace | undefined {
  return stmt(
    sqlite,
    `SELECT BkID, BkTitle, BkChapterCount, c.BcNum, c.BcTitle,
            (SELECT BcTxID FROM book_chapters p WHERE p.BcBkID = BkID AND p.BcNum = c.BcNum - 1) AS prev,
            (SELECT BcTxID FROM book_chapters n WHERE n.BcBkID = BkID AND n.BcNum = c.BcNum + 1) AS next
     FROM book_chapters c JOIN books ON BkID = c.BcBkID
     WHERE c.BcTxID = @text AND ${ownerSql('BkUsID')} LIMIT 1`,
  ).get({ text: textId, owner: ownerOf(user) }) as TextPlace | undefined;
}

/** The caller's languages with their ISO codes (matching dc:language). */
export function languageCodes(sqlite: Sqlite, user: CurrentUser): { LgID: number; LgIsoCode: string; LgName: string }[] {
  return stmt(sqlite, `SELECT LgID, LgIsoCode, LgName FROM languages WHERE ${ownerSql('LgUsID')} ORDER BY LgID`).all({ owner: ownerOf(user) }) as {
    LgID: number;
    LgIsoCode: string;
    LgName: string;
  }[];
}

// ---- pictures ----------------------------------------------------------------------------------------------

export interface ImageRow {
  BiChapter: number;
  BiPara: number;
  BiMfID: string;
  BiAlt: string;
  BiWidth: number;
  BiHeight: number;
}

/** Pictures of a book the caller just created (inside the same transaction), in chapter order. */
export function insertImages(sqlite: Sqlite, bookId: number, rows: readonly ImageRow[]): void {
  const insert = stmt(
    sqlite,
    `INSERT INTO book_images (BiBkID, BiChapter, BiOrder, BiPara, BiMfID, BiAlt, BiWidth, BiHeight)
     VALUES (@book, @BiChapter, @order, @BiPara, @BiMfID, @BiAlt, @BiWidth, @BiHeight)`,
  );
  rows.forEach((r, order) => insert.run({ ...r, book: bookId, order }));
}

/** Every picture of an owned book, in reading order. */
export function imagesOfBook(sqlite: Sqlite, user: CurrentUser, bookId: number): ImageRow[] {
  return stmt(
    sqlite,
    `SELECT BiChapter, BiPara, BiMfID, BiAlt, BiWidth, BiHeight FROM book_images JOIN books ON BkID = BiBkID
     WHERE BkID = @id AND ${ownerSql('BkUsID')} ORDER BY BiChapter, BiOrder`,
  ).all({ id: bookId, owner: ownerOf(user) }) as ImageRow[];
}

/** The media files of an owned book's pictures (each once), to delete with the book. */
export function mediaOfBook(sqlite: Sqlite, user: CurrentUser, bookId: number): string[] {
  return stmt(sqlite, `SELECT DISTINCT BiMfID FROM book_images JOIN books ON BkID = BiBkID WHERE BkID = @id AND ${ownerSql('BkUsID')}`)
    .pluck()
    .all({ id: bookId, owner: ownerOf(user) }) as string[];
}

/** The pictures of the owned book chapter that is this text, with the book's choice (BkPictures); none when it is no chapter. */
export function imagesOfText(sqlite: Sqlite, user: CurrentUser, textId: number): { pictures: number | null; rows: ImageRow[] } {
  const rows = stmt(
    sqlite,
    `SELECT BkPictures, BiChapter, BiPara, BiMfID, BiAlt, BiWidth, BiHeight
     FROM book_chapters c JOIN books ON BkID = c.BcBkID
     JOIN book_images ON BiBkID = BkID AND BiChapter = c.BcNum
     WHERE c.BcTxID = @text AND ${ownerSql('BkUsID')} ORDER BY BiOrder`,
  ).all({ text: textId, owner: ownerOf(user) }) as (ImageRow & { BkPictures: number | null })[];
  return { pictures: rows[0]?.BkPictures ?? null, rows };
}

export function setPictures(sqlite: Sqlite, user: CurrentUser, id: number, value: number | null): number {
  return stmt(sqlite, `UPDATE books SET BkPictures = @value WHERE BkID = @id AND ${ownerSql('BkUsID')}`).run({ id, value, owner: ownerOf(user) }).changes;
}

/** The language's single-word terms the caller owns: each one's status and lemma (for the next-words list). */
export function singleWordTerms(sqlite: Sqlite, user: CurrentUser, languageId: number): { key: string; lemma: string | null; status: number }[] {
  return stmt(
    sqlite,
    `SELECT WoTextLC AS key, WoLemmaLC AS lemma, WoStatus AS status FROM words
      WHERE WoLgID = @language AND ${ownerSql('WoUsID')} AND WoWordCount = 1`,
  ).all({ language: languageId, owner: ownerOf(user) }) as { key: string; lemma: string | null; status: number }[];
}

/** The caller's next book whose cover is still a file under covers/ (cover-move.ts). */
export function nextLegacyCover(sqlite: Sqlite, user: CurrentUser): { BkID: number; BkCoverPath: string } | undefined {
  return stmt(sqlite, `SELECT BkID, BkCoverPath FROM books WHERE ${ownerSql('BkUsID')} AND BkCoverPath != '' ORDER BY BkID LIMIT 1`).get({
    owner: ownerOf(user),
  }) as { BkID: number; BkCoverPath: string } | undefined;
}

/** The cover moved into the media store (or let go: null); the file name under covers/ is emptied. */
export function setCoverMedia(sqlite: Sqlite, user: CurrentUser, bookId: number, mediaId: string | null): void {
  stmt(sqlite, `UPDATE books SET BkCoverMfID = @mediaId, BkCoverPath = '' WHERE BkID = @id AND ${ownerSql('BkUsID')}`).run({
    id: bookId,
    mediaId,
    owner: ownerOf(user),
  });
}
