// Runs in: main. The reader module's front door: the reading views of a text (the reader payload, GET /words),
// the reader's term actions (quick term, multi-word terms, mark all) and the change log its cached payloads follow.
import type { Module } from '../../registry';
import { readerHandlers } from './handlers';
import { readingTermAnswered, readingTermsChanged } from './changes';

export const readerModule: Module = {
  name: 'reader',
  handlers: readerHandlers,
  listeners: {
    'terms.changed': (ctx, event) => readingTermsChanged(ctx.services, event),
    // A review answer changes a status without terms.changed: cached reading payloads must not outlive it.
    'review.answered': (ctx, { termId }) => readingTermAnswered(ctx.services, termId),
  },
};

// What other modules may call (they import this file, never a file of the module).
export { familyColumn } from './families';
export { hexOf } from './view';
