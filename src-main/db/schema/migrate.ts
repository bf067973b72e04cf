// Runs in: main. A move-in from LWT or Lute in progress (docs/backup.md "Moving in"): written with its first step and
// deleted in the transaction of its last, so a move killed midway (kill -9, a power cut) is found at the next start
// and undone. Owned by the migrate module.
import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';
import { users } from './accounts';

/** One move-in: 'moving' while it runs; 'undone' once the next start removed what a killed move had stored. */
export const moveIns = sqliteTable('move_ins', {
  MvID: integer('MvID').primaryKey({ autoIncrement: true }),
  MvUsID: integer('MvUsID').references(() => users.UsID, { onDelete: 'cascade' }),
  /** 'lwt' or 'lute'. */
  MvSource: text('MvSource').notNull(),
  MvState: text('MvState', { enum: ['moving', 'undone'] })
    .notNull()
    .default('moving'),
  /** JSON array of the LgIDs the move created (deleted with what they hold by an undo). */
  MvLanguages: text('MvLanguages').notNull().default('[]'),
  /** Terms the undo removed, for the learner's notice. */
  MvTermsRemoved: integer('MvTermsRemoved').notNull().default(0),
  MvStarted: epochMs('MvStarted').notNull(),
});

/** The terms a move created in languages that existed before it (an undo deletes them one by one). */
export const moveInTerms = sqliteTable(
  'move_in_terms',
  {
    MtMvID: integer('MtMvID')
      .notNull()
      .references(() => moveIns.MvID, { onDelete: 'cascade' }),
    MtWoID: integer('MtWoID').notNull(),
  },
  (t) => [index('move_in_terms_move').on(t.MtMvID)],
);
