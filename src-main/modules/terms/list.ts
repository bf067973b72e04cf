// Runs in: main. The vocabulary list: filters, sort and paging (GET /api/v1/terms), the last import's terms,
// and CSV/TSV export of the filtered list.
import type { FileResult } from '../../../src-shared/contract/endpoint';
import type { TermListFilters, TermPage, TermSort } from '../../../src-shared/contract/terms';
import { formatDelimited } from '../../../src-shared/import/delimited';
import type { HandlerContext } from '../../core/context';
import { ownerOf, ownerSql } from '../../db/scope';
import { getLanguage } from '../languages/service';
import * as repo from './repo';
import { withTags } from './service';

const ORDER: Record<TermSort, string> = {
  text: 'WoTextLC ASC, WoID ASC',
  text_desc: 'WoTextLC DESC, WoID DESC',
  translation: "WoTranslation = '' ASC, WoTranslation COLLATE NOCASE ASC, WoID ASC",
  status: 'WoStatus ASC, WoTextLC ASC',
  status_desc: 'WoStatus DESC, WoTextLC ASC',
  created: 'WoCreated ASC, WoID ASC',
  created_desc: 'WoCreated DESC, WoID DESC',
  modified_desc: 'WoModified DESC, WoID DESC',
  lemma: 'WoLemmaLC IS NULL ASC, WoLemmaLC ASC, WoTextLC ASC',
};

interface Where {
  sql: string;
  params: Record<string, unknown>;
}

/** The WHERE clause of a filtered list. Every piece is fixed SQL; user values travel as parameters. */
function buildWhere(ctx: HandlerContext, f: TermListFilters & { ids?: number[]; batch?: number }): Where {
  const parts = [ownerSql('WoUsID')];
  const params: Record<string, unknown> = { owner: ownerOf(ctx.user) };
  if (f.language_id !== undefined) {
    parts.push('WoLgID = @lg');
    params.lg = f.language_id;
  }
  if (f.status !== undefined && f.status !== 'all') {
    const s = String(f.status);
    if (s === 'learning') parts.push('WoStatus BETWEEN 1 AND 5');
    else if (s === 'known') parts.push('WoStatus IN (5, 99)');
    else if (s === 'unknown') parts.push('0');
    else {
      parts.push('WoStatus IN (SELECT value FROM json_each(@statuses))');
      params.statuses = JSON.stringify(s.split(',').map(Number));
    }
  }
  if (f.tag_id === 'none') {
    parts.push(`NOT EXISTS (SELECT 1 FROM word_tag_map JOIN tags ON TgID = WtTgID WHERE WtWoID = WoID AND ${ownerSql('TgUsID')})`);
  } else if (f.tag_id !== undefined) {
    parts.push(`EXISTS (SELECT 1 FROM word_tag_map JOIN tags ON TgID = WtTgID WHERE WtWoID = WoID AND WtTgID = @tag AND ${ownerSql('TgUsID')})`);
    params.tag = f.tag_id;
  }
  if (f.text_id !== undefined) {
    // Occurrences are read through their owned parent text.
    parts.push(
      `WoID IN (SELECT Ti2WoID FROM word_occurrences JOIN texts ON TxID = Ti2TxID WHERE Ti2TxID = @text AND Ti2WoID IS NOT NULL AND ${ownerSql('TxUsID')})`,
    );
    params.text = f.text_id;
  }
  if (f.q?.trim()) {
    parts.push("(WoTextLC LIKE @q ESCAPE '\\' OR WoLemmaLC LIKE @q ESCAPE '\\' OR WoTranslation LIKE @q ESCAPE '\\' OR WoRomanization LIKE @q ESCAPE '\\')");
    params.q = `%${f.q
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => '\\' + c)}%`;
  }
  if (f.ids !== undefined) {
    parts.push('WoID IN (SELECT value FROM json_each(@ids))');
    params.ids = JSON.stringify(f.ids);
  }
  if (f.batch !== undefined) {
    parts.push('WoImportBatch = @batch');
    params.batch = f.batch;
  }
  return { sql: parts.join(' AND '), params };
}

export function listTerms(ctx: HandlerContext, filters: TermListFilters & { ids?: number[]; batch?: number }, page = 1, perPage = 50): TermPage {
  if (filters.language_id !== undefined) getLanguage(ctx, filters.language_id);
  const where = buildWhere(ctx, filters);
  const total = ctx.sqlite.prepare(`SELECT count(*) FROM words WHERE ${where.sql}`).pluck().get(where.params) as number;
  const rows = ctx.sqlite
    .prepare(`SELECT ${repo.TERM_COLUMNS}, WoLemmaSource FROM words WHERE ${where.sql} ORDER BY ${ORDER[filters.sort ?? 'text']} LIMIT @limit OFFSET @offset`)
    .all({ ...where.params, limit: perPage, offset: (page - 1) * perPage }) as repo.TermRowWithSource[];
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
  const where = buildWhere(ctx, filters);
  const rows = ctx.sqlite
    .prepare(`SELECT ${repo.TERM_COLUMNS}, WoLemmaSource FROM words WHERE ${where.sql} ORDER BY ${ORDER[filters.sort ?? 'text']}`)
    .all(where.params) as repo.TermRowWithSource[];
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
