// Runs in: main. News feeds and their articles.
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { epochMs, flag } from './common';
import { users } from './accounts';
import { languages } from './languages';
import { texts } from './texts';

export const newsFeeds = sqliteTable(
  'news_feeds',
  {
    NfID: integer('NfID').primaryKey({ autoIncrement: true }),
    NfLgID: integer('NfLgID')
      .notNull()
      .references(() => languages.LgID, { onDelete: 'cascade' }),
    NfUsID: integer('NfUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    NfName: text('NfName').notNull(),
    NfSourceURI: text('NfSourceURI').notNull(),
    NfArticleSectionTags: text('NfArticleSectionTags').notNull().default(''),
    NfFilterTags: text('NfFilterTags').notNull().default(''),
    NfOptions: text('NfOptions').notNull().default(''),
    NfUpdate: epochMs('NfUpdate'),
    /** Conditional-request validators of the last successful fetch. */
    NfEtag: text('NfEtag').notNull().default(''),
    NfLastModified: text('NfLastModified').notNull().default(''),
    /** The last refresh's failure, plain text ('' when it worked). */
    NfLastError: text('NfLastError').notNull().default(''),
  },
  (t) => [index('news_feeds_owner').on(t.NfUsID, t.NfLgID)],
);

export const feedLinks = sqliteTable(
  'feed_links',
  {
    FlID: integer('FlID').primaryKey({ autoIncrement: true }),
    FlNfID: integer('FlNfID')
      .notNull()
      .references(() => newsFeeds.NfID, { onDelete: 'cascade' }),
    FlTitle: text('FlTitle').notNull(),
    FlLink: text('FlLink').notNull(),
    FlDescription: text('FlDescription').notNull().default(''),
    FlDate: epochMs('FlDate'),
    FlAudio: text('FlAudio').notNull().default(''),
    FlText: text('FlText').notNull().default(''),
    FlError: text('FlError').notNull().default(''),
    /** The text created when the article was imported, if any. */
    FlTxID: integer('FlTxID').references(() => texts.TxID, { onDelete: 'set null' }),
    /** Fetched by a refresh and not yet seen in the article list (the "new" badge). */
    FlNew: flag('FlNew').notNull().default(false),
  },
  (t) => [index('feed_links_feed').on(t.FlNfID, t.FlLink)],
);
