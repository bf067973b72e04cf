// Runs in: main. The texts module's front door: texts, their reading (the reader endpoints) and occurrences.
// Occurrences follow term and language changes through the listeners below.
import type { Module } from '../../registry';
import { textHandlers } from './handlers';
import { onTermsChanged, reparseLanguage } from './occurrences';
import { readerHandlers } from './reader-handlers';
import { readingTermsChanged } from './reader-view';

export const textsModule: Module = {
  name: 'texts',
  handlers: [...textHandlers, ...readerHandlers],
  listeners: {
    'terms.changed': (ctx, event) => {
      onTermsChanged(ctx, event);
      readingTermsChanged();
    },
    // A review answer changes a status without terms.changed: cached reading payloads must not outlive it.
    'review.answered': () => readingTermsChanged(),
    'language.parsingChanged': (ctx, { language }) => reparseLanguage(ctx, language),
  },
};
