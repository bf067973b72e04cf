// Runs in: main. The last step of a move-in from LWT or Lute, in the caller's one transaction: the file's texts
// (stored unparsed, parsed after the commit), their tags, Lute's books gathered from their pages, and feeds. A text
// or feed the learner already has is skipped, so a second run adds nothing.
import type { ImportPlan } from '../../../src-shared/migrate/plan';
import type { HandlerContext } from '../../core/context';
import { bookFromTexts } from '../books';
import { createTextsToParse } from '../texts';
import { setTagsOfTexts } from '../text-tags';
import { addImportedFeeds } from '../feeds';
import * as repo from './repo';

type NewImportedText = Parameters<typeof createTextsToParse>[1][number];
type NewImportedFeed = Parameters<typeof addImportedFeeds>[1][number];

export interface StoredTexts {
  textIds: number[];
  skippedTexts: number;
  createdFeeds: number;
  skippedFeeds: number;
  /** Feeds whose language the file does not hold and the learner gave none: left out, not "already there". */
  feedsLeftOut: number;
  createdBooks: number[];
  skippedBooks: number;
}

/** `ids`: the file's language id → the learner's; `feedTargets`: a language for feeds whose language the file lacks. */
export function storeTextsBooksFeeds(ctx: HandlerContext, plan: ImportPlan, ids: Map<number, number>, feedTargets: Map<number, number>): StoredTexts {
  let skippedTexts = 0;
  // Lute's books: their pages are stored as texts, then gathered into a book when every page is new.
  const books = new Map<string, { languageId: number; title: string; sourceUri: string; pages: (number | null)[]; current: number }>();
  const bookOf = (t: (typeof plan.texts)[number], lgId: number) => {
    if (!t.book) return null;
    let b = books.get(t.book.key);
    if (!b) books.set(t.book.key, (b = { languageId: lgId, title: t.book.title, sourceUri: t.TxSourceURI, pages: [], current: 1 }));
    if (t.book.current) b.current = t.book.page;
    return b;
  };
  // New texts are gathered and handed to the texts module in one call (text tags to text-tags); a text the
  // plan repeats is stored once, as when each was checked against the rows stored before it.
  const fresh: { row: NewImportedText; tags: string[]; book: ReturnType<typeof bookOf>; page: number }[] = [];
  const seen = new Set<string>();
  for (const t of plan.texts) {
    const lgId = ids.get(t.language)!;
    const book = bookOf(t, lgId);
    const key = JSON.stringify([lgId, t.TxTitle, t.TxText]);
    if (seen.has(key) || repo.textExists(ctx.sqlite, ctx.user, lgId, t.TxTitle, t.TxText)) {
      book?.pages.push(null);
      skippedTexts++;
      continue;
    }
    seen.add(key);
    const row: NewImportedText = {
      TxLgID: lgId,
      TxTitle: t.TxTitle,
      TxText: t.TxText,
      TxAudioURI: /^https?:\/\//i.test(t.TxAudioURI) ? t.TxAudioURI : '',
      TxSourceURI: /^https?:\/\//i.test(t.TxSourceURI) ? t.TxSourceURI : '',
      TxArchived: t.TxArchived,
      TxCreated: t.TxCreated,
      TxFinishedAt: t.TxFinishedAt ?? null,
    };
    fresh.push({ row, tags: t.tags, book, page: book ? book.pages.push(null) - 1 : -1 });
  }
  const textIds = createTextsToParse(
    ctx,
    fresh.map((f) => f.row),
  );
  fresh.forEach((f, i) => {
    if (f.book) f.book.pages[f.page] = textIds[i];
  });
  setTagsOfTexts(
    ctx,
    fresh.flatMap((f, i) => (f.tags.length ? [{ textId: textIds[i], names: f.tags }] : [])),
  );
  const createdBooks: number[] = [];
  let skippedBooks = 0;
  for (const [key, b] of books) {
    const pages = b.pages.filter((id): id is number => id !== null);
    const created =
      pages.length === b.pages.length
        ? bookFromTexts(ctx, {
            languageId: b.languageId,
            title: b.title,
            sourceUri: b.sourceUri,
            sourceKey: key,
            chapters: pages.map((textId, i) => ({ title: `Page ${i + 1}`, textId })),
            currentChapter: b.current,
          })
        : null;
    if (created !== null) createdBooks.push(created);
    else skippedBooks++;
  }
  const newFeeds: NewImportedFeed[] = [];
  let skippedFeeds = 0;
  let feedsLeftOut = 0;
  const seenFeeds = new Set<string>();
  for (const [index, f] of plan.feeds.entries()) {
    const lgId = ids.get(f.language) ?? feedTargets.get(index);
    if (lgId === undefined) {
      feedsLeftOut++;
      continue;
    }
    const key = JSON.stringify([lgId, f.NfSourceURI]);
    if (seenFeeds.has(key) || repo.feedExists(ctx.sqlite, ctx.user, lgId, f.NfSourceURI)) {
      skippedFeeds++;
      continue;
    }
    seenFeeds.add(key);
    newFeeds.push({ ...f, NfLgID: lgId });
  }
  const createdFeeds = addImportedFeeds(ctx, newFeeds).length;
  return { textIds, skippedTexts, createdFeeds, skippedFeeds, feedsLeftOut, createdBooks, skippedBooks };
}
