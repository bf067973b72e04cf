// Runs in: main. EPUB books split into chapters; each chapter is read as a text.
import { sqliteTable, integer, text, real, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './users';
import { languages } from './languages';
import { texts } from './texts';

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
    /** File name of the cover under <dataDir>/covers/, '' when the book has none. */
    BkCoverPath: text('BkCoverPath').notNull().default(''),
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
