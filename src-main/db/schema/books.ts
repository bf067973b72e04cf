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
    BkLgID: integer('BkLgID').notNull().references(() => languages.LgID, { onDelete: 'cascade' }),
    BkUsID: integer('BkUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    BkTitle: text('BkTitle').notNull(),
    BkAuthor: text('BkAuthor').notNull().default(''),
    BkSourceURI: text('BkSourceURI').notNull().default(''),
    BkCurrentChapter: integer('BkCurrentChapter').notNull().default(1),
    /** 0..1 share of the book read. */
    BkProgress: real('BkProgress').notNull().default(0),
    BkCreated: epochMs('BkCreated').notNull(),
  },
  (t) => [index('books_owner').on(t.BkUsID, t.BkLgID)],
);

export const bookChapters = sqliteTable(
  'book_chapters',
  {
    BcID: integer('BcID').primaryKey({ autoIncrement: true }),
    BcBkID: integer('BcBkID').notNull().references(() => books.BkID, { onDelete: 'cascade' }),
    BcNum: integer('BcNum').notNull(),
    BcTitle: text('BcTitle').notNull().default(''),
    BcTxID: integer('BcTxID').references(() => texts.TxID, { onDelete: 'set null' }),
  },
  (t) => [index('book_chapters_book').on(t.BcBkID, t.BcNum)],
);
