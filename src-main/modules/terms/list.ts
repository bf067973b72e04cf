// Runs in: main. The vocabulary list: filters, sort and paging (GET /api/v1/terms), the last import's terms,
// and CSV/TSV export of the filtered list.
import type { FileResult } from '../../../src-shared/contract/endpoint';
import type { TermListFilters, TermPage } from '../../../src-shared/contract/terms';
import { formatDelimited } from '../../../src-shared/import/delimited';
import type { HandlerContext } from '../../core/context';
import { getLanguage } from '../languages';
import * as repo from './repo';
import { withTags } from './service';

export function listTerms(ctx: HandlerContext, filters: TermListFilters & { ids?: number[]; batch?: number }, page = 1, perPage = 50): TermPage {
  if (filters.language_id !== undefined) getLanguage(ctx, filters.language_id);
  const total = repo.countFilteredTerms(ctx.sqlite, ctx.user, filters);
  const rows = repo.filteredTerms(ctx.sqlite, ctx.user, filters, { limit: perPage, offset: (page - 1) * perPage });
  return { terms: withTags(ctx, rows), total, page, per_page: perPage, pages: Math.max(1, Math.ceil(total / perPage)) };
}

/** The terms the caller's latest import created or overwrote. */
export function importedTerms(ctx: HandlerContext, page = 1, perPage = 50): TermPage & { batch: number | null } {
  const batch = repo.lastImportBatch(ctx.sqlite, ctx.user);
  if (batch === 0) return { terms: [], total: 0, page, per_page: perPage, pages: 1, batch: null };
  return { ...listTerms(ctx, { batch, sort: 'created' }, page, perPage), batch };
}

export const EXPORT_HEADER = ['term', 'translation', 'romanization', 'sentence', 'notes', 'tags', 'status', 'lemma'];

/** The filtered vocabulary as CSV or TSV with a header row the importer recognises. */
export function exportTerms(ctx: HandlerContext, filters: TermListFilters & { ids?: number[] }, format: 'csv' | 'tsv'): FileResult {
  if (filters.language_id !== undefined) getLanguage(ctx, filters.language_id);
  const rows = repo.filteredTerms(ctx.sqlite, ctx.user, filters);
  const terms = withTags(ctx, rows);
  const table = [
    EXPORT_HEADER,
    ...terms.map((t) => [t.WoText, t.WoTranslation, t.WoRomanization, t.WoSentence, t.WoNotes, t.TermTags.join(','), String(t.WoStatus), t.WoLemma ?? '']),
  ];
  const date = new Date(ctx.clock.now()).toISOString().slice(0, 10);
  return {
    $file: true,
    filename: `lectio-terms-${date}.${format}`,
    contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'text/tab-separated-values; charset=utf-8',
    data: new TextEncoder().encode(formatDelimited(table, format === 'csv' ? ',' : '\t')),
  };
}
