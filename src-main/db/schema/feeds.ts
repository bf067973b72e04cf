// Runs in: main. News feeds and their articles.
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './users';
import { languages } from './languages';
import { texts } from './texts';

export const newsFeeds = sqliteTable(
  'news_feeds',
  {
    NfID: integer('NfID').primaryKey({ autoIncrement: true }),
    NfLgID: integer('NfLgID').notNull().references(() => languages.LgID, { onDelete: 'cascade' }),
    NfUsID: integer('NfUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    NfName: text('NfName').notNull(),
    NfSourceURI: text('NfSourceURI').notNull(),
    NfArticleSectionTags: text('NfArticleSectionTags').notNull().default(''),
    NfFilterTags: text('NfFilterTags').notNull().default(''),
    NfOptions: text('NfOptions').notNull().default(''),
    NfUpdate: epochMs('NfUpdate'),
  },
  (t) => [index('news_feeds_owner').on(t.NfUsID, t.NfLgID)],
);

export const feedLinks = sqliteTable(
  'feed_links',
  {
    FlID: integer('FlID').primaryKey({ autoIncrement: true }),
    FlNfID: integer('FlNfID').notNull().references(() => newsFeeds.NfID, { onDelete: 'cascade' }),
    FlTitle: text('FlTitle').notNull(),
    FlLink: text('FlLink').notNull(),
    FlDescription: text('FlDescription').notNull().default(''),
    FlDate: epochMs('FlDate'),
    FlAudio: text('FlAudio').notNull().default(''),
    FlText: text('FlText').notNull().default(''),
    FlError: text('FlError').notNull().default(''),
    /** The text created when the article was imported, if any. */
    FlTxID: integer('FlTxID').references(() => texts.TxID, { onDelete: 'set null' }),
  },
  (t) => [index('feed_links_feed').on(t.FlNfID, t.FlLink)],
);
