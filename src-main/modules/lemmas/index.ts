// Runs in: main. The lemmas module's front door: its endpoints and the domain events it listens to. Other
// modules ask for lemmas through service.ts (lemmaLookupFor, lemmatizeLocalFor, familyTermIds) and deferred.ts
// (scheduleLemmas); this module never imports theirs.
import type { Module } from '../../registry';
import { fillLemmasJob, resumePendingLemmas } from './deferred';
import { dropFamiliesOnTermsChanged } from './families';
import { lemmaHandlers, type LemmaDeps } from './handlers';

export const lemmasModule = (deps: LemmaDeps): Module => ({
  name: 'lemmas',
  handlers: lemmaHandlers(deps),
  listeners: {
    // Family summaries are cached per language: any change to its terms drops them.
    'terms.changed': dropFamiliesOnTermsChanged,
  },
  // Terms a previous run saved while their table was building, never looked up (closed or crashed meanwhile).
  start: resumePendingLemmas,
  // Automatic lemmas deferred by a save, filled after its commit (deferred.ts).
  jobs: { 'lemmas.fill': fillLemmasJob },
});

// What other modules may call (they import this file, never a file of the module).
export { familyTermIds, lemmaLookupFor, lemmatizeLocalFor, localLemmaLookup, type LemmaLookup } from './service';
export { scheduleLemmas } from './deferred';
export { lemmaRulesVersion, recomputeAutoLemmasSlice, type RecomputeProgress } from './recompute';
