// Runs in: main. Sentence translation's endpoints: the providers' settings, a sentence's translation, the cache.
import { translationContract } from '../../../src-shared/contract/translation';
import { implement } from '../../registry';
import * as service from './service';
import { translateTextSlice } from './text-slice';
import { startTextTranslation, stopTextTranslation, textTranslationJob } from './text-job';

export const translationHandlers = implement(translationContract, {
  'translation.settings': (ctx) => service.translationSettings(ctx),
  'translation.saveSettings': (ctx, input) => service.saveTranslationSettings(ctx, input),
  'translation.translate': (ctx, input) => service.translateSentence(ctx, input),
  'translation.translateWord': (ctx, input) => service.translateWord(ctx, input),
  'translation.translateText': (ctx, input) => translateTextSlice(ctx, input),
  'translation.textJob': (ctx, input) => textTranslationJob(ctx, input.id),
  'translation.startTextJob': (ctx, input) => startTextTranslation(ctx, input.id),
  'translation.stopTextJob': (ctx, input) => stopTextTranslation(ctx, input.id),
  'translation.cacheList': (ctx, input) => service.keptTranslations(ctx, input),
  'translation.forgetCached': (ctx, input) => service.forgetKeptTranslation(ctx, input.id),
  'translation.clearCache': (ctx) => service.clearTranslationCache(ctx),
});
