// Runs in: main. Lemma work that outlives a run (docs/vocabulary.md "Terms saved while the table builds"). Owned by
// the lemmas module.
import { sqliteTable, integer, text } from 'drizzle-orm/sqlite-core';
import { languages } from './languages';
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

/**
 * The version of the automatic lemma rules (form table, Hunspell packages: lemmas/recompute.ts) a language's
 * automatic lemmas were written with (issue 47). A row is written when a language's first automatic lemma is; after
 * an upgrade that changes the rules, the start sees the stale version and queues the recompute, which walks the
 * terms by WoID (`LrCursor`, durable across restarts), counts the lemmas it replaced (`LrChanged`) and, at the end,
 * records the new version and when (`LrUpdated`). It goes with its language.
 */
export const lemmaRules = sqliteTable('lemma_rules', {
  LrLgID: integer('LrLgID')
    .primaryKey()
    .references(() => languages.LgID, { onDelete: 'cascade' }),
  LrVersion: text('LrVersion').notNull(),
  LrCursor: integer('LrCursor').notNull().default(0),
  LrChanged: integer('LrChanged').notNull().default(0),
  LrUpdated: integer('LrUpdated'),
});
