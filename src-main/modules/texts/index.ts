// Runs in: main. The texts module's front door: texts (their rows, tags, parse and occurrences) and what other
// modules may call. Occurrences follow term and language changes through the listeners below: texts never calls
// terms (the reader module does), so terms may call texts (sentence texts) without a loop.
import type { Module } from '../../registry';
import { textHandlers } from './handlers';
import { onTermsChanged, reparseLanguage } from './occurrences';
import { parseTextsJob } from './parse-later';
import { forgetAllCoverage, forgetTexts, forgettingCoverage } from './coverage-cache';

export const textsModule: Module = {
  name: 'texts',
  handlers: textHandlers,
  listeners: {
    'terms.changed': forgettingCoverage(onTermsChanged),
    'language.parsingChanged': (ctx, { language }) => {
      forgetAllCoverage(ctx);
      reparseLanguage(ctx, language);
    },
    'text.changed': (ctx, { textId }) => forgetTexts(ctx, [textId]),
  },
  // Texts flagged TxNeedsParse by a change, parsed after its commit (parse-later.ts).
  jobs: { 'texts.parse': parseTextsJob },
};

// What other modules may call (they import this file, never a file of the module).
export type { TextRow } from './repo/texts';
export { firstSentencesMarked, markedSentenceAt, sentenceTexts } from './sentences';
export { createText, createTextsToParse, deleteText, getTextRow, markEveryTextForReparse, libraryTextIds, updateText } from './service';
export { backgroundParsesIdle, ensureParsed, parseStoredTexts } from './parse-later';
export { countMultiwordOccurrences } from './store';
