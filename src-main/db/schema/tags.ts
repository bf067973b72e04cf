// Runs in: main. Term tags and their map to terms; the tags module writes them (terms and the Anki re-import
// set a term's tags through it).
import { sqliteTable, integer, text, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { words } from './terms';

export const tags = sqliteTable(
  'tags',
  {
    TgID: integer('TgID').primaryKey({ autoIncrement: true }),
    TgUsID: integer('TgUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    TgText: text('TgText').notNull(),
    TgComment: text('TgComment').notNull().default(''),
  },
  (t) => [index('tags_lookup').on(t.TgUsID, t.TgText)],
);

export const wordTagMap = sqliteTable(
  'word_tag_map',
  {
    WtWoID: integer('WtWoID')
      .notNull()
      .references(() => words.WoID, { onDelete: 'cascade' }),
    WtTgID: integer('WtTgID')
      .notNull()
      .references(() => tags.TgID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.WtWoID, t.WtTgID] }), index('word_tag_map_tag').on(t.WtTgID)],
);
