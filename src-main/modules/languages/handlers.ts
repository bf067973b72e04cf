// Runs in: main. Registry entries for languages.
import { languagesContract } from '../../../src-shared/contract/languages';
import { implement } from '../../registry';
import { languagePresets } from './presets';
import * as repo from './repo';
import * as service from './service';
import { listWordCorrections, removeWordCorrection } from './word-corrections';

export const languageHandlers = implement(languagesContract, {
  'languages.list': (ctx) => repo.listLanguages(ctx.sqlite, ctx.user),
  'languages.presets': () => [...languagePresets()],
  'languages.get': (ctx, { id }) => service.getLanguage(ctx, id),
  'languages.create': (ctx, input) => service.createLanguage(ctx, input),
  'languages.update': (ctx, { id, ...fields }) => service.updateLanguage(ctx, id, fields),
  'languages.wordCorrections': (ctx, { id }) => ({ corrections: listWordCorrections(ctx, id) }),
  'languages.removeWordCorrection': (ctx, { id, correctionId }) => {
    removeWordCorrection(ctx, id, correctionId);
    return { success: true as const };
  },
  'languages.delete': (ctx, { id }) => ({ success: true as const, deleted: service.deleteLanguage(ctx, id) }),
});
