// Runs in: main. The terms module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { termHandlers } from './handlers';
import { staleOnReviewAnswered, staleOnTermsChanged } from './similar';

export const termsModule: Module = {
  name: 'terms',
  handlers: termHandlers,
  listeners: {
    // The similar-terms index re-reads changed terms at its next query.
    'terms.changed': staleOnTermsChanged,
    'review.answered': staleOnReviewAnswered,
  },
};

// What other modules may call (they import this file, never a file of the module).
export { createTerm, getTerm, importTerms, saveTermByText, setTermsStatus, updateTerm } from './service';
