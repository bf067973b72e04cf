// Runs in: main. Texts, their tags, and the parsed form the reader shows (sentences, occurrences).
import { sqliteTable, integer, text, real, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { epochMs, flag } from './common';
import { users } from './users';
import { languages } from './languages';
import { words } from './terms';

export const texts = sqliteTable(
  'texts',
  {
    TxID: integer('TxID').primaryKey({ autoIncrement: true }),
    TxLgID: integer('TxLgID').notNull().references(() => languages.LgID, { onDelete: 'cascade' }),
    TxUsID: integer('TxUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    TxTitle: text('TxTitle').notNull(),
    TxText: text('TxText').notNull(),
    TxAudioURI: text('TxAudioURI').notNull().default(''),
    TxSourceURI: text('TxSourceURI').notNull().default(''),
    /** Seconds into the audio, clamped to 0..86400. */
    TxAudioPosition: real('TxAudioPosition').notNull().default(0),
    /** Reading position: the Ti2Order the reader last showed. */
    TxPosition: integer('TxPosition').notNull().default(0),
    TxArchived: flag('TxArchived').notNull().default(false),
    TxCreated: epochMs('TxCreated').notNull(),
    TxModified: epochMs('TxModified').notNull(),
    TxOpenedAt: epochMs('TxOpenedAt'),
    TxFinishedAt: epochMs('TxFinishedAt'),
  },
  (t) => [index('texts_owner_language').on(t.TxUsID, t.TxLgID)],
);

export const textTags = sqliteTable(
  'text_tags',
  {
    T2ID: integer('T2ID').primaryKey({ autoIncrement: true }),
    T2UsID: integer('T2UsID').references(() => users.UsID, { onDelete: 'cascade' }),
    T2Text: text('T2Text').notNull(),
    T2Comment: text('T2Comment').notNull().default(''),
  },
  (t) => [index('text_tags_lookup').on(t.T2UsID, t.T2Text)],
);

export const textTagMap = sqliteTable(
  'text_tag_map',
  {
    TtTxID: integer('TtTxID').notNull().references(() => texts.TxID, { onDelete: 'cascade' }),
    TtT2ID: integer('TtT2ID').notNull().references(() => textTags.T2ID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.TtTxID, t.TtT2ID] }), index('text_tag_map_tag').on(t.TtT2ID)],
);

export const sentences = sqliteTable(
  'sentences',
  {
    SeID: integer('SeID').primaryKey({ autoIncrement: true }),
    SeLgID: integer('SeLgID').notNull().references(() => languages.LgID, { onDelete: 'cascade' }),
    SeTxID: integer('SeTxID').notNull().references(() => texts.TxID, { onDelete: 'cascade' }),
    SeOrder: integer('SeOrder').notNull(),
    SeFirstPos: integer('SeFirstPos').notNull(),
    SeText: text('SeText').notNull(),
  },
  (t) => [index('sentences_text').on(t.SeTxID, t.SeOrder)],
);

/**
 * One row per token of a parsed text. Ti2WordCount 0 = non-word (spaces, punctuation),
 * 1 = a word, >1 = a multi-word term starting at Ti2Order (overlapping the single words).
 */
export const wordOccurrences = sqliteTable(
  'word_occurrences',
  {
    Ti2TxID: integer('Ti2TxID').notNull().references(() => texts.TxID, { onDelete: 'cascade' }),
    Ti2LgID: integer('Ti2LgID').notNull().references(() => languages.LgID, { onDelete: 'cascade' }),
    Ti2SeID: integer('Ti2SeID').notNull().references(() => sentences.SeID, { onDelete: 'cascade' }),
    Ti2WoID: integer('Ti2WoID').references(() => words.WoID, { onDelete: 'set null' }),
    Ti2Order: integer('Ti2Order').notNull(),
    Ti2WordCount: integer('Ti2WordCount').notNull(),
    Ti2Text: text('Ti2Text').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.Ti2TxID, t.Ti2Order, t.Ti2WordCount] }),
    index('word_occurrences_word').on(t.Ti2WoID),
  ],
);
