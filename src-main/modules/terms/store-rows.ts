// Runs in: main. Storing many terms of one language at once (imports, moves, Anki decks, mark-all): validated and
// prepared first (writes nothing), then stored in one transaction with one terms.changed per kind of change.
import { badRequest } from '../../../src-shared/contract/errors';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import { termFields, type TermFields } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { emit, type TermRef } from '../../core/events';
import { transact } from '../../db/sql';
import { getLanguage, withWordCorrections } from '../languages';
import { lemmaLookupFor, scheduleLemmas, type LemmaLookup } from '../lemmas';
import { ensureTagIds, linkImportedTermTags } from '../tags';
import { wordCounter } from '../analysis';
import { emptyFieldsFilled, termDiffers } from './merge';
import * as repo from './repo';
import { manualLemma, newTermRow, NO_LEMMA, tagNamesOf, type ResolvedLemma } from './service';

export const IMPORT_BATCH_ROWS = 500;

/** Dates a term kept in the tool it moved in from (epoch ms); a new term without them is dated now. */
export interface SourceDates {
  WoCreated?: number;
  WoStatusChanged?: number;
}

export interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  ids: number[];
  /** The import's number; GET /api/v1/terms/imported lists the terms of the latest one. */
  batch: number;
}

export interface ImportOptions {
  duplicates: 'skip' | 'overwrite' | 'fill';
  source?: 'mark-all' | 'moved-in';
  /** Called in each slice's transaction with the terms it created (a move-in's journal: migrate/interrupted.ts). */
  onCreated?: (termIds: readonly number[]) => void;
}

/** A row ready to store: validated, its text once, its word count and automatic lemma already worked out. */
interface PreparedRow {
  fields: TermFields;
  textLC: string;
  tags: string[] | undefined;
  dates: SourceDates;
  wordCount: number;
  /** The lemma a new term gets: the row's own (manual) or the language's dictionary's. */
  lemma: ResolvedLemma;
}

export interface PreparedTerms {
  language: LanguageDto;
  rows: PreparedRow[];
  /** Rows dropped as repeats of a text within the rows. */
  repeated: number;
}

/**
 * Imports many terms into one language in one transaction, 500 rows per batch (SPEC rule 8). Every row is
 * validated before anything is written; a bad row refuses the whole import with its position. A text that
 * already exists (or repeats within the rows) is skipped, or with 'overwrite' gets the row's values (fields
 * the row leaves out keep theirs; a status change moves WoStatusChanged; tags given replace the tags).
 */
export function importTerms(ctx: HandlerContext, languageId: number, rows: (TermFields & SourceDates)[], opts: ImportOptions): ImportResult {
  return storePreparedTerms(ctx, prepareTerms(ctx, languageId, rows, opts), opts);
}

/**
 * The part of an import that writes nothing: validation, one row per text, word counts and dictionary lemmas.
 * A sliced import runs it in a turn of its own, so the turn that holds the transaction holds only the writes.
 */
export function prepareTerms(ctx: HandlerContext, languageId: number, rows: (TermFields & SourceDates)[], opts: ImportOptions): PreparedTerms {
  const language = withWordCorrections(ctx, getLanguage(ctx, languageId));
  const valid: Omit<PreparedRow, 'wordCount' | 'lemma'>[] = [];
  rows.forEach((row, i) => {
    const parsed = termFields.safeParse({ ...row, WoLgID: languageId });
    if (!parsed.success) throw badRequest(`Invalid input: row ${i + 1}: ${parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`).join('; ')}`);
    let tags: string[] | undefined;
    try {
      tags = tagNamesOf(parsed.data);
    } catch (err) {
      throw badRequest(`Invalid input: row ${i + 1}: ${(err as Error).message.replace(/^Invalid input: /, '')}`);
    }
    valid.push({
      fields: parsed.data,
      textLC: parsed.data.WoText.toLowerCase(),
      tags,
      dates: { WoCreated: row.WoCreated, WoStatusChanged: row.WoStatusChanged },
    });
  });
  // One row per text: the first wins when skipping, the last when overwriting.
  const byText = new Map<string, (typeof valid)[number]>();
  let repeated = 0;
  for (const v of valid) {
    if (byText.has(v.textLC)) {
      repeated++;
      if (opts.duplicates === 'skip') continue;
      byText.delete(v.textLC);
    }
    byText.set(v.textLC, v);
  }
  const dict = lemmaLookupFor(ctx, language);
  const countWordsOf = wordCounter(language);
  const prepared: PreparedRow[] = [];
  for (const v of byText.values()) {
    const lemmaText = v.fields.WoLemma?.trim();
    prepared.push({ ...v, wordCount: countWordsOf(v.fields.WoText), lemma: lemmaText ? manualLemma(lemmaText) : lemmaFromDict(dict, v.fields.WoText) });
  }
  return { language, rows: prepared, repeated };
}

/** Stores prepared rows in one transaction; a text stored meanwhile counts as existing (checked in the transaction). */
export function storePreparedTerms(ctx: HandlerContext, prepared: PreparedTerms, opts: ImportOptions): ImportResult {
  const { language, rows: unique } = prepared;
  const languageId = language.LgID;
  let skipped = prepared.repeated;
  const now = ctx.clock.now();
  const { sqlite, user } = ctx;

  return transact({ sqlite }, () => {
    const batch = repo.lastImportBatch(sqlite, user) + 1;
    // Nothing to compare against in an empty language: skip the per-batch duplicate lookups.
    const languageEmpty = !repo.languageHasTerms(sqlite, user, languageId);
    const allTags = [...new Set(unique.flatMap((v) => v.tags ?? []))];
    const tagIds = ensureTagIds(ctx, allTags);
    const createdIds: number[] = [];
    // The created rows' refs for terms.changed, from the values just inserted (reading 100k rows back costs more).
    const createdRefs: TermRef[] = [];
    const updatedIds: number[] = [];
    const beforeRefs: ReturnType<typeof repo.termRefs> = [];
    const needNlp: number[] = [];
    // Tag links are the tags module's: gathered here, written in one call after the rows.
    const clearedTags: number[] = [];
    const tagLinks: [number, number][] = [];
    const noteIds: repo.NoteIdCursor = {};
    for (let start = 0; start < unique.length; start += IMPORT_BATCH_ROWS) {
      const chunk = unique.slice(start, start + IMPORT_BATCH_ROWS);
      const existing = languageEmpty
        ? new Map<string, repo.TermRowWithSource>()
        : new Map(
            repo
              .selectTermsByTextLC(
                sqlite,
                user,
                languageId,
                chunk.map((v) => v.textLC),
              )
              .map((r) => [r.WoTextLC, r]),
          );
      // Take theirs compares tags too: mine's, for the chunk's existing terms, read once.
      const oldTags =
        opts.duplicates === 'overwrite' && existing.size && chunk.some((v) => v.tags !== undefined)
          ? repo.tagsOfTerms(
              sqlite,
              user,
              [...existing.values()].map((r) => r.WoID),
            )
          : null;
      for (const { fields, textLC, tags, dates, wordCount, lemma } of chunk) {
        const text = fields.WoText;
        const old = existing.get(textLC);
        let id: number;
        if (!old) {
          const row = newTermRow(language, text, textLC, wordCount, lemma, fields, batch);
          id = repo.insertTerm(sqlite, user, row, now, dates, noteIds);
          if (lemma.WoLemmaSource === null) needNlp.push(id);
          createdIds.push(id);
          createdRefs.push({ WoID: id, WoLgID: row.WoLgID, WoTextLC: textLC, WoWordCount: row.WoWordCount, WoStatus: row.WoStatus });
        } else if (opts.duplicates === 'skip') {
          skipped++;
          continue;
        } else if (opts.duplicates === 'fill') {
          // Mine keeps its status and every field it has; only its empty fields take the row's values.
          const filled = emptyFieldsFilled(old, fields);
          if (Object.keys(filled).length === 0) {
            skipped++;
            continue;
          }
          id = old.WoID;
          beforeRefs.push({ WoID: old.WoID, WoLgID: old.WoLgID, WoTextLC: old.WoTextLC, WoWordCount: old.WoWordCount, WoStatus: old.WoStatus });
          repo.updateTermColumns(sqlite, user, id, { ...filled, WoModified: now, WoImportBatch: batch });
          updatedIds.push(id);
        } else {
          // Take theirs: a term the file holds exactly as mine is left alone and counted as already there, so the
          // summary's "updated" matches the preview's "differ" (issue 51: 8 reported where the preview listed 3).
          if (!termDiffers(old, fields) && (tags === undefined || sameTags(oldTags?.get(old.WoID) ?? [], tags))) {
            skipped++;
            continue;
          }
          id = old.WoID;
          const set: Record<string, unknown> = { WoModified: now, WoImportBatch: batch };
          for (const key of ['WoTranslation', 'WoRomanization', 'WoNotes', 'WoSentence'] as const) if (fields[key] !== undefined) set[key] = fields[key];
          if (fields.WoLemma?.trim()) Object.assign(set, manualLemma(fields.WoLemma.trim()));
          if (fields.WoStatus !== undefined && fields.WoStatus !== old.WoStatus) Object.assign(set, { WoStatus: fields.WoStatus, WoStatusChanged: now });
          beforeRefs.push({ WoID: old.WoID, WoLgID: old.WoLgID, WoTextLC: old.WoTextLC, WoWordCount: old.WoWordCount, WoStatus: old.WoStatus });
          repo.updateTermColumns(sqlite, user, id, set);
          if (tags !== undefined) clearedTags.push(id);
          updatedIds.push(id);
        }
        for (const tag of tags ?? []) tagLinks.push([id, tagIds.get(tag)!]);
      }
    }
    linkImportedTermTags(ctx, clearedTags, tagLinks);
    if (createdRefs.length) emit(ctx, 'terms.changed', { kind: 'created', terms: createdRefs, ...(opts.source ? { source: opts.source } : {}) });
    if (updatedIds.length) emit(ctx, 'terms.changed', { kind: 'updated', terms: repo.termRefs(sqlite, user, updatedIds), before: beforeRefs });
    // In the transaction: the lemmas deferred to later are recorded with the terms (lemma_pending).
    scheduleLemmas(ctx, language, needNlp);
    if (createdIds.length) opts.onCreated?.(createdIds);
    return { created: createdIds.length, updated: updatedIds.length, skipped, ids: [...createdIds, ...updatedIds], batch };
  });
}

function lemmaFromDict(lookup: LemmaLookup | null, text: string): ResolvedLemma {
  const lemma = lookup ? lookup(text) : null;
  return lemma ? { WoLemma: lemma, WoLemmaLC: lemma.toLowerCase(), WoLemmaSource: 'auto' } : NO_LEMMA;
}

/** The same tag names, in any order and case. */
function sameTags(mine: readonly string[], theirs: readonly string[]): boolean {
  const a = new Set(mine.map((t) => t.toLowerCase()));
  const b = new Set(theirs.map((t) => t.toLowerCase()));
  return a.size === b.size && [...a].every((t) => b.has(t));
}
