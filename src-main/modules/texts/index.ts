// Runs in: main. The texts module's front door: texts, their reading (the reader endpoints) and occurrences.
// Occurrences follow term and language changes through the listeners below.
import type { Module } from '../../registry';
import { textHandlers } from './handlers';
import { onTermsChanged, reparseLanguage } from './occurrences';
import { readerHandlers } from './reader-handlers';
import { readingTermAnswered, readingTermsChanged } from './reading-changes';

export const textsModule: Module = {
  name: 'texts',
  handlers: [...textHandlers, ...readerHandlers],
  listeners: {
    'terms.changed': (ctx, event) => {
      onTermsChanged(ctx, event);
      readingTermsChanged(event);
    },
    // A review answer changes a status without terms.changed: cached reading payloads must not outlive it.
    'review.answered': (_ctx, { termId }) => readingTermAnswered(termId),
    'language.parsingChanged': (ctx, { language }) => reparseLanguage(ctx, language),
  },
};
