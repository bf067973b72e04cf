// Runs in: main. Rules for texts: owned language, validation, parse on save, tags, library listing,
// audio and reading position, finishing.
import { joinWrappedLines } from '../../../src-shared/text/reflow';
import { AppError, badRequest, notFound } from '../../../src-shared/contract/errors';
import { tagListOf, type TextDto, type TextFields, type TextListItem, type TextPage } from '../../../src-shared/contract/texts';
import type { z } from 'zod';
import type { ParsedColumns } from '../../../src-shared/text/token-columns';
import type { textListFilters } from '../../../src-shared/contract/texts';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { transact } from '../../db/sql';
import { parsingLanguage } from '../languages';
import { setTagsOfTexts } from '../text-tags';
import { parseColumnsWithLanguage } from '../analysis';
import * as repo from './repo/texts';
import { knownPct, type RunningCoverage } from './repo/coverage';
import { coverageOfTexts } from './coverage-cache';
import { storeParsedText } from './store';
import { decodeTxt } from '../../../src-shared/text/txt-decode';
import { looksHardWrapped } from '../../../src-shared/text/reflow';
import { msg } from '../../../src-shared/contract/messages';

export function getTextRow(ctx: HandlerContext, id: number): repo.TextRow {
  const row = repo.selectText(ctx.sqlite, ctx.user, id);
  if (!row) throw notFound(msg('text.notFound'));
  return row;
}

export function toDto(ctx: HandlerContext, row: repo.TextRow): TextDto {
  const { TxNeedsParse: _needsParse, ...dto } = row;
  return { ...dto, TextTags: repo.tagsOfTexts(ctx.sqlite, ctx.user, [row.TxID]).get(row.TxID) ?? [] };
}

export const getText = (ctx: HandlerContext, id: number): TextDto => toDto(ctx, getTextRow(ctx, id));

export function owningLanguage(ctx: HandlerContext, languageId: number) {
  const lang = parsingLanguage(ctx, languageId);
  // A foreign language behaves exactly like a missing one.
  if (!lang) throw notFound(msg('language.notFound'));
  return lang;
}

function tagsOf(fields: Pick<TextFields, 'TextTags'>): string[] | undefined {
  try {
    return tagListOf(fields.TextTags);
  } catch (err) {
    throw err instanceof AppError ? err : badRequest((err as Error).message);
  }
}

/**
 * Creates a text and stores its parse. `afterStore` runs inside the same transaction once the parse is stored,
 * with the parse (the subtitle import times the sentences from it: one commit, and no reading back).
 */
export async function createText(
  ctx: HandlerContext,
  input: TextFields & { joinWrappedLines?: boolean },
  afterStore?: (textId: number, parsed: ParsedColumns) => void,
): Promise<TextDto> {
  const { joinWrappedLines: join, ...rest } = input;
  // A hard-wrapped text (Gutenberg) reads as paragraphs: its single line breaks become spaces.
  const fields: TextFields = join ? { ...rest, TxText: joinWrappedLines(rest.TxText) } : rest;
  const lang = owningLanguage(ctx, fields.TxLgID);
  const tags = tagsOf(fields);
  const parsed = await parseColumnsWithLanguage(fields.TxText, lang);
  const id = transact(ctx, () => {
    const textId = repo.insertText(
      ctx.sqlite,
      ctx.user,
      { TxLgID: lang.LgID, TxTitle: fields.TxTitle, TxText: fields.TxText, TxAudioURI: fields.TxAudioURI ?? '', TxSourceURI: fields.TxSourceURI ?? '' },
      ctx.clock.now(),
    );
    storeParsedText(ctx, textId, lang, parsed);
    if (tags) setTagsOfTexts(ctx, [{ textId, names: tags }]);
    afterStore?.(textId, parsed);
    return textId;
  });
  return toDto(ctx, repo.selectStoredText(ctx.sqlite, ctx.user, id, fields.TxText)!);
}

export async function updateText(ctx: HandlerContext, id: number, patch: Partial<TextFields>): Promise<TextDto> {
  const before = getTextRow(ctx, id);
  const lang = owningLanguage(ctx, patch.TxLgID ?? before.TxLgID);
  const tags = tagsOf(patch);
  const text = patch.TxText ?? before.TxText;
  const reparse = text !== before.TxText || lang.LgID !== before.TxLgID || before.TxNeedsParse;
  const parsed = reparse ? await parseColumnsWithLanguage(text, lang) : null;
  transact(ctx, () => {
    const columns: Record<string, string | number | boolean> = { TxModified: ctx.clock.now() };
    for (const k of ['TxTitle', 'TxText', 'TxAudioURI', 'TxSourceURI'] as const) if (patch[k] !== undefined) columns[k] = patch[k];
    if (patch.TxLgID !== undefined) columns.TxLgID = lang.LgID;
    if (parsed) {
      columns.TxNeedsParse = false;
      // The old reading position may point past the end of a shorter text.
      if (text !== before.TxText) columns.TxPosition = 0;
    }
    if (repo.updateTextColumns(ctx.sqlite, ctx.user, id, columns) === 0) throw notFound(msg('text.notFound'));
    if (parsed) storeParsedText(ctx, id, lang, parsed);
    if (parsed && text !== before.TxText) emit(ctx, 'text.changed', { textId: id });
    if (tags) setTagsOfTexts(ctx, [{ textId: id, names: tags }]);
  });
  return getText(ctx, id);
}

export function deleteText(ctx: HandlerContext, id: number): number {
  const deleted = repo.deleteText(ctx.sqlite, ctx.user, id);
  if (deleted === 0) throw notFound(msg('text.notFound'));
  return deleted;
}

export async function uploadText(
  ctx: HandlerContext,
  input: {
    TxLgID: number;
    TxTitle?: string;
    TxSourceURI?: string;
    TextTags?: TextFields['TextTags'];
    joinWrappedLines?: boolean;
    file: { filename: string; data: Uint8Array };
  },
): Promise<TextDto> {
  owningLanguage(ctx, input.TxLgID);
  const { title, text } = decodeTxt(input.file.data, input.file.filename);
  const fallbackTitle = input.file.filename.replace(/\.[^.]+$/, '').slice(0, 200) || 'Untitled';
  return createText(ctx, {
    TxLgID: input.TxLgID,
    TxTitle: input.TxTitle || title || fallbackTitle,
    TxText: text,
    TxSourceURI: input.TxSourceURI,
    TextTags: input.TextTags,
    // A script cannot review the text as the form does: a hard-wrapped file is joined unless it asks otherwise.
    joinWrappedLines: input.joinWrappedLines ?? looksHardWrapped(text),
  });
}

export function listTexts(ctx: HandlerContext, f: z.output<typeof textListFilters>): TextPage {
  const perPage = f.perPage ?? 50;
  const page = f.page ?? 1;
  const { rows, total, hiddenChapters, coverage } = repo.listTexts(ctx.sqlite, ctx.user, {
    language: f.language,
    search: f.search || undefined,
    tag: f.tag || undefined,
    archived: f.archived ?? false,
    sort: f.sort ?? 'newest',
    chapters: f.chapters,
    book: f.book,
    limit: perPage,
    offset: (page - 1) * perPage,
    coverageOf: (all) => coverageOf(ctx, all),
  });
  return { items: withCountsAndTags(ctx, rows, coverage), total, page, perPage, hidden_chapters: hiddenChapters };
}

/** Ids of the texts of a language not archived (book chapters included), for its library's coverage. */
export function libraryTextIds(ctx: HandlerContext, languageId: number): number[] {
  return repo.libraryTextIds(ctx.sqlite, ctx.user, languageId);
}

export function textsOfLanguage(ctx: HandlerContext, languageId: number): TextListItem[] {
  owningLanguage(ctx, languageId);
  const active = repo.listTexts(ctx.sqlite, ctx.user, {
    language: languageId,
    archived: false,
    sort: 'newest',
    limit: 10_000,
    offset: 0,
    coverageOf: (all) => coverageOf(ctx, all),
  }).rows;
  const archived = repo.listTexts(ctx.sqlite, ctx.user, {
    language: languageId,
    archived: true,
    sort: 'newest',
    limit: 10_000,
    offset: 0,
    coverageOf: (all) => coverageOf(ctx, all),
  }).rows;
  return withCountsAndTags(ctx, [...active, ...archived]);
}

/** The known share of listed texts' running words; a text waiting for a parse is counted, never kept. */
function coverageOf(ctx: HandlerContext, rows: readonly repo.ListedTextRow[]): Map<number, RunningCoverage> {
  const waiting = new Set(rows.filter((r) => r.TxNeedsParse).map((r) => r.TxID));
  return coverageOfTexts(
    ctx,
    rows.map((r) => r.TxID),
    (id) => !waiting.has(id),
  );
}

function withCountsAndTags(ctx: HandlerContext, rows: repo.ListedTextRow[], known?: Map<number, RunningCoverage>): TextListItem[] {
  const ids = rows.map((r) => r.TxID);
  const counts = repo.wordCounts(ctx.sqlite, ids);
  const coverage = known ?? coverageOf(ctx, rows);
  const tags = repo.tagsOfTexts(ctx.sqlite, ctx.user, ids);
  return rows.map(({ TxNeedsParse: _n, BcBkID, BcNum, BcTitle, BkTitle, ...r }) => ({
    ...r,
    counts: counts.get(r.TxID)!,
    coverage: { ...coverage.get(r.TxID)!, known_pct: knownPct(coverage.get(r.TxID)!) },
    TextTags: tags.get(r.TxID) ?? [],
    book: BcBkID === null ? null : { BkID: BcBkID, BkTitle: BkTitle ?? '', chapter: BcNum ?? 0, chapter_title: BcTitle ?? '' },
  }));
}

export function setArchived(ctx: HandlerContext, id: number, archived: boolean): TextDto {
  if (repo.updateTextColumns(ctx.sqlite, ctx.user, id, { TxArchived: archived }) === 0) throw notFound(msg('text.notFound'));
  return getText(ctx, id);
}

/** The position arrives clamped by the contract (NaN and negatives 0, at most 24 hours). */
export function saveAudioPosition(ctx: HandlerContext, id: number, position: number): { success: true; position: number } {
  if (repo.updateTextColumns(ctx.sqlite, ctx.user, id, { TxAudioPosition: position }) === 0) throw notFound(msg('text.notFound'));
  return { success: true, position };
}

export function saveReadingPosition(ctx: HandlerContext, id: number, position: number): { success: true; position: number } {
  if (repo.updateTextColumns(ctx.sqlite, ctx.user, id, { TxPosition: position, TxOpenedAt: ctx.clock.now() }) === 0) throw notFound(msg('text.notFound'));
  return { success: true, position };
}

/** Marks a text read: TxFinishedAt, and text.finished for the activity count (once per text and day is the listener's business). */
export function finishText(ctx: HandlerContext, id: number): TextDto {
  const row = getTextRow(ctx, id);
  transact(ctx, () => {
    repo.updateTextColumns(ctx.sqlite, ctx.user, id, { TxFinishedAt: ctx.clock.now() });
    emit(ctx, 'text.finished', { textId: id, languageId: row.TxLgID });
  });
  return getText(ctx, id);
}

/** Undoes finishText (the learner took back "marked as read"): TxFinishedAt cleared, text.unfinished for the counts. */
export function unfinishText(ctx: HandlerContext, id: number): TextDto {
  const row = getTextRow(ctx, id);
  transact(ctx, () => {
    repo.updateTextColumns(ctx.sqlite, ctx.user, id, { TxFinishedAt: null });
    emit(ctx, 'text.unfinished', { textId: id, languageId: row.TxLgID });
  });
  return getText(ctx, id);
}

/**
 * Texts moved in from another tool, stored unparsed (TxNeedsParse: parsed right after the import or when opened),
 * inside the caller's transaction. Returns the new ids in order.
 */
export function createTextsToParse(ctx: HandlerContext, rows: readonly (repo.UnparsedTextRow & { readings?: Record<string, string> })[]): number[] {
  const now = ctx.clock.now();
  return rows.map((row) => {
    const id = repo.insertUnparsedText(ctx.sqlite, ctx.user, row, now);
    // An imported book's chapters carry their ruby readings, kept for furigana.
    if (row.readings) repo.insertTextReadings(ctx.sqlite, id, row.readings);
    return id;
  });
}

/** Every text of a database (a restored backup's copy, before it goes live) is parsed again when next opened. */
export function markEveryTextForReparse(ctx: Pick<HandlerContext, 'sqlite'>): void {
  repo.markEveryTextForReparse(ctx.sqlite);
}
