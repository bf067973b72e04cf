// Runs in: main. Work that follows a write (docs/architecture.md "Background work"): one row a job, written in the
// transaction of the write that asks for it and run after the commit by the core's job runner (core/jobs.ts), the
// table's one writer. A job survives a crash or a restart (the next start runs it) and lives in the library's file,
// so a restore that swaps the file swaps its jobs too.
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './accounts';

/** One job: its kind (core/jobs.ts runs the kind's handler), its JSON payload and its owner (multi-user mode). */
export const jobs = sqliteTable(
  'jobs',
  {
    JbID: integer('JbID').primaryKey({ autoIncrement: true }),
    /** The handler's name, `<module>.<what>` (e.g. 'anki-sync.sendOnSave'). */
    JbKind: text('JbKind').notNull(),
    /** JSON, the handler's input. */
    JbPayload: text('JbPayload').notNull().default('{}'),
    /** The user it runs as; NULL: the local owner (single-user mode). Goes with its user. */
    JbUsID: integer('JbUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    /** 'pending' (waits, or retries at JbRunAfter) or 'failed' (gave up after its attempts; kept for the job list). */
    JbState: text('JbState', { enum: ['pending', 'failed'] })
      .notNull()
      .default('pending'),
    JbAttempts: integer('JbAttempts').notNull().default(0),
    /** Not before this time (a retry waits). */
    JbRunAfter: epochMs('JbRunAfter').notNull(),
    /** The last attempt's error, for the job list. */
    JbError: text('JbError').notNull().default(''),
    JbCreated: epochMs('JbCreated').notNull(),
  },
  (t) => [index('jobs_due').on(t.JbState, t.JbRunAfter)],
);
