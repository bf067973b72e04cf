// Runs in: main. EPUB books split into chapters; each chapter is read as a text.
import { sqliteTable, integer, text, real, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './accounts';
import { languages } from './languages';
import { texts } from './texts';
import { mediaFiles } from './media';

export const books = sqliteTable(
  'books',
  {
    BkID: integer('BkID').primaryKey({ autoIncrement: true }),
    BkLgID: integer('BkLgID')
      .notNull()
      .references(() => languages.LgID, { onDelete: 'cascade' }),
    BkUsID: integer('BkUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    BkTitle: text('BkTitle').notNull(),
    BkAuthor: text('BkAuthor').notNull().default(''),
    BkSourceURI: text('BkSourceURI').notNull().default(''),
    BkDescription: text('BkDescription').notNull().default(''),
    /**
     * A cover stored before covers became media files: its file name under <dataDir>/covers/, '' otherwise. The job
     * books.moveCovers (queued by migration 0028) moves each into the media store and empties this.
     */
    BkCoverPath: text('BkCoverPath').notNull().default(''),
    /** The cover, one of the book's pictures in the media store (issue 45); null when the book has none. */
    BkCoverMfID: text('BkCoverMfID').references(() => mediaFiles.MfID, { onDelete: 'set null' }),
    /** SHA-256 (hex) of the imported file's bytes (or of the pasted text): duplicate imports are refused. */
    BkSourceHash: text('BkSourceHash').notNull().default(''),
    BkChapterCount: integer('BkChapterCount').notNull().default(0),
    BkCurrentChapter: integer('BkCurrentChapter').notNull().default(1),
    /** Reading position inside the current chapter (the reader's Ti2Order). */
    BkPosition: integer('BkPosition').notNull().default(0),
    /** 0..1 share of the book read. */
    BkProgress: real('BkProgress').notNull().default(0),
    BkCreated: epochMs('BkCreated').notNull(),
    /** Last time a chapter was opened or progress saved: the "last read" sort. */
    BkOpenedAt: epochMs('BkOpenedAt'),
    /** Pictures in the reader: 1 shown, 0 hidden, null as the learner's default (setting bookPictures). */
    BkPictures: integer('BkPictures'),
  },
  (t) => [index('books_owner').on(t.BkUsID, t.BkLgID), index('books_owner_hash').on(t.BkUsID, t.BkSourceHash)],
);

export const bookChapters = sqliteTable(
  'book_chapters',
  {
    BcID: integer('BcID').primaryKey({ autoIncrement: true }),
    BcBkID: integer('BcBkID')
      .notNull()
      .references(() => books.BkID, { onDelete: 'cascade' }),
    BcNum: integer('BcNum').notNull(),
    BcTitle: text('BcTitle').notNull().default(''),
    BcTxID: integer('BcTxID').references(() => texts.TxID, { onDelete: 'set null' }),
  },
  (t) => [index('book_chapters_book').on(t.BcBkID, t.BcNum), index('book_chapters_text').on(t.BcTxID)],
);

/**
 * A picture of a book where a chapter shows it: before the chapter's paragraph BiPara (paragraphs are separated
 * by a blank line), never inside the text, so words, sentences and reading positions are the text's alone. The
 * file is in the media store, owned by the book's owner; the same file shown twice has two rows.
 */
export const bookImages = sqliteTable(
  'book_images',
  {
    BiID: integer('BiID').primaryKey({ autoIncrement: true }),
    BiBkID: integer('BiBkID')
      .notNull()
      .references(() => books.BkID, { onDelete: 'cascade' }),
    /** The chapter's number (book_chapters.BcNum). */
    BiChapter: integer('BiChapter').notNull(),
    /** Order of the picture in its chapter. */
    BiOrder: integer('BiOrder').notNull(),
    BiPara: integer('BiPara').notNull(),
    BiMfID: text('BiMfID')
      .notNull()
      .references(() => mediaFiles.MfID, { onDelete: 'cascade' }),
    /** The book's alt text when it is a caption (placeholders such as "Illo12" are dropped at import). */
    BiAlt: text('BiAlt').notNull().default(''),
    /** From the picture's header: the reader reserves its space before it loads. */
    BiWidth: integer('BiWidth').notNull(),
    BiHeight: integer('BiHeight').notNull(),
  },
  (t) => [index('book_images_chapter').on(t.BiBkID, t.BiChapter, t.BiOrder), index('book_images_media').on(t.BiMfID)],
);
