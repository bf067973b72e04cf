// Runs in: main. The lemmas module's front door: its endpoints and the domain events it listens to. Other
// modules ask for lemmas through service.ts (lemmaLookupFor, lemmatizeLocalFor, scheduleLemmas,
// familyTermIds); this module never imports theirs.
import type { Module } from '../../registry';
import { dropFamiliesOnReview, dropFamiliesOnTermsChanged } from './families';
import { lemmaHandlers, type LemmaDeps } from './handlers';

export const lemmasModule = (deps: LemmaDeps): Module => ({
  name: 'lemmas',
  handlers: lemmaHandlers(deps),
  listeners: {
    // Family summaries are cached per language: any change to its terms drops them.
    'terms.changed': dropFamiliesOnTermsChanged,
    'review.answered': dropFamiliesOnReview,
  },
});

// What other modules may call (they import this file, never a file of the module).
export { familyTermIds, lemmaLookupFor, lemmatizeLocalFor, localLemmaLookup, scheduleLemmas, type LemmaLookup } from './service';
