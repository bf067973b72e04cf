// Runs in: main. Local dictionaries per language and their entries.
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './accounts';
import { languages } from './languages';

export const localDictionaries = sqliteTable(
  'local_dictionaries',
  {
    LdID: integer('LdID').primaryKey({ autoIncrement: true }),
    LdLgID: integer('LdLgID')
      .notNull()
      .references(() => languages.LgID, { onDelete: 'cascade' }),
    LdUsID: integer('LdUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    LdName: text('LdName').notNull(),
    LdDescription: text('LdDescription').notNull().default(''),
    LdSourceFormat: text('LdSourceFormat').notNull().default(''),
    LdSourceURI: text('LdSourceURI').notNull().default(''),
    LdLicense: text('LdLicense').notNull().default(''),
    LdEntryCount: integer('LdEntryCount').notNull().default(0),
    LdPriority: integer('LdPriority').notNull().default(0),
    LdCreated: epochMs('LdCreated').notNull(),
    /**
     * 0 once a dictionary is usable. While an import writes its entries in slices, the import's token (its start,
     * epoch ms): every read skips such a row and its entries, so an import is all-or-nothing to the user; a token
     * older than any import may run belongs to a killed import and is deleted by the next one.
     */
    LdImporting: integer('LdImporting').notNull().default(0),
  },
  (t) => [index('local_dictionaries_owner').on(t.LdUsID, t.LdLgID)],
);

export const localDictionaryEntries = sqliteTable(
  'local_dictionary_entries',
  {
    LeID: integer('LeID').primaryKey({ autoIncrement: true }),
    LeLdID: integer('LeLdID')
      .notNull()
      .references(() => localDictionaries.LdID, { onDelete: 'cascade' }),
    LeTerm: text('LeTerm').notNull(),
    LeTermLC: text('LeTermLC').notNull(),
    LeReading: text('LeReading').notNull().default(''),
    LeDefinition: text('LeDefinition').notNull(),
    LePartOfSpeech: text('LePartOfSpeech').notNull().default(''),
    /** Frequency rank (1 = most frequent) when the source has one (Yomitan term_meta_bank). */
    LeFrequencyRank: integer('LeFrequencyRank'),
  },
  (t) => [index('local_dictionary_entries_lookup').on(t.LeLdID, t.LeTermLC)],
);
