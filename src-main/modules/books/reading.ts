// Runs in: main. Books as the learner reads them: the list and a book's chapters with their word counts (cached
// per book, dropped when terms, reviews, parsing settings or chapter texts change), reading progress, the cover,
// the difficulty preview, adding a book's words as terms, and the book a text belongs to.
import fs from 'node:fs';
import path from 'node:path';
import type {
  AddedTerms,
  BookChapterDto,
  BookDifficulty,
  BookDto,
  BookListItem,
  BookOfText,
  BookPosition,
  BookWordStats,
  ChapterPicture,
} from '../../../src-shared/contract/books';
import type { FileResult, MediaFileResult } from '../../../src-shared/contract/endpoint';
import { badRequest, notFound } from '../../../src-shared/contract/errors';
import type { HandlerContext } from '../../core/context';
import { slicer, SLICE_MS } from '../../core/slices';
import { importTerms, termsByText } from '../terms';
import { parsingLanguage } from '../languages';
import { firstSentencesMarked } from '../texts';
import { firstDefinitions } from '../dictionaries';
import { mediaFile, mediaUrl } from '../media';
import { getSetting } from '../settings';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

const NOT_FOUND = msg('book.notFound');

/** Covers stored before they were media files: files under <dataDir>/covers/, typed by their extension (cover-move.ts). */
export const coversDir = (ctx: HandlerContext) => path.join(ctx.services.dataDir, 'covers');
export const COVER_EXT: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/webp': '.webp',
};
const COVER_TYPE: Record<string, string> = Object.fromEntries(Object.entries(COVER_EXT).map(([t, e]) => [e, t]));

export function getBookRow(ctx: HandlerContext, id: number): repo.BookRow {
  const row = repo.selectBook(ctx.sqlite, ctx.user, id);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

// ---- reading -----------------------------------------------------------------------------------------------

function stats(s: repo.RawStats | undefined, unknownOverride?: number): BookWordStats {
  const words = s?.words ?? 0;
  return { words, unknown: unknownOverride ?? s?.unknown ?? 0, known_pct: words ? Math.round((1000 * (s?.known ?? 0)) / words) / 10 : 0 };
}

function sumStats(list: (repo.RawStats | undefined)[]): repo.RawStats {
  const out = { words: 0, unknown: 0, known: 0 };
  for (const s of list) {
    if (!s) continue;
    out.words += s.words;
    out.known += s.known;
  }
  return out;
}

// ---- counts cache ------------------------------------------------------------------------------------------
// A book's per-chapter counts scan every occurrence of the book (170,000 rows for 1 MB of text). They change only
// when terms change (terms.changed, a review answer included), a language is parsed again or a chapter's text is edited:
// books/index.ts clears the cache on those events. The key is the book's chapter text ids, so a deleted chapter
// text (texts' own delete) never meets stale counts.

interface BookCounts {
  perText: Map<number, repo.RawStats>;
  unknown: number;
}
const countsCache = new WeakMap<object, Map<string, BookCounts>>();
const COUNTS_CACHE_BOOKS = 200;

export function clearCountsCache(ctx: HandlerContext): void {
  countsCache.delete(ctx.sqlite);
}

function bookCounts(ctx: HandlerContext, textIds: readonly number[]): BookCounts {
  let byKey = countsCache.get(ctx.sqlite);
  if (!byKey) countsCache.set(ctx.sqlite, (byKey = new Map()));
  const key = textIds.join(',');
  let hit = byKey.get(key);
  if (!hit) {
    hit = { perText: repo.statsOfTexts(ctx.sqlite, textIds), unknown: textIds.length ? repo.distinctUnknown(ctx.sqlite, textIds) : 0 };
    if (byKey.size >= COUNTS_CACHE_BOOKS) byKey.clear();
    byKey.set(key, hit);
  }
  return hit;
}

/**
 * Fills the counts cache for a book's chapter texts, as many texts a slice of the event loop (core/slices.ts) as
 * its budget allows (a book just imported: counting its 200 chapters in one query held every request for half a
 * second on a library of a million terms). Nothing is kept when the cache was cleared meanwhile (a term saved
 * between two turns changed the counts).
 */
export async function countBookInSlices(ctx: HandlerContext, textIds: readonly (number | null)[]): Promise<void> {
  let byKey = countsCache.get(ctx.sqlite);
  if (!byKey) countsCache.set(ctx.sqlite, (byKey = new Map()));
  const perText = new Map<number, repo.RawStats>();
  const unknown = new Set<number>();
  const ids = textIds.filter((id): id is number => id !== null);
  const slices = slicer(SLICE_MS, () => countsCache.get(ctx.sqlite) === byKey);
  let next = 0;
  while (next < ids.length) {
    if (!(await slices.yield(true))) return;
    do {
      const id = ids[next++];
      for (const [text, stats] of repo.statsOfTexts(ctx.sqlite, [id])) perText.set(text, stats);
      for (const form of repo.unknownFormsOf(ctx.sqlite, id)) unknown.add(form);
    } while (next < ids.length && !slices.spent());
  }
  if (countsCache.get(ctx.sqlite) !== byKey) return;
  if (byKey.size >= COUNTS_CACHE_BOOKS) byKey.clear();
  byKey.set(textIds.join(','), { perText, unknown: unknown.size });
}

function listItem(row: repo.BookRow, s: BookWordStats, currentTextId: number | null): BookListItem {
  return {
    BkID: row.BkID,
    BkLgID: row.BkLgID,
    LgName: row.LgName,
    BkTitle: row.BkTitle,
    BkAuthor: row.BkAuthor,
    BkChapterCount: row.BkChapterCount,
    BkCurrentChapter: row.BkCurrentChapter,
    BkProgress: row.BkProgress,
    BkCreated: row.BkCreated,
    BkOpenedAt: row.BkOpenedAt,
    cover_url: row.BkCoverMfID || row.BkCoverPath ? `/api/v1/books/${row.BkID}/cover` : null,
    current_text_id: currentTextId,
    ...s,
  };
}

export function listBooks(ctx: HandlerContext, languageId?: number): BookListItem[] {
  const rows = repo.listBooks(ctx.sqlite, ctx.user, languageId);
  if (rows.length === 0) return [];
  const links = repo.chapterTextsOfBooks(
    ctx.sqlite,
    ctx.user,
    rows.map((r) => r.BkID),
  );
  const textsOf = new Map<number, number[]>();
  const current = new Map<number, number>();
  const rowOf = new Map(rows.map((r) => [r.BkID, r]));
  for (const l of links) {
    textsOf.set(l.BkID, [...(textsOf.get(l.BkID) ?? []), l.BcTxID]);
    if (rowOf.get(l.BkID)?.BkCurrentChapter === l.BcNum) current.set(l.BkID, l.BcTxID);
  }
  return rows.map((r) => {
    const ids = textsOf.get(r.BkID) ?? [];
    const counts = bookCounts(ctx, ids);
    return listItem(r, stats(sumStats(ids.map((t) => counts.perText.get(t))), counts.unknown), current.get(r.BkID) ?? null);
  });
}

export function getBook(ctx: HandlerContext, id: number): BookDto {
  const row = getBookRow(ctx, id);
  const chapters = repo.chaptersOf(ctx.sqlite, ctx.user, id);
  const ids = chapters.map((c) => c.BcTxID);
  const { perText, unknown } = bookCounts(ctx, ids);
  const chapterDtos: BookChapterDto[] = chapters.map((c) => ({
    number: c.BcNum,
    title: c.BcTitle,
    text_id: c.BcTxID,
    finished: c.TxFinishedAt !== null,
    ...stats(perText.get(c.BcTxID)),
  }));
  return {
    ...listItem(row, stats(sumStats(ids.map((t) => perText.get(t))), unknown), chapters.find((c) => c.BcNum === row.BkCurrentChapter)?.BcTxID ?? null),
    BkDescription: row.BkDescription,
    BkSourceURI: row.BkSourceURI,
    BkPosition: row.BkPosition,
    BkPictures: row.BkPictures === null ? null : row.BkPictures === 1,
    pictures_shown: picturesShown(ctx, row.BkPictures),
    chapters: chapterDtos,
    pictures: repo.imagesOfBook(ctx.sqlite, ctx.user, id).map((r) => ({ chapter: r.BiChapter, ...picture(r) })),
  };
}

// ---- pictures ----------------------------------------------------------------------------------------------

const picture = (r: repo.ImageRow): ChapterPicture => ({ url: mediaUrl(r.BiMfID), para: r.BiPara, alt: r.BiAlt, width: r.BiWidth, height: r.BiHeight });

/** The book's own choice, else the learner's default (setting bookPictures: '0' hides). */
const picturesShown = (ctx: HandlerContext, own: number | null) => (own === null ? getSetting(ctx, 'bookPictures') !== '0' : own === 1);

export function setPictures(ctx: HandlerContext, id: number, shown: boolean | null): { BkID: number; BkPictures: boolean | null; pictures_shown: boolean } {
  getBookRow(ctx, id);
  const value = shown === null ? null : shown ? 1 : 0;
  repo.setPictures(ctx.sqlite, ctx.user, id, value);
  return { BkID: id, BkPictures: shown, pictures_shown: picturesShown(ctx, value) };
}

/**
 * The pictures the reader shows in a text that is a chapter of an owned book: none for other texts, and none
 * when the book's pictures are hidden (the reader then renders text only, exactly as without pictures).
 */
export function picturesOfText(ctx: HandlerContext, textId: number): ChapterPicture[] {
  const { pictures, rows } = repo.imagesOfText(ctx.sqlite, ctx.user, textId);
  if (rows.length === 0 || !picturesShown(ctx, pictures)) return [];
  return rows.map(picture);
}

/**
 * A book's progress: the words of the chapters finished (and `finishing`, the one read to its end now) over the
 * book's words, as LingQ counts lessons completed. Opening a later chapter, or going back to an earlier one,
 * changes nothing.
 */
function wordsProgress(chapters: repo.ChapterRow[], perText: Map<number, repo.RawStats>, finishing: number | null): number {
  let all = 0;
  let done = 0;
  for (const c of chapters) {
    const words = perText.get(c.BcTxID)?.words ?? 0;
    all += words;
    if (c.TxFinishedAt !== null || c.BcTxID === finishing) done += words;
  }
  return all ? Math.min(1, done / all) : 0;
}

export function saveProgress(ctx: HandlerContext, id: number, p: { chapter: number; position?: number; finished?: boolean }): BookPosition {
  const row = getBookRow(ctx, id);
  const chapters = repo.chaptersOf(ctx.sqlite, ctx.user, id);
  const chapter = chapters.find((c) => c.BcNum === p.chapter);
  if (!chapter) throw badRequest(msg('book.chapterRange', { count: row.BkChapterCount }));
  const { perText } = bookCounts(
    ctx,
    chapters.map((c) => c.BcTxID),
  );
  const progress = wordsProgress(chapters, perText, p.finished ? chapter.BcTxID : null);
  const position = p.position ?? 0;
  repo.updatePosition(ctx.sqlite, ctx.user, id, { chapter: p.chapter, position, progress, now: ctx.clock.now() });
  return { BkID: id, BkCurrentChapter: p.chapter, BkPosition: position, BkProgress: progress, text_id: chapter.BcTxID };
}

/**
 * A chapter marked read (or taken back) counts at once: the book page, the library and Home read BkProgress, which
 * was only written when a chapter was opened, so "Mark as read" on the last chapter read left the book at 0 %
 * until the next one was opened (issue 51). Runs in the emitter's transaction, after TxFinishedAt is written.
 */
export function refreshProgressOfChapter(ctx: HandlerContext, e: { textId: number }): void {
  const place = repo.bookOfText(ctx.sqlite, ctx.user, e.textId);
  if (place) refreshProgress(ctx, place.BkID);
}

/**
 * A book's progress counted again from its chapters' words: after its chapters were parsed (a book moved in from
 * Lute, whose pages read carry their read date), or a chapter marked read. Never by chapters: ten pages of one
 * page's length each are not 10 % of a book whose eleventh page is a novella.
 */
export function refreshProgress(ctx: HandlerContext, bookId: number): void {
  const chapters = repo.chaptersOf(ctx.sqlite, ctx.user, bookId);
  const { perText } = bookCounts(
    ctx,
    chapters.map((c) => c.BcTxID),
  );
  repo.updateProgress(ctx.sqlite, ctx.user, bookId, wordsProgress(chapters, perText, null));
}

/** The book's cover: a media file (one of its pictures), or a cover file stored before that, until it is moved. */
export function coverOf(ctx: HandlerContext, id: number): FileResult | MediaFileResult {
  const row = getBookRow(ctx, id);
  if (row.BkCoverMfID) return mediaFile(ctx, row.BkCoverMfID);
  if (!row.BkCoverPath) throw notFound(msg('book.noCover'));
  const file = path.join(coversDir(ctx), path.basename(row.BkCoverPath));
  let data: Buffer;
  try {
    data = fs.readFileSync(file);
  } catch {
    throw notFound(msg('book.noCover'));
  }
  const ext = path.extname(file).toLowerCase();
  return { $file: true, filename: `cover${ext}`, contentType: COVER_TYPE[ext] ?? 'application/octet-stream', data };
}

export function difficulty(ctx: HandlerContext, id: number, chapterNum?: number, limit = 50): BookDifficulty {
  const row = getBookRow(ctx, id);
  const chapters = repo.chaptersOf(ctx.sqlite, ctx.user, id);
  const wanted = chapterNum ?? row.BkCurrentChapter;
  const chapter = chapters.find((c) => c.BcNum === wanted) ?? chapters[0];
  if (!chapter) throw notFound(NOT_FOUND);
  const ids = chapters.map((c) => c.BcTxID);
  const { perText, unknown } = bookCounts(ctx, ids);
  return {
    book: { ...stats(sumStats(ids.map((t) => perText.get(t))), unknown), top_unknown: repo.topUnknown(ctx.sqlite, ids, limit) },
    chapter: {
      number: chapter.BcNum,
      title: chapter.BcTitle,
      ...stats(perText.get(chapter.BcTxID)),
      top_unknown: repo.topUnknown(ctx.sqlite, [chapter.BcTxID], limit),
    },
  };
}

/**
 * Adds words as status-1 terms of the book's language, through the terms module (one import), each with the
 * sentence where it first occurs in the book as a whole token, marked there (issue 31: a term saved from the
 * book page is as good for sentence review and the Anki export as one saved in the reader), and the first
 * definition of the learner's local dictionaries as its translation (issue 50's "Add as terms").
 */
export async function addTerms(ctx: HandlerContext, id: number, words: string[]): Promise<AddedTerms> {
  const row = getBookRow(ctx, id);
  const chapters = repo.chaptersOf(ctx.sqlite, ctx.user, id).map((c) => c.BcTxID);
  return addTermsFromTexts(ctx, row.BkLgID, chapters, words);
}

/** Words saved as status-1 terms (existing ones left alone), each with its first sentence in these texts and the
 * first definition of the learner's local dictionaries. */
export async function addTermsFromTexts(ctx: HandlerContext, languageId: number, textIds: readonly number[], words: string[]): Promise<AddedTerms> {
  const language = parsingLanguage(ctx, languageId);
  const sentences = language ? await firstSentencesMarked(ctx, language, textIds, words) : new Map<string, string>();
  const translations = firstDefinitions(ctx, languageId, words);
  const result = importTerms(
    ctx,
    languageId,
    words.map((WoText) => ({
      WoLgID: languageId,
      WoText,
      WoStatus: 1,
      WoSentence: sentences.get(WoText.toLowerCase()) ?? '',
      WoTranslation: translations.get(WoText.toLowerCase()) ?? '',
    })),
    { duplicates: 'skip' },
  );
  // Every word's term, new or already there: what "Add and send to Anki" sends next.
  const terms = termsByText(
    ctx,
    languageId,
    words.map((w) => w.toLowerCase()),
  );
  const ids = [...new Set(words.map((w) => terms.get(w.toLowerCase())?.WoID).filter((id): id is number => id !== undefined))];
  return { success: true, created: result.created, skipped: words.length - result.created, ids };
}

export function bookOfText(ctx: HandlerContext, textId: number): { book: BookOfText | null } {
  const place = repo.bookOfText(ctx.sqlite, ctx.user, textId);
  if (!place) return { book: null };
  return {
    book: {
      BkID: place.BkID,
      BkTitle: place.BkTitle,
      BkChapterCount: place.BkChapterCount,
      chapter: place.BcNum,
      chapter_title: place.BcTitle,
      previous_text_id: place.prev,
      next_text_id: place.next,
    },
  };
}
