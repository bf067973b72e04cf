// Runs in: main. Registry entries for lemmas and word families. The terms of a family are read through the
// `getTerm` the assembly passes in (modules/index.ts), so this module does not import the terms module
// (which itself asks this one for lemmas).
import { lemmasContract } from '../../../src-shared/contract/lemmas';
import type { TermDto } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { implement } from '../../registry';
import { nlpAvailableLanguages } from '../../net/nlp-client';
import { downloadLemmaSource, listLemmaSources } from './catalogue';
import { importLemmaList, previewLemmaList } from './import';
import * as service from './service';

export interface LemmaDeps {
  getTerm(ctx: HandlerContext, id: number): TermDto;
}

export const lemmaHandlers = (deps: LemmaDeps) =>
  implement(lemmasContract, {
    'wordFamilies.list': (ctx, { language_id, lemma_lc, q, min_size, page, per_page }) => {
      if (lemma_lc !== undefined) {
        const lc = lemma_lc.toLowerCase();
        return { lemma_lc: lc, terms: service.familyTermIds(ctx, language_id, lc).map((id) => deps.getTerm(ctx, id)) };
      }
      return service.listFamilies(ctx, language_id, { q, minSize: min_size, page, perPage: per_page });
    },
    'wordFamilies.stats': (ctx, { language_id }) => service.coverage(ctx, language_id),
    'lemmas.import': (ctx, input) => importLemmaList(ctx, input),
    'lemmas.importPreview': (_ctx, { file }) => previewLemmaList(file),
    'lemmas.catalogue': (ctx, { language_id }) => listLemmaSources(ctx, language_id),
    'lemmas.download': (ctx, { language_id, source_id }) => downloadLemmaSource(ctx, language_id, source_id),
    'lemmas.fill': (ctx, { language_id }) => service.fillLemmas(ctx, language_id),
    'lemmas.status': (ctx, { language_id }) => service.lemmaStatus(ctx, language_id),
    'lemmas.suggest': (ctx, { language_id, word, wait }) => service.suggestLemma(ctx, language_id, word, wait === true || wait === 'true' || wait === '1'),
    'lemmas.nlpAvailable': async (ctx) => {
      try {
        return { available: true, languages: await nlpAvailableLanguages(ctx.config) };
      } catch (err) {
        return { available: false, languages: [], error: (err as Error).message };
      }
    },
  });
