// Runs in: main. Terms (table words). Their tags: tags.ts.
import { sql } from 'drizzle-orm';
import { sqliteTable, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './accounts';
import { languages } from './languages';
import { mediaFiles } from './media';

export const words = sqliteTable(
  'words',
  {
    WoID: integer('WoID').primaryKey({ autoIncrement: true }),
    WoLgID: integer('WoLgID')
      .notNull()
      .references(() => languages.LgID, { onDelete: 'cascade' }),
    WoUsID: integer('WoUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    WoText: text('WoText').notNull(),
    WoTextLC: text('WoTextLC').notNull(),
    WoLemma: text('WoLemma'),
    WoLemmaLC: text('WoLemmaLC'),
    /** 'manual' lemmas are never overwritten by a lemmatizer; 'auto' ones may be refreshed. */
    WoLemmaSource: text('WoLemmaSource', { enum: ['manual', 'auto'] }),
    WoStatus: integer('WoStatus').notNull().default(1),
    WoTranslation: text('WoTranslation').notNull().default(''),
    WoRomanization: text('WoRomanization').notNull().default(''),
    WoNotes: text('WoNotes').notNull().default(''),
    WoSentence: text('WoSentence').notNull().default(''),
    /** Number of words in the term (multi-word terms have more than 1). */
    WoWordCount: integer('WoWordCount').notNull().default(1),
    WoCreated: epochMs('WoCreated').notNull(),
    WoModified: epochMs('WoModified').notNull(),
    WoStatusChanged: epochMs('WoStatusChanged').notNull(),
    /** Number of the import (per owner, increasing) that last created or overwrote this term; NULL if never imported. */
    WoImportBatch: integer('WoImportBatch'),
    /**
     * The term's Anki note id (AnkiConnect, issue 44): its creation time in milliseconds, moved on by a millisecond
     * or more when another term holds that one, so it is unique in the database and 13 digits long (never below
     * 10^12). Set once when the term is created (terms repo), kept by every edit; NULL never stays (0025 fills it).
     */
    WoNoteID: integer('WoNoteID'),
  },
  (t) => [
    uniqueIndex('words_language_text').on(t.WoLgID, t.WoTextLC),
    index('words_language_lemma').on(t.WoLgID, t.WoLemmaLC),
    index('words_language_status').on(t.WoLgID, t.WoStatus, t.WoStatusChanged),
    index('words_owner').on(t.WoUsID),
    // Text parsing, reading and imports look terms up by language, owner and text (issue 34). Without statistics
    // (sqlite_stat1, gathered by PRAGMA optimize) SQLite guesses ~10 rows per equality, so for `WoLgID = ? AND
    // WoUsID IS ? AND WoTextLC IN (…)` it walked words_owner, every term of the owner (1 M terms: minutes); an
    // index matching all three columns wins that guess whatever the planner knows. Language first: led by the
    // owner it would look like a covering index for `WoID IN (…) AND WoUsID IS ?`, which words_owner serves as
    // (WoUsID, rowid) seeks.
    index('words_language_owner_text').on(t.WoLgID, t.WoUsID, t.WoTextLC),
    // The multi-word terms of a language (the analysis module's index of them is built at the first parse): few
    // rows, found without walking the language's single words.
    index('words_multiword')
      .on(t.WoLgID, t.WoUsID)
      .where(sql`"WoWordCount" > 1`),
    // Review counts (due per language, learning per scope) read only this: terms with a translation are
    // the askable ones, so the partial index covers those queries without touching the table.
    index('words_review')
      .on(t.WoUsID, t.WoLgID, t.WoStatus, t.WoStatusChanged)
      .where(sql`"WoTranslation" NOT IN ('', '*')`),
    index('words_owner_import').on(t.WoUsID, t.WoImportBatch),
    // A tool's note id → its term (nid:, notesInfo, updateNoteFields), and the newest note ids (added:N).
    uniqueIndex('words_note_id').on(t.WoNoteID),
  ],
);

/**
 * Media attached to a term (issue 29): a mined word's sentence audio and picture, files of the media store. The
 * terms module writes these rows; the media module's 'media.deleting' event makes terms let go of a file first
 * (the cascade is the backstop), and the media store counts a file listed here as used.
 */
export const termMedia = sqliteTable(
  'term_media',
  {
    TmWoID: integer('TmWoID')
      .notNull()
      .references(() => words.WoID, { onDelete: 'cascade' }),
    TmMfID: text('TmMfID')
      .notNull()
      .references(() => mediaFiles.MfID, { onDelete: 'cascade' }),
    TmRole: text('TmRole', { enum: ['audio', 'picture'] }).notNull(),
    /** The file name the mining tool gave it (what its fields name, as [sound:x.mp3] or <img src="x.jpg">). */
    TmFileName: text('TmFileName').notNull(),
  },
  (t) => [primaryKey({ columns: [t.TmWoID, t.TmMfID] }), index('term_media_media').on(t.TmMfID)],
);
