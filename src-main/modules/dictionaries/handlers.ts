// Runs in: main. Registry entries for local dictionaries.
import { dictionariesContract } from '../../../src-shared/contract/dictionaries';
import { implement } from '../../registry';
import { importCurated, listCurated } from './curated';
import * as service from './service';

export const dictionaryHandlers = implement(dictionariesContract, {
  'dictionaries.list': (ctx, { language_id }) => service.listDictionaries(ctx, language_id),
  'dictionaries.create': (ctx, input) => service.createDictionary(ctx, input),
  'dictionaries.update': (ctx, { id, ...patch }) => service.updateDictionary(ctx, id, patch),
  'dictionaries.delete': (ctx, { id }) => ({ success: true as const, deleted: service.deleteDictionary(ctx, id) }),
  'dictionaries.import': (ctx, { id, file, replace }) => service.importIntoDictionary(ctx, id, file, replace ?? false),
  'dictionaries.upload': (ctx, { language_id, file, LdName }) => service.uploadDictionary(ctx, language_id, file, LdName),
  'dictionaries.lookup': (ctx, { language_id, term, lemma }) => service.lookup(ctx, language_id, term, lemma),
  'dictionaries.curated': (ctx, { language_id }) => listCurated(ctx, language_id),
  'dictionaries.importCurated': (ctx, { language_id, catalogue_id }) => importCurated(ctx, language_id, catalogue_id),
});
