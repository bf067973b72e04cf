// Runs in: main. Sentence translation's endpoints: the providers' settings, a sentence's translation, the cache.
import { translationContract } from '../../../src-shared/contract/translation';
import { implement } from '../../registry';
import * as service from './service';
import { translateTextSlice } from './text-slice';

export const translationHandlers = implement(translationContract, {
  'translation.settings': (ctx) => service.translationSettings(ctx),
  'translation.saveSettings': (ctx, input) => service.saveTranslationSettings(ctx, input),
  'translation.translate': (ctx, input) => service.translateSentence(ctx, input),
  'translation.translateWord': (ctx, input) => service.translateWord(ctx, input),
  'translation.translateText': (ctx, input) => translateTextSlice(ctx, input),
  'translation.clearCache': (ctx) => service.clearTranslationCache(ctx),
});
