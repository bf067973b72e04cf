// Runs in: main. Lemma work that outlives a run (docs/vocabulary.md "Terms saved while the table builds"). Owned by
// the lemmas module.
import { sqliteTable, integer } from 'drizzle-orm/sqlite-core';
import { words } from './terms';

/**
 * Terms whose automatic lemma was deferred (their language's table was building, or the NLP service is asked
 * later) and not yet looked up. A row goes once the lookup has run, found or not, so a term no source knows is not
 * asked again at every start; it goes with its term. No owner column: the term's WoUsID scopes it.
 */
export const lemmaPending = sqliteTable('lemma_pending', {
  LpWoID: integer('LpWoID')
    .primaryKey()
    .references(() => words.WoID, { onDelete: 'cascade' }),
});
