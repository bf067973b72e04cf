// Runs in: main. Registry entries for lemmas and word families.
import { lemmasContract } from '../../../src-shared/contract/lemmas';
import { implement } from '../../registry';
import { nlpAvailableLanguages } from '../../net/nlp-client';
import { importLemmaList } from './import';
import * as service from './service';
import { getTerm } from '../terms/service';

export const lemmaHandlers = implement(lemmasContract, {
  'wordFamilies.list': (ctx, { language_id, lemma_lc, q, min_size, page, per_page }) => {
    if (lemma_lc !== undefined) {
      const lc = lemma_lc.toLowerCase();
      return { lemma_lc: lc, terms: service.familyTermIds(ctx, language_id, lc).map((id) => getTerm(ctx, id)) };
    }
    return service.listFamilies(ctx, language_id, { q, minSize: min_size, page, perPage: per_page });
  },
  'wordFamilies.stats': (ctx, { language_id }) => service.coverage(ctx, language_id),
  'lemmas.import': (ctx, input) => importLemmaList(ctx, input),
  'lemmas.fill': (ctx, { language_id }) => service.fillLemmas(ctx, language_id),
  'lemmas.nlpAvailable': async (ctx) => {
    try {
      return { available: true, languages: await nlpAvailableLanguages(ctx.config) };
    } catch (err) {
      return { available: false, languages: [], error: (err as Error).message };
    }
  },
});
