// Runs in: main. The texts module's front door: texts, their reading (the reader endpoints) and occurrences.
// Occurrences follow term and language changes through the listeners below.
import type { Module } from '../../registry';
import { textHandlers } from './handlers';
import { onTermsChanged, reparseLanguage } from './occurrences';
import { readerHandlers } from './reader-handlers';

export const textsModule: Module = {
  name: 'texts',
  handlers: [...textHandlers, ...readerHandlers],
  listeners: {
    'terms.changed': onTermsChanged,
    'language.parsingChanged': (ctx, { language }) => reparseLanguage(ctx, language),
  },
};
