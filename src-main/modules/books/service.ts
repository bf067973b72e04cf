// Runs in: main. Rules for bringing books in and out: import (EPUB, PDF and FB2 read in a worker thread, see
// formats.ts; long text split), one transaction per book with the chapters stored as ordinary texts through the
// texts service, covers under <dataDir>/covers/, and deletion (chapters' texts and cover, never terms). Reading
// them is in reading.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { booksContract, type BookDto, type BookPreview } from '../../../src-shared/contract/books';
import { UploadedTempFile, type UploadedFile } from '../../../src-shared/contract/endpoint';
import { badRequest, conflict } from '../../../src-shared/contract/errors';
import type { HandlerContext } from '../../core/context';
import { transact } from '../../db/sql';
import { enqueueJob } from '../../core/jobs';
import { getLanguage, parsingLanguage } from '../languages';
import { countRunningWords } from '../analysis';
import { createTextsToParse, deleteText } from '../texts';
import { deleteMedia, storeMedia } from '../media';
import { BOOK_IMAGE_LIMITS, type ParsedImage } from '../../../src-shared/epub/images';
import { codedMessage, msg } from '../../../src-shared/contract/messages';
import { hashOf, sha256 } from './formats';
import * as repo from './repo';
import { coversDir, getBook, getBookRow } from './reading';
import { imageInfo } from '../../../src-shared/image/header';
import { readSource, type Source } from './source';
import { clip } from '../../../src-shared/epub/chapters';
import { keepPrepared, preparedImagesDir, takePrepared } from './prepared';

type CreateInput = z.output<(typeof booksContract)['books.create']['input']>;
type PreviewInput = z.output<(typeof booksContract)['books.preview']['input']>;

/** The caller's language whose ISO code matches dc:language ("en-US" matches "en"). */
function matchLanguage(ctx: HandlerContext, tag: string): number | null {
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  if (!primary) return null;
  const langs = repo.languageCodes(ctx.sqlite, ctx.user);
  const exact = langs.find((l) => l.LgIsoCode.toLowerCase() === tag.toLowerCase());
  return (exact ?? langs.find((l) => l.LgIsoCode.toLowerCase().split(/[-_]/)[0] === primary))?.LgID ?? null;
}

const COVER_PREVIEW_MAX = 3 * 1024 * 1024;

export async function previewBook(ctx: HandlerContext, input: PreviewInput): Promise<BookPreview> {
  const asked = input.language_id === undefined ? undefined : getLanguage(ctx, input.language_id).LgID;
  // A file's parse, pictures written and all, is kept for its import (prepared.ts); a pasted text is cheap to send again.
  const imagesDir = input.file ? preparedImagesDir(ctx) : undefined;
  let source: Source;
  try {
    source = await readSource(path.join(ctx.config.dataDir, 'tmp'), input, false, undefined, imagesDir);
  } catch (err) {
    if (imagesDir) await fs.promises.rm(imagesDir, { recursive: true, force: true });
    throw err;
  }
  const { book, hash } = source;
  const preview_id = input.file && imagesDir ? keepPrepared(ctx, source, input.file.filename, imagesDir) : null;
  const languageId = matchLanguage(ctx, book.language) ?? asked ?? null;
  // Counted by the language's parser, as the stored chapters will be (the EPUB reader's letter runs are not).
  const parsing = languageId === null ? undefined : parsingLanguage(ctx, languageId);
  const words = parsing
    ? await countRunningWords(
        book.chapters.map((c) => c.text),
        parsing,
      )
    : book.chapters.map((c) => c.words);
  const dup = repo.findByHash(ctx.sqlite, ctx.user, hash);
  const cover =
    book.cover && book.cover.data.length <= COVER_PREVIEW_MAX ? `data:${book.cover.mediaType};base64,${Buffer.from(book.cover.data).toString('base64')}` : null;
  return {
    title: book.title,
    author: book.author,
    description: book.description,
    language: book.language,
    language_id: matchLanguage(ctx, book.language),
    cover,
    chapters: book.chapters.map((c, i) => ({ title: c.title, words: words[i], matter: c.matter })),
    // What an import with the default choice would bring: the matter is never counted.
    words: book.chapters.reduce((n, c, i) => n + (c.matter ? 0 : words[i]), 0),
    counted_with: parsing ? languageId : null,
    toc: book.toc,
    duplicate_of: dup ?? null,
    preview_id,
    pictures: {
      count: book.chapters.reduce((n, c) => n + c.images.length, 0),
      bytes: book.images.reduce((n, img) => n + img.bytes, 0),
      notes: book.imageNotes.map(codedMessage),
      limits: {
        image_mb: BOOK_IMAGE_LIMITS.maxImageBytes / 1024 / 1024,
        image_megapixels: BOOK_IMAGE_LIMITS.maxImagePixels / 1e6,
        book_mb: BOOK_IMAGE_LIMITS.maxBookBytes / 1024 / 1024,
        count: BOOK_IMAGE_LIMITS.maxImages,
      },
    },
  };
}

/**
 * The pictures the chapters show, moved into the media store as files of the caller (checked and written by the
 * worker: typed by their bytes, sizes from their headers). Returns the media id of each; when one fails, those
 * stored are removed.
 */
async function storeImages(ctx: HandlerContext, images: ParsedImage[]): Promise<string[]> {
  const ids: string[] = [];
  try {
    for (const img of images) {
      // Every kept picture has its file (written by the worker); one without would be a bug, not a picture.
      if (!img.file) throw new Error(`picture ${img.path} has no file`);
      ids.push(await storeMedia(ctx, new UploadedTempFile(img.path.split('/').pop() || 'picture', img.mime, img.file, img.bytes), img));
    }
  } catch (err) {
    await removeImages(ctx, ids);
    throw err;
  }
  return ids;
}

/** A parsed cover as a media upload, typed by its bytes (the worker already refused anything but PNG, JPEG, GIF, WebP). */
function coverUpload(cover: Source['book']['cover']): { file: UploadedFile; type: { mime: string; ext: string } } | null {
  const info = cover && imageInfo(cover.data);
  return info ? { file: { filename: `cover.${info.ext}`, data: new Uint8Array(cover.data) }, type: { mime: info.mime, ext: info.ext } } : null;
}

async function removeImages(ctx: HandlerContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) await deleteMedia(ctx, id);
}

// ---- storing -----------------------------------------------------------------------------------------------

function duplicateError(dup: { BkID: number; BkTitle: string }) {
  return conflict(msg('book.duplicate', { title: dup.BkTitle }), { book_id: dup.BkID, url: `/book/${dup.BkID}` });
}

export async function createBook(ctx: HandlerContext, input: CreateInput): Promise<BookDto> {
  // Ownership first: a foreign language is refused before any parsing.
  getLanguage(ctx, input.language_id);
  if (input.preview_id !== undefined) {
    if (input.file || input.text !== undefined) throw badRequest(msg('book.fileOrText'));
    // The preview's parse, pictures already checked and written: nothing is read again (prepared.ts).
    const kept = takePrepared(ctx, input.preview_id);
    try {
      return await importParsed(ctx, input, kept.source, kept.filename);
    } finally {
      await fs.promises.rm(kept.imagesDir, { recursive: true, force: true });
    }
  }
  // The duplicate check needs only the bytes' hash: refuse before parsing.
  const fileHash = input.file ? await hashOf(input.file) : undefined;
  const known = fileHash && repo.findByHash(ctx.sqlite, ctx.user, fileHash);
  if (known) throw duplicateError(known);
  // The worker writes each checked picture here; the import moves them into the media store, the rest goes.
  const imagesDir = path.join(ctx.config.dataDir, 'tmp', `book-images-${randomBytes(8).toString('hex')}`);
  try {
    const source = await readSource(path.join(ctx.config.dataDir, 'tmp'), input, false, fileHash, imagesDir);
    return await importParsed(ctx, input, source, input.file?.filename ?? '');
  } finally {
    await fs.promises.rm(imagesDir, { recursive: true, force: true });
  }
}

/**
 * The chapters the learner keeps: all but `skip` (0-based, as in the preview), by default all but the front and
 * back matter. The pictures of chapters left out are not stored; the others are numbered anew.
 */
function chosenChapters<B extends Source['book']>(book: B, skip: readonly number[] | undefined): B {
  const skipped = new Set(skip ?? book.chapters.flatMap((c, i) => (c.matter ? [i] : [])));
  const chapters = book.chapters.filter((_, i) => !skipped.has(i));
  if (chapters.length === 0) throw badRequest(msg('book.noChapterChosen'));
  const used = [...new Set(chapters.flatMap((c) => c.images.map((p) => p.image)))].sort((a, b) => a - b);
  const renumbered = new Map(used.map((old, i) => [old, i]));
  return {
    ...book,
    chapters: chapters.map((c) => ({ ...c, images: c.images.map((p) => ({ ...p, image: renumbered.get(p.image)! })) })),
    images: used.map((i) => book.images[i]),
  };
}

async function importParsed(ctx: HandlerContext, input: CreateInput, source: Source, filename: string): Promise<BookDto> {
  const { hash } = source;
  const book = chosenChapters(source.book, input.skip_chapters);
  const dup = repo.findByHash(ctx.sqlite, ctx.user, hash);
  if (dup) throw duplicateError(dup);

  const title = clip(input.title || book.title || 'Untitled');
  const author = clip(input.author ?? book.author ?? '');
  // The cover and the pictures go to the media store first (the cover is one of the book's pictures: the same store,
  // owner and deletion); a failed transaction removes them again, so nothing is half-stored.
  const cover = coverUpload(book.cover);
  let coverId: string | null = null;
  let mediaIds: string[];
  try {
    if (cover) coverId = await storeMedia(ctx, cover.file, cover.type);
    mediaIds = await storeImages(ctx, book.images);
  } catch (err) {
    if (coverId) await removeImages(ctx, [coverId]);
    throw err;
  }
  let id: number;
  let parsing: number;
  try {
    [id, parsing] = transact(ctx, () => {
      const bookId = repo.insertBook(
        ctx.sqlite,
        ctx.user,
        {
          BkLgID: input.language_id,
          BkTitle: title,
          BkAuthor: author,
          BkDescription: book.description,
          BkSourceURI: filename.slice(0, 255),
          BkCoverPath: '',
          BkCoverMfID: coverId,
          BkSourceHash: hash,
          BkChapterCount: book.chapters.length,
        },
        ctx.clock.now(),
      );
      // Stored unparsed, parsed by the job below a few chapters a transaction: the book's one transaction stays short
      // (a 200-chapter book on a library of a million terms held every request for seconds), and a chapter not parsed
      // yet is parsed when it is opened, as moved-in texts are.
      const textIds = createTextsToParse(
        ctx,
        book.chapters.map((c, i) => ({
          TxLgID: input.language_id,
          TxTitle: clip(`${title} — ${c.title || `Chapter ${i + 1}`}`),
          TxText: c.text,
          TxAudioURI: '',
          TxSourceURI: '',
          TxArchived: false,
          readings: c.readings,
        })),
      );
      repo.insertChapters(
        ctx.sqlite,
        bookId,
        book.chapters.map((c, i) => ({ num: i + 1, title: clip(c.title || `Chapter ${i + 1}`), textId: textIds[i] })),
      );
      repo.insertImages(
        ctx.sqlite,
        bookId,
        book.chapters.flatMap((c, i) =>
          c.images.map((p) => {
            const img = book.images[p.image];
            return { BiChapter: i + 1, BiPara: p.para, BiMfID: mediaIds[p.image], BiAlt: p.alt, BiWidth: img.width, BiHeight: img.height };
          }),
        ),
      );
      // Written with the book: it commits or rolls back with it, and runs at the next start if the server stops first.
      return [bookId, enqueueJob(ctx, 'books.parseChapters', { bookId })] as const;
    });
  } catch (err) {
    await removeImages(ctx, coverId ? [coverId, ...mediaIds] : mediaIds);
    throw err;
  }
  // The answer carries the chapters' word counts: it waits for the job (a few chapters a turn; requests go on).
  await ctx.services.jobs?.settled(parsing);
  return getBook(ctx, id);
}

/** A book moved in from another tool (Lute): its pages, already stored as texts in the caller's transaction,
 * become the chapters, and its reading position carries over. `sourceKey` identifies the book in its source
 * database, so importing the same file again finds it and adds nothing (returns null). */
export function bookFromTexts(
  ctx: HandlerContext,
  input: { languageId: number; title: string; sourceUri: string; sourceKey: string; chapters: { title: string; textId: number }[]; currentChapter: number },
): number | null {
  const hash = sha256(`imported:${input.sourceKey}`);
  if (repo.findByHash(ctx.sqlite, ctx.user, hash) || input.chapters.length === 0) return null;
  const now = ctx.clock.now();
  const bookId = repo.insertBook(
    ctx.sqlite,
    ctx.user,
    {
      BkLgID: input.languageId,
      BkTitle: clip(input.title),
      BkAuthor: '',
      BkDescription: '',
      BkSourceURI: input.sourceUri.slice(0, 255),
      BkCoverPath: '',
      BkCoverMfID: null,
      BkSourceHash: hash,
      BkChapterCount: input.chapters.length,
    },
    now,
  );
  repo.insertChapters(
    ctx.sqlite,
    bookId,
    input.chapters.map((c, i) => ({ num: i + 1, title: clip(c.title), textId: c.textId })),
  );
  // The place carries over; the progress is counted by words once the pages are parsed (refreshProgress).
  const chapter = Math.min(Math.max(1, input.currentChapter), input.chapters.length);
  if (chapter > 1) repo.updatePosition(ctx.sqlite, ctx.user, bookId, { chapter, position: 0, progress: 0, now });
  return bookId;
}

export async function deleteBook(ctx: HandlerContext, id: number): Promise<{ success: true; deleted: number; chapters: number }> {
  const row = getBookRow(ctx, id);
  const chapters = repo.chaptersOf(ctx.sqlite, ctx.user, id);
  const media = repo.mediaOfBook(ctx.sqlite, ctx.user, id);
  transact(ctx, () => {
    // Texts go through their module (occurrences and sentences cascade); terms are never touched.
    for (const c of chapters) deleteText(ctx, c.BcTxID);
    repo.deleteBook(ctx.sqlite, ctx.user, id);
  });
  if (row.BkCoverPath) fs.rmSync(path.join(coversDir(ctx), path.basename(row.BkCoverPath)), { force: true });
  // The book's rows are gone: its pictures' files and media rows follow, the cover's too (books calls the store).
  await removeImages(ctx, row.BkCoverMfID ? [row.BkCoverMfID, ...media] : media);
  return { success: true, deleted: 1, chapters: chapters.length };
}
