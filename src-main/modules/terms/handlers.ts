// Runs in: main. Registry entries for terms: CRUD, vocabulary list, bulk actions, import/export, similar terms, sentences.
import { termsContract } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { implement } from '../../registry';
import { getLanguage } from '../languages';
import { applyFamilyStatus, bulkAction } from './bulk';
import { importFromSource, previewImport } from './import';
import { exportTerms, importedTerms, listTerms } from './list';
import { sentencesWithTerm } from './sentences';
import * as service from './service';
import { similarTerms } from './similar';
import { prepareWordCount } from '../analysis';

/** Term writes count words with the reader's tokenizer: load the language's analyzer first (kuromoji). */
const readyToCount = (ctx: HandlerContext, languageId: number) => prepareWordCount(getLanguage(ctx, languageId));

export const termHandlers = implement(termsContract, {
  'terms.list': (ctx, { page, per_page, ...filters }) => listTerms(ctx, filters, page, per_page),
  'terms.get': (ctx, { id }) => service.getTerm(ctx, id),
  'terms.create': async (ctx, fields) => {
    await readyToCount(ctx, fields.WoLgID);
    return service.createTerm(ctx, fields);
  },
  'terms.update': async (ctx, { id, ...patch }) => {
    if (patch.WoText !== undefined) await readyToCount(ctx, service.getTerm(ctx, id).WoLgID);
    return service.updateTerm(ctx, id, patch);
  },
  'terms.delete': (ctx, { id }) => {
    service.getTerm(ctx, id);
    return { success: true as const, deleted: service.deleteTerms(ctx, [id]) };
  },
  'terms.bulkAction': (ctx, input) => bulkAction(ctx, input),
  'terms.imported': (ctx, { page, per_page }) => importedTerms(ctx, page, per_page),
  'terms.familyApply': (ctx, { language_id, lemma_lc, status }) => applyFamilyStatus(ctx, language_id, lemma_lc, status),
  'terms.similar': (ctx, input) => similarTerms(ctx, input),
  'terms.export': (ctx, { format, ...filters }) => exportTerms(ctx, filters, format ?? 'csv'),
  'terms.importPreview': (ctx, input) => previewImport(ctx, input),
  'terms.import': async (ctx, input) => {
    await readyToCount(ctx, input.language_id);
    return importFromSource(ctx, input);
  },
  'sentences.withTerm': (ctx, input) => sentencesWithTerm(ctx, input),
  'sentences.withTermId': (ctx, input) => sentencesWithTerm(ctx, input),
});
