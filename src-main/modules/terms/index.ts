// Runs in: main. The terms module's front door: its endpoints, the domain events it listens to, and what other
// modules may call. Only this module writes terms (words) and announces terms.changed.
import type { Module } from '../../registry';
import { termHandlers } from './handlers';
import { staleOnTermsChanged } from './similar';
import { storeFoundLemmas, storeReplacedLemmas } from './service';
import { releaseTermMedia } from './media';
import { recountCorrectedTerms } from './word-counts';

export const termsModule: Module = {
  name: 'terms',
  handlers: termHandlers,
  listeners: {
    // The similar-terms index re-reads changed terms at its next query.
    'terms.changed': staleOnTermsChanged,
    // Automatic lemmas are written here, the one place that writes words.
    'lemmas.found': storeFoundLemmas,
    'lemmas.replaced': storeReplacedLemmas,
    // A mined term's audio or picture is about to leave the media store: its link goes first.
    'media.deleting': releaseTermMedia,
    // A word correction: terms holding its string are counted again, as the texts now cut them.
    'language.wordCorrected': recountCorrectedTerms,
  },
};

// What other modules may call (they import this file, never a file of the module).
export {
  createTerm,
  getTerm,
  getTerms,
  restartReviewInterval,
  saveTermByText,
  setTermsStatus,
  updateReimportedTerms,
  updateTerm,
  type ReimportedTerm,
} from './service';
export { discardCreatedTerms, importTermsInSlices, IMPORT_SLICE_ROWS } from './import';
export { importTerms } from './store-rows';
export { termDiffers, termsByText } from './merge';
export { listTerms } from './list';
export { attachTermMedia, mediaByTerm, termMedia } from './media';
