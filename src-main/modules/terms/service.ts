// Runs in: main. Rules for terms: ownership, one term per text per language, lemmas (manual beats automatic),
// tags, status bookkeeping (bulk import: store-rows.ts). Every write runs in one transaction and announces itself with the
// domain event 'terms.changed', which the texts module (occurrence links) and activity module listen to.
import { badRequest, conflict, notFound } from '../../../src-shared/contract/errors';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { termFields, type TermDto, type TermFields, type TermMediaDto } from '../../../src-shared/contract/terms';
import { mediaByTerm } from './media';
import type { HandlerContext } from '../../core/context';
import { emit, type DomainEvents, type TermRef } from '../../core/events';
import { transact } from '../../db/sql';
import { getLanguage, withWordCorrections } from '../languages';
import { lemmaLookupFor, scheduleLemmas } from '../lemmas';
import { parseTagNames, replaceTagsOfTerms, setTermTags } from '../tags';
import * as repo from './repo';
import { countWords, termCanShow } from '../analysis';
import { msg } from '../../../src-shared/contract/messages';

export type { TermFields };

function toDto(row: repo.TermRowWithSource, tags: string[], media: TermMediaDto[] | undefined): TermDto {
  const { WoLemmaSource: _source, ...dto } = row;
  return media ? { ...dto, TermTags: tags, TermMedia: media } : { ...dto, TermTags: tags };
}

/** Rows → DTOs with their tags (and media, when they have some), in the order of `rows`. */
export function withTags(ctx: HandlerContext, rows: repo.TermRowWithSource[]): TermDto[] {
  const ids = rows.map((r) => r.WoID);
  const tags = repo.tagsOfTerms(ctx.sqlite, ctx.user, ids);
  const media = mediaByTerm(ctx, ids);
  return rows.map((r) => toDto(r, tags.get(r.WoID) ?? [], media.get(r.WoID)));
}

export function getTerm(ctx: HandlerContext, id: number): TermDto {
  const row = repo.selectTerm(ctx.sqlite, ctx.user, id);
  if (!row) throw notFound(msg('term.notFound'));
  return withTags(ctx, [row])[0];
}

/** The caller's terms among `ids`, in the order of `ids` (missing and foreign ids left out): one read for them all. */
export function getTerms(ctx: HandlerContext, ids: readonly number[]): TermDto[] {
  const byId = new Map(withTags(ctx, repo.selectTerms(ctx.sqlite, ctx.user, ids)).map((t) => [t.WoID, t]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface ResolvedLemma {
  WoLemma: string | null;
  WoLemmaLC: string | null;
  WoLemmaSource: repo.LemmaSource;
}

export const manualLemma = (lemma: string): ResolvedLemma => ({ WoLemma: lemma, WoLemmaLC: lemma.toLowerCase(), WoLemmaSource: 'manual' });
export const NO_LEMMA: ResolvedLemma = { WoLemma: null, WoLemmaLC: null, WoLemmaSource: null };
/** "No lemma", said by the learner: a manual choice, so back-fills and "Fill missing lemmas" leave it alone. */
const LEMMA_CLEARED: ResolvedLemma = { WoLemma: null, WoLemmaLC: null, WoLemmaSource: 'manual' };

/** The automatic lemma available without the network: the language's dictionary, if its strategy uses one. */
function localAutoLemma(ctx: HandlerContext, language: LanguageDto, text: string): ResolvedLemma {
  const lookup = lemmaLookupFor(ctx, language);
  const lemma = lookup ? lookup(text) : null;
  return lemma ? { WoLemma: lemma, WoLemmaLC: lemma.toLowerCase(), WoLemmaSource: 'auto' } : NO_LEMMA;
}

export function tagNamesOf(fields: Pick<TermFields, 'TermTags'>): string[] | undefined {
  return fields.TermTags === undefined ? undefined : parseTagNames(fields.TermTags.TagList);
}

/** The stored row of a new term: given fields, defaults for the rest; wordCount from the language's tokenizer (countWords). */
export function newTermRow(
  language: LanguageDto,
  text: string,
  textLC: string,
  wordCount: number,
  lemma: ResolvedLemma,
  fields: TermFields,
  batch: number | null,
): repo.NewTermRow {
  return {
    WoLgID: language.LgID,
    WoText: text,
    WoTextLC: textLC,
    ...lemma,
    WoStatus: fields.WoStatus ?? 1,
    WoTranslation: fields.WoTranslation ?? '',
    WoRomanization: fields.WoRomanization ?? '',
    WoNotes: fields.WoNotes ?? '',
    WoSentence: fields.WoSentence ?? '',
    WoWordCount: wordCount,
    WoImportBatch: batch,
  };
}

/**
 * Creates a term. The language must be the caller's (404 Language not found); the text must be new in
 * it (409). A given WoLemma is manual; otherwise the dictionary lemmatizer fills it now and, for nlp and
 * hybrid languages, the NLP service later in the background.
 */
export function createTerm(ctx: HandlerContext, fields: TermFields): TermDto {
  // With its word corrections: the term's text is cut (word count, multi-word or not) as its texts are.
  const language = withWordCorrections(ctx, getLanguage(ctx, fields.WoLgID));
  const text = fields.WoText.trim();
  if (repo.selectTermByTextLC(ctx.sqlite, ctx.user, language.LgID, text.toLowerCase()))
    throw conflict(msg('term.exists', { term: text, language: language.LgName }));
  return insertNewTerm(ctx, language, fields);
}

/**
 * The reader's term save (reader.quickTerm): creates the term, or updates the one with the same text
 * (case-insensitive) in the language. `language` is the caller's, read once by the reader (which loaded its
 * analyzer with it) and passed along; the term is read once here, and both travel on to the write and its event.
 */
export function saveTermByText(ctx: HandlerContext, language: LanguageDto, fields: TermFields): TermDto & { created: boolean } {
  const existing = repo.selectTermByTextLC(ctx.sqlite, ctx.user, language.LgID, fields.WoText.trim().toLowerCase());
  if (!existing) return { ...insertNewTerm(ctx, language, fields), created: true };
  // The text names the term; only the other fields change (an undefined field is left as it is).
  const { WoLgID: _lg, WoText: _text, ...patch } = fields;
  return { ...updateTermRow(ctx, language, existing, patch), created: false };
}

/** Writes a new term of `language` (the caller's) whose text the caller checked is new in it. */
function insertNewTerm(ctx: HandlerContext, language: LanguageDto, fields: TermFields): TermDto {
  const text = fields.WoText.trim();
  const textLC = text.toLowerCase();
  if (!termCanShow(language, text)) throw badRequest(msg('term.cannotShow', { term: text }));
  const tags = tagNamesOf(fields) ?? [];
  const lemma = fields.noLemma ? LEMMA_CLEARED : fields.WoLemma?.trim() ? manualLemma(fields.WoLemma.trim()) : localAutoLemma(ctx, language, text);
  const id = transact(ctx, () => {
    const newId = repo.insertTerm(ctx.sqlite, ctx.user, newTermRow(language, text, textLC, countWords(language, text), lemma, fields, null), ctx.clock.now());
    if (tags.length) setTermTags(ctx, [newId], tags, 'add');
    emit(ctx, 'terms.changed', { kind: 'created', terms: repo.termRefs(ctx.sqlite, ctx.user, [newId]), language });
    // In the transaction: a lemma deferred to later is recorded with the term (lemma_pending).
    if (lemma.WoLemmaSource === null) scheduleLemmas(ctx, language, [newId]);
    return newId;
  });
  return getTerm(ctx, id);
}

/**
 * Updates a term. WoLemma given: non-empty sets a manual lemma, empty removes it (the lemmatizer may fill
 * it again). A changed text re-runs the lemmatizer unless the lemma is manual. A changed status moves
 * WoStatusChanged. TermTags given: the term's tags become exactly those.
 */
export function updateTerm(ctx: HandlerContext, id: number, patch: Partial<TermFields>): TermDto {
  const before = repo.selectTerm(ctx.sqlite, ctx.user, id);
  if (!before) throw notFound(msg('term.notFound'));
  if (patch.WoLgID !== undefined && patch.WoLgID !== before.WoLgID) throw badRequest(msg('term.otherLanguage'));
  return updateTermRow(ctx, withWordCorrections(ctx, getLanguage(ctx, before.WoLgID)), before, patch);
}

/** updateTerm on the row read (`before`) with its language (the caller's) resolved. */
function updateTermRow(ctx: HandlerContext, language: LanguageDto, before: repo.TermRowWithSource, patch: Partial<TermFields>): TermDto {
  const id = before.WoID;
  const now = ctx.clock.now();
  const set: Record<string, unknown> = { WoModified: now };
  const text = patch.WoText?.trim();
  const textChanged = text !== undefined && text !== before.WoText;
  if (textChanged) {
    const textLC = text.toLowerCase();
    const clash = repo.selectTermByTextLC(ctx.sqlite, ctx.user, before.WoLgID, textLC);
    if (clash && clash.WoID !== id) throw conflict(msg('term.exists', { term: text, language: language.LgName }));
    if (!termCanShow(language, text)) throw badRequest(msg('term.cannotShow', { term: text }));
    Object.assign(set, { WoText: text, WoTextLC: textLC, WoWordCount: countWords(language, text) });
  }
  let needsNlp = false;
  if (patch.noLemma) Object.assign(set, LEMMA_CLEARED);
  else if (patch.WoLemma !== undefined) {
    const lemma = patch.WoLemma.trim();
    Object.assign(set, lemma ? manualLemma(lemma) : localAutoLemma(ctx, language, text ?? before.WoText));
    needsNlp = !lemma && set.WoLemma === null;
  } else if (textChanged && before.WoLemmaSource !== 'manual') {
    Object.assign(set, localAutoLemma(ctx, language, text));
    needsNlp = set.WoLemma === null;
  }
  if (patch.WoStatus !== undefined && patch.WoStatus !== before.WoStatus) Object.assign(set, { WoStatus: patch.WoStatus, WoStatusChanged: now });
  for (const key of ['WoTranslation', 'WoRomanization', 'WoNotes', 'WoSentence'] as const) if (patch[key] !== undefined) set[key] = patch[key];
  const tags = tagNamesOf(patch);
  // The row read above is the term before the change: its event refs need no second read.
  const beforeRefs: TermRef[] = [{ WoID: id, WoLgID: before.WoLgID, WoTextLC: before.WoTextLC, WoWordCount: before.WoWordCount, WoStatus: before.WoStatus }];
  transact(ctx, () => {
    repo.updateTermColumns(ctx.sqlite, ctx.user, id, set);
    if (tags !== undefined) setTermTags(ctx, [id], tags, 'replace');
    emit(ctx, 'terms.changed', { kind: 'updated', terms: repo.termRefs(ctx.sqlite, ctx.user, [id]), before: beforeRefs, language });
    if (needsNlp) scheduleLemmas(ctx, language, [id]);
  });
  return getTerm(ctx, id);
}

/** Deletes the caller's terms among `ids`; others are left alone. Returns how many were deleted. */
export function deleteTerms(ctx: HandlerContext, ids: number[]): number {
  return transact(ctx, () => {
    const refs = repo.termRefs(ctx.sqlite, ctx.user, ids);
    if (refs.length === 0) return 0;
    const deleted = repo.deleteTermsByIds(
      ctx.sqlite,
      ctx.user,
      refs.map((r) => r.WoID),
    );
    emit(ctx, 'terms.changed', { kind: 'deleted', terms: refs, before: refs });
    return deleted;
  });
}

/**
 * Gives the caller's terms among `ids` this status. WoStatusChanged moves only where the status really
 * changes. Returns the number of the caller's terms among `ids` (all of which now have the status).
 */
export function setTermsStatus(ctx: HandlerContext, ids: number[], status: number, source?: 'review'): number {
  if (!termFields.shape.WoStatus.safeParse(status).success) throw badRequest(msg('term.badStatus'));
  return transact(ctx, () => {
    const before = repo.termRefs(ctx.sqlite, ctx.user, ids);
    const changed = repo.updateStatus(
      ctx.sqlite,
      ctx.user,
      before.map((r) => r.WoID),
      status,
      ctx.clock.now(),
    );
    if (changed.length) {
      const changedSet = new Set(changed);
      emit(ctx, 'terms.changed', {
        kind: 'updated',
        terms: repo.termRefs(ctx.sqlite, ctx.user, changed),
        before: before.filter((r) => changedSet.has(r.WoID)),
        source,
      });
      // A review answer is announced even when the status stayed: the answer itself is the news (statistics).
    } else if (source === 'review' && before.length) emit(ctx, 'terms.changed', { kind: 'updated', terms: before, before, source });
    return before.length;
  });
}

// ---- Writes other modules ask for ------------------------------------------------------------------------

export interface ReimportedTerm {
  id: number;
  translation: string;
  romanization: string;
  notes: string;
  status: number;
  /** Given: the term's tags become exactly these. */
  tags?: readonly string[];
}

/**
 * The Anki re-import's changes to terms already known to be the caller's, in one transaction with one
 * terms.changed (WoStatusChanged moves only where the status does).
 */
export function updateReimportedTerms(ctx: HandlerContext, updates: readonly ReimportedTerm[]): void {
  if (updates.length === 0) return;
  const ids = updates.map((u) => u.id);
  transact(ctx, () => {
    const before = repo.termRefs(ctx.sqlite, ctx.user, ids);
    repo.updateReimportedFields(ctx.sqlite, ctx.user, updates, ctx.clock.now());
    replaceTagsOfTerms(
      ctx,
      updates.flatMap((u) => (u.tags ? [{ id: u.id, tags: u.tags }] : [])),
    );
    emit(ctx, 'terms.changed', { kind: 'updated', terms: repo.termRefs(ctx.sqlite, ctx.user, ids), before });
  });
}

/**
 * A review answer restarts the term's interval even when the status stays the same (as in LWT); a status change
 * itself goes through setTermsStatus, which announces the answer (terms.changed with source 'review').
 */
export function restartReviewInterval(ctx: HandlerContext, termId: number, at: number): void {
  repo.restartInterval(ctx.sqlite, ctx.user, termId, at);
}

/**
 * Listener of lemmas.found: stores the automatic lemmas a lemmatizer found, never over a manual or already-filled
 * one, and announces the terms really changed. A lemma moves neither text nor status: `before` says so, and
 * listeners that follow those skip the change.
 */
/** Listener of lemmas.replaced (issue 47): recomputed automatic lemmas, stored when still automatic and unchanged. */
export function storeReplacedLemmas(ctx: HandlerContext, { lemmas }: DomainEvents['lemmas.replaced']): void {
  const changed = repo.replaceAutoLemmas(ctx.sqlite, ctx.user, lemmas, ctx.clock.now());
  const refs = changed.length ? repo.termRefs(ctx.sqlite, ctx.user, changed) : [];
  if (refs.length) emit(ctx, 'terms.changed', { kind: 'updated', terms: refs, before: refs });
}

export function storeFoundLemmas(ctx: HandlerContext, { lemmas }: DomainEvents['lemmas.found']): void {
  const changed = repo.setAutoLemmas(ctx.sqlite, ctx.user, lemmas, ctx.clock.now());
  const refs = changed.length ? repo.termRefs(ctx.sqlite, ctx.user, changed) : [];
  if (refs.length) emit(ctx, 'terms.changed', { kind: 'updated', terms: refs, before: refs });
}
