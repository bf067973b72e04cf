// Runs in: main. The reader module's front door: the reading views of a text (the reader payload, GET /words),
// the reader's term actions (quick term, multi-word terms, mark all) and the change log its cached payloads follow.
import type { Module } from '../../registry';
import { readerHandlers } from './handlers';
import { readingTermAnswered, readingTermsChanged } from './changes';

export const readerModule: Module = {
  name: 'reader',
  handlers: readerHandlers,
  listeners: {
    'terms.changed': (ctx, event) => {
      // A review answer that kept the status changes no reading form; any answer must not be outlived by cached
      // reading payloads (its term is logged by id).
      const statusKept = event.source === 'review' && event.terms.every((t, i) => t.WoStatus === event.before?.[i]?.WoStatus);
      if (!statusKept) readingTermsChanged(ctx.services, event);
      if (event.source === 'review') for (const t of event.terms) readingTermAnswered(ctx.services, t.WoID);
    },
  },
};

// What other modules may call (they import this file, never a file of the module).
export { familyColumn } from './families';
export { hexOf } from './view';
