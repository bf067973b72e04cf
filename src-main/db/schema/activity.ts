// Runs in: main. Daily activity counters (day in the user's time zone).
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { users } from './users';

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
  },
  (t) => [index('activity_log_lookup').on(t.AcUsID, t.AcDate)],
);
