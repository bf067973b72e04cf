// Runs in: any process. Books: an EPUB (or a long plain text) stored as chapters that are ordinary texts, with
// reading progress and a difficulty preview (coverage, most frequent unknown words).
import type { MatterKind } from '../epub/matter';
import type { BookToc } from '../epub/parse';
import { z } from 'zod';
import { endpoint, idParam, returns, uploadedFile, uploadedTempFile, type FileResult, type MediaFileResult } from './endpoint';
import type { CodedMessage } from './messages';

/** A book sent as text in JSON (the file path is multipart): as before per-endpoint caps, 50 MB. */
const BOOK_TEXT_BODY_BYTES = 50 * 1024 * 1024;

/** What the learner knows of a span of running words. */
export interface BookWordStats {
  /** Running words (tokens that are words). */
  words: number;
  /** Distinct words without a term. */
  unknown: number;
  /** Share (0..100, one decimal) of running words whose term is known (status 5, 99) or ignored (98). */
  known_pct: number;
}

export interface BookListItem extends BookWordStats {
  BkID: number;
  BkLgID: number;
  LgName: string;
  BkTitle: string;
  BkAuthor: string;
  BkChapterCount: number;
  BkCurrentChapter: number;
  /** 0..1: chapters before the current one, out of all (1 when the last one is finished). */
  BkProgress: number;
  BkCreated: number;
  BkOpenedAt: number | null;
  /** /api/v1/books/{id}/cover, or null. */
  cover_url: string | null;
  /** Text id of the current chapter ("Continue" opens /read/{it}). */
  current_text_id: number | null;
}

export interface BookChapterDto extends BookWordStats {
  number: number;
  title: string;
  /** The chapter's text (read it at /read/{text_id}). */
  text_id: number;
  finished: boolean;
}

/** A picture where a chapter shows it: before the chapter's paragraph `para` (0: before the first). */
export interface ChapterPicture {
  /** /api/v1/media/{id}: served with its real type, nosniff and the app's CSP. */
  url: string;
  para: number;
  /** The book's caption ('' when it gave none). */
  alt: string;
  width: number;
  height: number;
}

export interface BookPicture extends ChapterPicture {
  chapter: number;
}

export interface BookDto extends BookListItem {
  BkDescription: string;
  BkSourceURI: string;
  BkPosition: number;
  /** The book's own choice: true shown, false hidden, null as the learner's default (setting bookPictures). */
  BkPictures: boolean | null;
  /** Whether the reader shows this book's pictures (the book's choice, else the default). */
  pictures_shown: boolean;
  chapters: BookChapterDto[];
  /** Every picture of the book in reading order (the book page's strip). */
  pictures: BookPicture[];
}

/** What an import would keep of a book's pictures, and its caps. */
export interface PreviewPictures {
  count: number;
  bytes: number;
  /** Why pictures would be left out (not pictures, SVG, over a cap, missing). */
  notes: CodedMessage[];
  limits: { image_mb: number; image_megapixels: number; book_mb: number; count: number };
}

export interface PreviewChapter {
  title: string;
  words: number;
  /** Front or back matter (Gutenberg's licence, a colophon, src-shared/epub/matter.ts): unticked by default. */
  matter: MatterKind | null;
}

export interface BookPreview {
  title: string;
  author: string;
  description: string;
  /** dc:language as written, '' when none. */
  language: string;
  /** The caller's language whose ISO code matches dc:language, or null (then the learner picks one). */
  language_id: number | null;
  /** data: URL of the cover (small enough for a preview), or null. */
  cover: string | null;
  /** Words as the book page will count them: the running words of `counted_with`'s parser. */
  chapters: PreviewChapter[];
  words: number;
  /**
   * The language whose parser counted the words (language_id, else the language_id asked for), or null when
   * there is none: then the counts are letter runs, an estimate the stored book may differ from.
   */
  counted_with: number | null;
  /**
   * Where the chapters came from: the EPUB 3 nav, the EPUB 2 NCX, the spine (no usable ToC), text (split plain
   * text), a PDF's outline, its headings opening pages or every 10 pages, an FB2's sections.
   */
  toc: BookToc | 'text';
  /** Set when this file was imported before: the import would be refused. */
  duplicate_of: { BkID: number; BkTitle: string } | null;
  /**
   * A file's parse kept for its import (30 minutes, the learner's two newest previews): `books.create` with
   * `preview_id` stores it without the file being sent or read again. null for a pasted text.
   */
  preview_id: string | null;
  pictures: PreviewPictures;
}

export interface BookPosition {
  BkID: number;
  BkCurrentChapter: number;
  BkPosition: number;
  BkProgress: number;
  /** Text id of the current chapter. */
  text_id: number;
}

/** Where a text sits in a book (the reader's book bar). */
export interface BookOfText {
  BkID: number;
  BkTitle: string;
  BkChapterCount: number;
  chapter: number;
  chapter_title: string;
  previous_text_id: number | null;
  next_text_id: number | null;
}

export interface UnknownWord {
  word: string;
  count: number;
}

/** One word of a coverage list (docs/books.md "Coverage"). */
export interface CoverageWord {
  /** The word to learn, as the book spells it (a lemma family's lemma when the book spells that, else its first form). */
  word: string;
  /** The lemma family's lemma, when the entry counts more than its own form (null otherwise). */
  lemma: string | null;
  /** Its running words not yet known in the span (every form of a family). */
  count: number;
  /** The forms it covers, first met first. */
  forms: string[];
  /** Where it is first met, the occurrence in {braces}; '' when no sentence could be cut. */
  sentence: string;
  /** The first definition of the word in the learner's local dictionaries; '' when none holds it. */
  translation: string;
  /** The status of the word's own term (1-4: being learned), null when it has none. */
  status: number | null;
}

/** "Add as terms": how many were created, how many already had a term, and every word's term id (both kinds). */
export interface AddedTerms {
  success: true;
  created: number;
  skipped: number;
  ids: number[];
}

/** How many of a frequency list's most frequent words are known: the words ranked 1..upto. */
export interface FrequencyBand {
  /** 1000, 2000, … 10000. */
  upto: number;
  /** Distinct words of the list in the band (fewer than `upto` when the list is shorter or skips ranks). */
  words: number;
  /** Those known (their term, or a known term of their lemma family, at 5, 98 or 99). */
  known: number;
}

/** A language's next words by a frequency list: GET /api/v1/languages/{id}/next-words. */
export interface NextWords {
  /** The language's frequency lists (local dictionaries holding ranks), highest priority first. */
  lists: { LdID: number; LdName: string; words: number }[];
  /** The list used (the asked one, else the first); null when the language has none. */
  dictionary: number | null;
  bands: FrequencyBand[];
  /** Words of the list not known yet. */
  total_entries: number;
  /** The first `limit` of them, most frequent first (ties in the list's order); `count` is in the learner's library. */
  list: (CoverageWord & { rank: number })[];
}

/** What stands between the learner and reading a book (or one of its chapters) comfortably. */
export interface BookCoverage {
  /** Running words of the span. */
  words: number;
  /** Running words known now (status 5, 98, 99, or inside such a multi-word term). */
  known: number;
  /** known / words, 0..100 with one decimal. */
  known_pct: number;
  /** Words to learn, most frequent first, to know 95 % of the running words (0 when already there). */
  n95: number;
  /** The same for 98 %. */
  n98: number;
  /** How many of the n95 (n98) words already have a term being learned (status 1-4). */
  n95_learning: number;
  n98_learning: number;
  /** Distinct words (families) not yet known. */
  total_entries: number;
  /** The first `limit` of them, in learning order (most running words first, ties by first occurrence). */
  list: CoverageWord[];
}

export interface BookDifficulty {
  /** Share (0..100) of running words already known, for the book and the chapter asked for (current by default). */
  book: BookWordStats & { top_unknown: UnknownWord[] };
  chapter: BookWordStats & { number: number; title: string; top_unknown: UnknownWord[] };
}

/** An .epub or .txt: over HTTP streamed to a temporary file (a 90 MB EPUB of images never sits in memory), over IPC bytes. */
export const BOOK_FILE_MAX_BYTES = 100 * 1024 * 1024;
const bookFile = z.union([uploadedTempFile, uploadedFile]);
const bookUpload = { toDisk: true, maxBytes: BOOK_FILE_MAX_BYTES } as const;

const languageId = z.coerce.number({ message: 'language_id is required' }).int().positive('language_id must be positive');
/** Pasted text that becomes a book: long texts are the point; the cap keeps one request sane. */
export const BOOK_TEXT_MAX_CHARS = 20_000_000;
const bookText = z.string().max(BOOK_TEXT_MAX_CHARS, `text is at most ${BOOK_TEXT_MAX_CHARS} characters`);

export const booksContract = {
  'books.list': endpoint({
    method: 'GET',
    path: '/api/v1/books',
    access: 'read',
    input: z.object({ language_id: languageId.optional() }),
    output: returns<BookListItem[]>(),
  }),
  /** Multipart `file` (.epub or .txt) + language_id, or JSON title/author/language_id/text. */
  'books.create': endpoint({
    method: 'POST',
    path: '/api/v1/books',
    access: 'import',
    upload: bookUpload,
    input: z.object({
      language_id: languageId,
      file: bookFile.optional(),
      title: z.string().trim().max(200, 'title is at most 200 characters').optional(),
      author: z.string().trim().max(200, 'author is at most 200 characters').optional(),
      text: bookText.optional(),
      /**
       * A file's preview kept for its import (BookPreview.preview_id), sent instead of the file: the book is read
       * once. 410 when it is no longer kept (30 minutes, two per learner, taken once): send the file then.
       */
      preview_id: z
        .string()
        .regex(/^[0-9a-f]{32}$/, "preview_id is the preview's id")
        .optional(),
      /**
       * The chapters (0-based, as in the preview) to leave out; by default the front and back matter. A form sends
       * a comma list or skip_chapters[]; "none" keeps every chapter.
       */
      skip_chapters: z
        .union([z.array(z.coerce.number().int().min(0)), z.string().regex(/^(none|\d+(,\d+)*)$/, 'skip_chapters is a comma list of chapter numbers')])
        .transform((v) => (typeof v === 'string' ? (v === 'none' ? [] : v.split(',').map(Number)) : v))
        .pipe(z.array(z.number()).max(10_000))
        .optional(),
    }),
    output: returns<BookDto>(),
    maxBodyBytes: BOOK_TEXT_BODY_BYTES,
  }),
  /** Parses without storing: what the import would make. */
  'books.preview': endpoint({
    method: 'POST',
    path: '/api/v1/books/preview',
    access: 'import',
    upload: bookUpload,
    input: z.object({
      file: bookFile.optional(),
      text: bookText.optional(),
      title: z.string().trim().max(200).optional(),
      /** The language to count words with when dc:language matches none of the caller's (a pasted text has none). */
      language_id: languageId.optional(),
    }),
    output: returns<BookPreview>(),
    maxBodyBytes: BOOK_TEXT_BODY_BYTES,
  }),
  'books.get': endpoint({
    method: 'GET',
    path: '/api/v1/books/:id',
    access: 'read',
    input: z.object({ id: idParam }),
    output: returns<BookDto>(),
  }),
  'books.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/books/:id',
    access: 'import',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; deleted: number; chapters: number }>(),
  }),
  'books.progress': endpoint({
    method: 'PUT',
    path: '/api/v1/books/:id/progress',
    access: 'import',
    input: z.object({
      id: idParam,
      chapter: z.coerce.number({ message: 'chapter is required' }).int().positive('chapter must be positive'),
      position: z.coerce.number().int().min(0).optional(),
      /** The chapter was read to its end: with the last chapter, progress becomes 1. */
      finished: z
        .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
        .transform((v) => v === true || v === '1' || v === 'true')
        .optional(),
    }),
    output: returns<BookPosition>(),
  }),
  'books.cover': endpoint({
    method: 'GET',
    path: '/api/v1/books/:id/cover',
    access: 'read',
    input: z.object({ id: idParam }),
    output: returns<FileResult | MediaFileResult>(),
  }),
  'books.difficulty': endpoint({
    method: 'GET',
    path: '/api/v1/books/:id/difficulty',
    access: 'read',
    input: z.object({ id: idParam, chapter: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(200).optional() }),
    output: returns<BookDifficulty>(),
  }),
  /** Coverage of the whole book, or of chapter `chapter`: known share, N95, N98 and the words to learn. */
  'books.coverage': endpoint({
    method: 'GET',
    path: '/api/v1/books/:id/coverage',
    access: 'read',
    input: z.object({ id: idParam, chapter: z.coerce.number().int().positive().optional(), limit: z.coerce.number().int().min(1).max(1000).optional() }),
    output: returns<BookCoverage>(),
  }),
  /** Coverage of any text (a chapter or not): the same answer as a book's. */
  'books.textCoverage': endpoint({
    method: 'GET',
    path: '/api/v1/texts/:id/coverage',
    access: 'read',
    input: z.object({ id: idParam, limit: z.coerce.number().int().min(1).max(1000).optional() }),
    output: returns<BookCoverage>(),
  }),
  /** Coverage of a language's whole library (its texts not archived, book chapters included). */
  'books.languageCoverage': endpoint({
    method: 'GET',
    path: '/api/v1/languages/:id/coverage',
    access: 'read',
    input: z.object({ id: idParam, limit: z.coerce.number().int().min(1).max(1000).optional() }),
    output: returns<BookCoverage>(),
  }),
  /** A language's words to learn next by a frequency list (`dictionary`: one of its lists; the first by default). */
  'books.nextWords': endpoint({
    method: 'GET',
    path: '/api/v1/languages/:id/next-words',
    access: 'read',
    input: z.object({
      id: idParam,
      dictionary: z.coerce.number().int().positive().optional(),
      limit: z.coerce.number().int().min(1).max(1000).optional(),
    }),
    output: returns<NextWords>(),
  }),
  /** "Add as terms" for the next words of a language's library (as books.addTerms, sentences from its texts). */
  'books.addLanguageTerms': endpoint({
    method: 'POST',
    path: '/api/v1/languages/:id/coverage/terms',
    access: 'import',
    input: z.object({ id: idParam, words: z.array(z.string().trim().min(1).max(255)).min(1, 'words is required').max(500) }),
    output: returns<AddedTerms>(),
  }),
  /**
   * Adds words of the book as status-1 terms (existing terms are left alone), each with its first sentence in the
   * book and the first definition of the learner's local dictionaries as translation.
   */
  'books.addTerms': endpoint({
    method: 'POST',
    path: '/api/v1/books/:id/terms',
    access: 'import',
    input: z.object({ id: idParam, words: z.array(z.string().trim().min(1).max(255)).min(1, 'words is required').max(500) }),
    output: returns<AddedTerms>(),
  }),
  /** Show or hide a book's pictures in the reader (null: as the learner's default). */
  'books.pictures': endpoint({
    method: 'PUT',
    path: '/api/v1/books/:id/pictures',
    access: 'import',
    input: z.object({ id: idParam, shown: z.boolean().nullable() }),
    output: returns<{ BkID: number; BkPictures: boolean | null; pictures_shown: boolean }>(),
  }),
  'books.ofText': endpoint({
    method: 'GET',
    path: '/api/v1/books/of-text/:text_id',
    access: 'read',
    input: z.object({ text_id: idParam }),
    output: returns<{ book: BookOfText | null }>(),
  }),
};
