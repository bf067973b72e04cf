// Runs in: main. Sentence translations asked of the learner's providers, kept so the second time is instant and
// offline (docs/translation.md). Owned by the translation module.
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './accounts';

/** One answer: a sentence's text in one language pair, as one provider translated it. */
export const translations = sqliteTable(
  'translations',
  {
    TrID: integer('TrID').primaryKey({ autoIncrement: true }),
    TrUsID: integer('TrUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    TrText: text('TrText').notNull(),
    /** ISO 639-1 of the sentence's language ('' when the language has none: the provider detects it). */
    TrSource: text('TrSource').notNull(),
    TrTarget: text('TrTarget').notNull(),
    /** 'libretranslate', 'deepl' or 'openai'. */
    TrProvider: text('TrProvider').notNull(),
    TrTranslation: text('TrTranslation').notNull(),
    TrCreated: epochMs('TrCreated').notNull(),
  },
  (t) => [index('translations_lookup').on(t.TrText, t.TrSource, t.TrTarget, t.TrUsID)],
);
