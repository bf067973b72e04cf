// Runs in: main. Sentence timings of texts; the timings module writes them.
import { sqliteTable, integer, text, real, primaryKey } from 'drizzle-orm/sqlite-core';
import { texts } from './texts';

/**
 * When each sentence of a text is spoken. Keyed by text and sentence order (SeOrder); TmText is the
 * sentence's text when the timing was saved, so timings follow their sentence through text edits.
 * Reached through the owned parent text.
 */
export const textTimings = sqliteTable(
  'text_timings',
  {
    TmTxID: integer('TmTxID')
      .notNull()
      .references(() => texts.TxID, { onDelete: 'cascade' }),
    TmOrder: integer('TmOrder').notNull(),
    /** Seconds. */
    TmStart: real('TmStart').notNull(),
    TmEnd: real('TmEnd').notNull(),
    TmText: text('TmText').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.TmTxID, t.TmOrder] })],
);
