// Runs in: main. The lemmas module's front door: its endpoints and the domain events it listens to. Other
// modules ask for lemmas through service.ts (lemmaLookupFor, lemmatizeLocalFor, familyTermIds) and deferred.ts
// (scheduleLemmas); this module never imports theirs.
import type { Module } from '../../registry';
import { fillLemmasJob, resumePendingLemmas } from './deferred';
import { dropFamiliesOnTermsChanged } from './families';
import { lemmaHandlers, type LemmaDeps } from './handlers';
import { recomputeLemmasJob, startStaleRecomputes } from './recompute';
import { noteLemmaRules } from './rules';

export const lemmasModule = (deps: LemmaDeps): Module => ({
  name: 'lemmas',
  handlers: lemmaHandlers(deps),
  listeners: {
    // Family summaries are cached per language: any change to its terms drops them. A language's first automatic
    // lemma records the version of the rules that gave it (rules.ts).
    'terms.changed': (ctx, event) => {
      dropFamiliesOnTermsChanged(ctx, event);
      noteLemmaRules(ctx, event);
    },
  },
  // Terms a previous run saved while their table was building, never looked up (closed or crashed meanwhile); and the
  // recompute of languages whose automatic lemma rules changed since their lemmas were written (recompute.ts).
  start: (host) => {
    const pending = resumePendingLemmas(host);
    const recompute = startStaleRecomputes(host);
    return {
      running: () => pending.running() || recompute.running(),
      stop() {
        pending.stop();
        recompute.stop();
      },
    };
  },
  // Automatic lemmas deferred by a save, filled after its commit (deferred.ts); recomputed after a rule change.
  jobs: { 'lemmas.fill': fillLemmasJob, 'lemmas.recompute': recomputeLemmasJob },
});

// What other modules may call (they import this file, never a file of the module).
export { familyTermIds, lemmaLookupFor, lemmatizeLocalFor, localLemmaLookup, type LemmaLookup } from './service';
export { scheduleLemmas } from './deferred';
export { recomputeAutoLemmasSlice, type RecomputeProgress } from './recompute';
export { lemmaRulesVersion } from './rules';
