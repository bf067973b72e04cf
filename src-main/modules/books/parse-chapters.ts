// Runs in: main, as the job runner's `books.parseChapters` job. A stored book's chapters parsed after its
// transaction (issue 34): short transactions of a few chapters, an event-loop turn each (texts/parse-later.ts), so a
// 200-chapter import on a library of a million terms never holds a request for more than a turn. The job is written
// in the import's transaction, so a book whose server stopped meanwhile (a crash, a kill) has its chapters parsed
// and counted at the next start; the import's request waits for it and answers with the counts. To the learner the
// import stays all-or-nothing: the book and its chapter texts were committed together, and a chapter not parsed yet
// is parsed when opened.
import type { HandlerContext } from '../../core/context';
import type { JobHandler } from '../../core/jobs';
import { parseStoredTexts } from '../texts';
import * as repo from './repo';
import { clearCountsCache, countBookInSlices } from './reading';

/** Chapters below this many are too few for the planner's statistics to change after their import. */
const STATISTICS_AFTER_CHAPTERS = 20;

/** Parses a stored book's chapters a few a turn of the event loop, so requests are answered between. */
export async function parseChapters(ctx: HandlerContext, bookId: number): Promise<void> {
  const chapters = repo.chaptersOf(ctx.sqlite, ctx.user, bookId);
  await parseStoredTexts(
    ctx,
    chapters.flatMap((c) => (c.BcTxID === null ? [] : [c.BcTxID])),
    // Parsing is derived data: a chapter that fails now (deleted meanwhile, analyzer gone) is parsed when opened.
    (textId, err) => ctx.log.warn(`Book ${bookId}: chapter text ${textId} is parsed when it is opened`, err),
  );
  // A book page read while the chapters were parsed counted the unparsed ones as empty; the book's counts are then
  // gathered a few chapters a turn too, so the book the import answers with is read from the cache.
  clearCountsCache(ctx);
  await countBookInSlices(
    ctx,
    chapters.map((c) => c.BcTxID),
  );
  if (chapters.length >= STATISTICS_AFTER_CHAPTERS) ctx.services.database?.afterLargeImport();
}

/** The job: parseChapters. Idempotent (only chapters still unparsed are parsed); a book deleted meanwhile has none. */
export const parseChaptersJob: JobHandler<'books.parseChapters'> = {
  run: (ctx, { bookId }) => parseChapters(ctx, bookId),
};
