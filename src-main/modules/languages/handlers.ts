// Runs in: main. Registry entries for languages.
import { languagesContract } from '../../../src-shared/contract/languages';
import { implement } from '../../registry';
import { languagePresets } from './presets';
import * as repo from './repo';
import * as service from './service';

export const languageHandlers = implement(languagesContract, {
  'languages.list': (ctx) => repo.listLanguages(ctx.sqlite, ctx.user),
  'languages.presets': () => [...languagePresets()],
  'languages.get': (ctx, { id }) => service.getLanguage(ctx, id),
  'languages.create': (ctx, input) => service.createLanguage(ctx, input),
  'languages.update': (ctx, { id, ...fields }) => service.updateLanguage(ctx, id, fields),
  'languages.delete': (ctx, { id }) => ({ success: true as const, deleted: service.deleteLanguage(ctx, id) }),
});
