// Runs in: main. Texts and the parsed form the reader shows (sentences, occurrences). Their tags: text-tags.ts.
import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, real, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { epochMs, flag } from './common';
import { users } from './accounts';
import { languages } from './languages';
import { words } from './terms';

export const texts = sqliteTable(
  'texts',
  {
    TxID: integer('TxID').primaryKey({ autoIncrement: true }),
    TxLgID: integer('TxLgID')
      .notNull()
      .references(() => languages.LgID, { onDelete: 'cascade' }),
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
    /** Set when the language's parser changed while the morphological analyzer was not loaded: parse on next open. */
    TxNeedsParse: flag('TxNeedsParse').notNull().default(false),
  },
  (t) => [index('texts_owner_language').on(t.TxUsID, t.TxLgID)],
);

/**
 * Sentences of a parsed text. SeFirstPos is the Ti2Order of the sentence's first token. The sentence's text
 * is not stored a second time: it is TxText.slice(SeStart, SeStart + SeLength) (UTF-16 offsets into TxText as
 * stored), read through sentenceTexts() in src-main/modules/texts/sentences.ts.
 */
export const sentences = sqliteTable(
  'sentences',
  {
    SeID: integer('SeID').primaryKey({ autoIncrement: true }),
    SeLgID: integer('SeLgID')
      .notNull()
      .references(() => languages.LgID, { onDelete: 'cascade' }),
    SeTxID: integer('SeTxID')
      .notNull()
      .references(() => texts.TxID, { onDelete: 'cascade' }),
    SeOrder: integer('SeOrder').notNull(),
    SeFirstPos: integer('SeFirstPos').notNull(),
    SeStart: integer('SeStart').notNull().default(0),
    SeLength: integer('SeLength').notNull().default(0),
  },
  (t) => [index('sentences_text').on(t.SeTxID, t.SeOrder)],
);

/**
 * The lowercased word forms met in a language's texts, so an occurrence stores a small integer instead of
 * its text, and "every occurrence of this form" is one index range (term created, deleted, renamed).
 * Multi-word occurrences point at the form of the whole phrase ("in the").
 */
export const tokenForms = sqliteTable(
  'token_forms',
  {
    TfID: integer('TfID').primaryKey({ autoIncrement: true }),
    TfLgID: integer('TfLgID')
      .notNull()
      .references(() => languages.LgID, { onDelete: 'cascade' }),
    TfTextLC: text('TfTextLC').notNull(),
  },
  (t) => [uniqueIndex('token_forms_language_text').on(t.TfLgID, t.TfTextLC)],
);

/**
 * One row per word of a parsed text (Ti2WordCount 1) and per multi-word term found in it (Ti2WordCount > 1,
 * starting at the Ti2Order of its first word and overlapping the single words). Whitespace and punctuation
 * are not stored: the reader re-cuts them from the text.
 *
 * Ti2WoID is NULL for an unknown word and a foreign key to the term otherwise (ON DELETE SET NULL). SQLite
 * finds the children of a deleted term through the partial index on Ti2WoID, which holds only linked rows:
 * unknown words cost nothing in it. The texts module sets Ti2WoID from terms.changed (a new term links every
 * occurrence of its form) and deletes the multi-word rows of a deleted term.
 *
 * Ti2TfID is a lookup key (the interned lowercased form), not a parent relation: no foreign key, because
 * deleting forms (a language's cascade) would then search word_occurrences once per form (docs/reading.md).
 *
 * Ti2TxID is not a foreign key either: a text's rows go away with it through the trigger
 * word_occurrences_text_deleted (migration 0011, also on a language's cascade to its texts), and storing a
 * text's 10,000+ rows then checks no parent per row (a third of the insert's cost). The language is the
 * text's: no column of its own.
 *
 * One b-tree serves every other access path (WITHOUT ROWID, custom migrations): a text's rows are the key
 * prefix Ti2TxID (reader, delete), and "every occurrence of this form" is one seek per text of the
 * language on (Ti2TxID, Ti2TfID). A text's rows are inserted in key order, so pages fill up.
 */
export const wordOccurrences = sqliteTable(
  'word_occurrences',
  {
    Ti2TxID: integer('Ti2TxID').notNull(),
    Ti2TfID: integer('Ti2TfID').notNull(),
    Ti2Order: integer('Ti2Order').notNull(),
    Ti2WordCount: integer('Ti2WordCount').notNull(),
    Ti2WoID: integer('Ti2WoID').references(() => words.WoID, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.Ti2TxID, t.Ti2TfID, t.Ti2Order, t.Ti2WordCount] }),
    index('word_occurrences_term')
      .on(t.Ti2WoID)
      .where(sql`"Ti2WoID" IS NOT NULL`),
  ],
);

/**
 * Readings an imported book gave its words (EPUB ruby: <ruby>漢字<rt>かんじ</rt></ruby>), base text → reading, per
 * text. The reader shows them as furigana (for languages with readings, when the learner switched furigana on),
 * before the parser's own reading. Reached through the owned parent text.
 */
export const textReadings = sqliteTable(
  'text_readings',
  {
    RdTxID: integer('RdTxID')
      .notNull()
      .references(() => texts.TxID, { onDelete: 'cascade' }),
    RdBase: text('RdBase').notNull(),
    RdReading: text('RdReading').notNull(),
  },
  (t) => [primaryKey({ columns: [t.RdTxID, t.RdBase] })],
);
