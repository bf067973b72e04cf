// Runs in: main. A learner's languages and how their texts are parsed.
import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { epochMs, flag } from './common';
import { users } from './accounts';

export const languages = sqliteTable(
  'languages',
  {
    LgID: integer('LgID').primaryKey({ autoIncrement: true }),
    LgUsID: integer('LgUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    LgName: text('LgName').notNull(),
    /** ISO 639-1 code; finds {code}_lemmas.tsv and the NLP model. */
    LgIsoCode: text('LgIsoCode').notNull().default(''),
    LgParserType: text('LgParserType', { enum: ['regex', 'character', 'morphological'] })
      .notNull()
      .default('regex'),
    LgLemmatizerType: text('LgLemmatizerType', { enum: ['none', 'dictionary', 'nlp', 'hybrid'] })
      .notNull()
      .default('dictionary'),
    LgRegexpWordCharacters: text('LgRegexpWordCharacters').notNull().default(''),
    LgRegexpSplitSentences: text('LgRegexpSplitSentences').notNull().default('.!?'),
    LgExceptionsSplitSentences: text('LgExceptionsSplitSentences').notNull().default(''),
    LgCharacterSubstitutions: text('LgCharacterSubstitutions').notNull().default(''),
    LgRemoveSpaces: flag('LgRemoveSpaces').notNull().default(false),
    LgSplitEachChar: flag('LgSplitEachChar').notNull().default(false),
    LgRightToLeft: flag('LgRightToLeft').notNull().default(false),
    LgShowRomanization: flag('LgShowRomanization').notNull().default(false),
    LgTextSize: integer('LgTextSize').notNull().default(100),
    LgDict1URI: text('LgDict1URI').notNull().default(''),
    LgDict2URI: text('LgDict2URI').notNull().default(''),
    LgGoogleTranslateURI: text('LgGoogleTranslateURI').notNull().default(''),
    LgCreated: epochMs('LgCreated').notNull(),
  },
  // NULL owners (single-user mode) must collide too, hence ifnull.
  (t) => [index('languages_lookup').on(t.LgUsID, t.LgName)],
);

/**
 * The learner's corrections of a language's word segmenter (issue 46): the string WcText (lowercased) is cut into
 * the parts WcParts (tab-separated, one part for a join). A language has one owner, so one row a string a language;
 * WcUsID is the owner's, for scoping, and goes with the account.
 */
export const wordCorrections = sqliteTable(
  'word_corrections',
  {
    WcID: integer('WcID').primaryKey({ autoIncrement: true }),
    WcUsID: integer('WcUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    WcLgID: integer('WcLgID')
      .notNull()
      .references(() => languages.LgID, { onDelete: 'cascade' }),
    WcText: text('WcText').notNull(),
    WcParts: text('WcParts').notNull(),
    WcCreated: epochMs('WcCreated').notNull(),
  },
  (t) => [uniqueIndex('word_corrections_text').on(t.WcLgID, t.WcText)],
);
