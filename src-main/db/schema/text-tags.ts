// Runs in: main. Text tags and their map to texts; the text-tags module writes them (texts set a text's tags through it).
import { sqliteTable, integer, text, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { texts } from './texts';

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
    TtTxID: integer('TtTxID')
      .notNull()
      .references(() => texts.TxID, { onDelete: 'cascade' }),
    TtT2ID: integer('TtT2ID')
      .notNull()
      .references(() => textTags.T2ID, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.TtTxID, t.TtT2ID] }), index('text_tag_map_tag').on(t.TtT2ID)],
);
