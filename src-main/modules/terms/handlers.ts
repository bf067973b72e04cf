// Runs in: main. Registry entries for terms: CRUD, vocabulary list, bulk actions, import/export, similar terms, sentences.
import { termsContract } from '../../../src-shared/contract/terms';
import { implement } from '../../registry';
import { applyFamilyStatus, bulkAction } from './bulk';
import { importFromSource, previewImport } from './import';
import { exportTerms, importedTerms, listTerms } from './list';
import { sentencesWithTerm } from './sentences';
import * as service from './service';
import { similarTerms } from './similar';

export const termHandlers = implement(termsContract, {
  'terms.list': (ctx, { page, per_page, ...filters }) => listTerms(ctx, filters, page, per_page),
  'terms.get': (ctx, { id }) => service.getTerm(ctx, id),
  'terms.create': (ctx, fields) => service.createTerm(ctx, fields),
  'terms.update': (ctx, { id, ...patch }) => service.updateTerm(ctx, id, patch),
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
  'terms.import': (ctx, input) => importFromSource(ctx, input),
  'sentences.withTerm': (ctx, input) => sentencesWithTerm(ctx, input),
  'sentences.withTermId': (ctx, input) => sentencesWithTerm(ctx, input),
});
