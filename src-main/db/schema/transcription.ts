// Runs in: main. Audio transcription jobs handed to the NLP microservice.
import { sqliteTable, integer, text, real } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './users';
import { languages } from './languages';

export const transcriptionJobs = sqliteTable('transcription_jobs', {
  TjID: text('TjID').primaryKey(),
  TjUsID: integer('TjUsID').references(() => users.UsID, { onDelete: 'cascade' }),
  TjLgID: integer('TjLgID').references(() => languages.LgID, { onDelete: 'set null' }),
  TjStatus: text('TjStatus', { enum: ['queued', 'running', 'done', 'failed', 'cancelled'] }).notNull(),
  TjFileName: text('TjFileName').notNull().default(''),
  TjModel: text('TjModel').notNull().default(''),
  TjProgress: real('TjProgress').notNull().default(0),
  TjResult: text('TjResult').notNull().default(''),
  TjError: text('TjError').notNull().default(''),
  TjCreated: epochMs('TjCreated').notNull(),
  TjUpdated: epochMs('TjUpdated').notNull(),
});
