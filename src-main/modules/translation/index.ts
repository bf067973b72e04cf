// Runs in: main. Front door of the translation module: sentence translation through the learner's providers
// (LibreTranslate, DeepL, an OpenAI-compatible chat server) and the cache of their answers, which it alone writes.
import type { Module } from '../../registry';
import { translationHandlers } from './handlers';
import { translateTextJob } from './text-job';

export const translationModule: Module = {
  name: 'translation',
  handlers: translationHandlers,
  listeners: {},
  // "Translate all sentences" of a text, in the background (text-job.ts).
  jobs: { 'translation.translateText': translateTextJob },
};

export { translateSentence } from './service';
export { translateTextSlice, TEXT_SLICE_MAX } from './text-slice';
