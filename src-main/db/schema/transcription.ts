// Runs in: main. Listening: transcription jobs handed to the NLP microservice. Their media files: media.ts;
// sentence timings of texts: timings.ts.
import { sqliteTable, integer, text, real, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './accounts';
import { languages } from './languages';
import { mediaFiles } from './media';

/** A transcription job. TjID is ours (random, given to the caller); TjRemoteID is the NLP service's job id. */
export const transcriptionJobs = sqliteTable(
  'transcription_jobs',
  {
    TjID: text('TjID').primaryKey(),
    TjUsID: integer('TjUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    TjLgID: integer('TjLgID').references(() => languages.LgID, { onDelete: 'set null' }),
    TjRemoteID: text('TjRemoteID').notNull().default(''),
    TjStatus: text('TjStatus', { enum: ['pending', 'processing', 'completed', 'failed', 'cancelled'] }).notNull(),
    TjFileName: text('TjFileName').notNull().default(''),
    TjMfID: text('TjMfID').references(() => mediaFiles.MfID, { onDelete: 'set null' }),
    TjLanguage: text('TjLanguage').notNull().default(''),
    TjModel: text('TjModel').notNull().default(''),
    TjProgress: real('TjProgress').notNull().default(0),
    /** JSON of the service's result (text, language, duration_seconds, segments) once completed. */
    TjResult: text('TjResult').notNull().default(''),
    TjError: text('TjError').notNull().default(''),
    TjCreated: epochMs('TjCreated').notNull(),
    TjUpdated: epochMs('TjUpdated').notNull(),
  },
  (t) => [index('transcription_jobs_owner').on(t.TjUsID, t.TjCreated)],
);
