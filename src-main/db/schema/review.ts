// Runs in: main. FSRS memory state per term and the log of review answers (SPEC rule 13).
import { sqliteTable, integer, real, text, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { words } from './terms';

export const termSchedules = sqliteTable('term_schedules', {
  TsWoID: integer('TsWoID')
    .primaryKey()
    .references(() => words.WoID, { onDelete: 'cascade' }),
  TsStability: real('TsStability').notNull(),
  TsDifficulty: real('TsDifficulty').notNull(),
  TsDue: epochMs('TsDue').notNull(),
  TsState: integer('TsState').notNull(),
  TsReps: integer('TsReps').notNull().default(0),
  TsLapses: integer('TsLapses').notNull().default(0),
  TsElapsedDays: integer('TsElapsedDays').notNull().default(0),
  TsScheduledDays: integer('TsScheduledDays').notNull().default(0),
  TsLearningSteps: integer('TsLearningSteps').notNull().default(0),
  TsLastReview: epochMs('TsLastReview'),
});

export const reviewLog = sqliteTable(
  'review_log',
  {
    RlID: integer('RlID').primaryKey({ autoIncrement: true }),
    RlWoID: integer('RlWoID')
      .notNull()
      .references(() => words.WoID, { onDelete: 'cascade' }),
    RlReviewedAt: epochMs('RlReviewedAt').notNull(),
    RlStatusFrom: integer('RlStatusFrom').notNull(),
    RlStatusTo: integer('RlStatusTo').notNull(),
    /** FSRS rating 1 Again .. 4 Easy derived from the status answer. */
    RlRating: integer('RlRating').notNull(),
    RlState: integer('RlState').notNull(),
    RlStability: real('RlStability').notNull(),
    RlDifficulty: real('RlDifficulty').notNull(),
    RlDue: epochMs('RlDue').notNull(),
    RlElapsedDays: integer('RlElapsedDays').notNull().default(0),
    RlScheduledDays: integer('RlScheduledDays').notNull().default(0),
    RlMode: text('RlMode').notNull().default(''),
  },
  (t) => [index('review_log_word').on(t.RlWoID, t.RlReviewedAt)],
);
