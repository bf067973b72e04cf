// Runs in: main. Daily activity counters (day in the user's time zone).
import { sqliteTable, integer, text, index, primaryKey } from 'drizzle-orm/sqlite-core';
import { users } from './accounts';
import { texts } from './texts';

export const activityLog = sqliteTable(
  'activity_log',
  {
    AcID: integer('AcID').primaryKey({ autoIncrement: true }),
    AcUsID: integer('AcUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the user's time zone. */
    AcDate: text('AcDate').notNull(),
    AcTermsCreated: integer('AcTermsCreated').notNull().default(0),
    AcTermsReviewed: integer('AcTermsReviewed').notNull().default(0),
    AcTextsRead: integer('AcTextsRead').notNull().default(0),
    /** Terms created by "All known" / "Ignore all" in the reader: counted apart from terms created one by one. */
    AcTermsMarkedKnown: integer('AcTermsMarkedKnown').notNull().default(0),
    AcTermsMarkedIgnored: integer('AcTermsMarkedIgnored').notNull().default(0),
    /** Running words of the texts marked read that day (a text counts once per day, like AcTextsRead). */
    AcWordsRead: integer('AcWordsRead').notNull().default(0),
    /** Seconds of active reading in the reader (paused while the learner is idle or the window is hidden). */
    AcReadingSeconds: integer('AcReadingSeconds').notNull().default(0),
  },
  (t) => [index('activity_log_lookup').on(t.AcUsID, t.AcDate)],
);

/**
 * Which texts were finished on which day, so a text finished twice on one day counts once in AcTextsRead.
 * No owner column: reached through its text, like the text's other child rows.
 */
export const activityTextsRead = sqliteTable(
  'activity_texts_read',
  {
    AtTxID: integer('AtTxID')
      .notNull()
      .references(() => texts.TxID, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in the user's time zone. */
    AtDate: text('AtDate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.AtTxID, t.AtDate] })],
);
