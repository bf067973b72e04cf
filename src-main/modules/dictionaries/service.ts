// Runs in: main. Rules for local dictionaries: ownership through the language, atomic imports that skip
// and count what cannot be stored, and the word-plus-lemma lookup.
import { notFound } from '../../../src-shared/contract/errors';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import type { DictionaryImportSummary, DictionaryLookupResult, LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { countSkip, entryProblem, termKey, type ParsedDictionary } from '../../../src-shared/dictionaries/types';
import type { HandlerContext } from '../../core/context';
import { ownerOf } from '../../db/scope';
import { findOwnedLanguage } from '../languages/repo';
import { ARCHIVE_LIMITS } from './archive';
import { parseUpload } from './parse-upload';
import * as repo from './repo';

export const LANGUAGE_DENIED = 'Language not found or access denied';
export const DICTIONARY_NOT_FOUND = 'Dictionary not found';
/** Entries per list in a lookup answer: enough for every sense, small enough to render instantly. */
export const LOOKUP_LIMIT = 50;

export function requireOwnedLanguage(ctx: HandlerContext, languageId: number) {
  const language = languageId > 0 ? findOwnedLanguage(ctx.db, ctx.user, languageId) : undefined;
  if (!language) throw notFound(LANGUAGE_DENIED);
  return language;
}

export function getDictionary(ctx: HandlerContext, id: number): LocalDictionaryDto {
  const dict = repo.findOwnedDictionary(ctx.db, ctx.user, id);
  if (!dict) throw notFound(DICTIONARY_NOT_FOUND);
  return dict;
}

export function listDictionaries(ctx: HandlerContext, languageId?: number): LocalDictionaryDto[] {
  if (languageId !== undefined) requireOwnedLanguage(ctx, languageId);
  return repo.listDictionaries(ctx.db, ctx.user, languageId);
}

export function createDictionary(ctx: HandlerContext, input: { LdLgID: number; LdName: string; LdDescription?: string }): LocalDictionaryDto {
  requireOwnedLanguage(ctx, input.LdLgID);
  return repo.insertDictionary(ctx.db, {
    LdLgID: input.LdLgID,
    LdUsID: ownerOf(ctx.user),
    LdName: input.LdName,
    LdDescription: input.LdDescription ?? '',
    LdCreated: ctx.clock.now(),
  });
}

export function updateDictionary(ctx: HandlerContext, id: number, patch: { LdName?: string; LdDescription?: string; LdPriority?: number }): LocalDictionaryDto {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length === 0) return getDictionary(ctx, id);
  const after = repo.updateDictionary(ctx.db, ctx.user, id, defined);
  if (!after) throw notFound(DICTIONARY_NOT_FOUND);
  return after;
}

export function deleteDictionary(ctx: HandlerContext, id: number): number {
  const deleted = repo.deleteDictionary(ctx.db, ctx.user, id);
  if (deleted === 0) throw notFound(DICTIONARY_NOT_FOUND);
  return deleted;
}

interface StoreCounts {
  imported: number;
  skipped: Record<string, number>;
  synonyms: number;
  skippedSynonyms: number;
  frequencies: number;
}

/**
 * Writes a parsed dictionary's rows. Runs inside the caller's transaction; a headword that cannot be
 * stored is skipped and counted, anything else that fails rolls the whole import back.
 */
function storeEntries(ctx: HandlerContext, dictionaryId: number, parsed: ParsedDictionary): StoreCounts {
  const write = repo.entryWriter(ctx.sqlite, dictionaryId);
  const skipped: Record<string, number> = { ...parsed.skipped };
  const stored = new Uint8Array(parsed.entries.length);
  const keys: string[] = new Array(parsed.entries.length);
  let imported = 0;
  for (let i = 0; i < parsed.entries.length; i++) {
    const e = parsed.entries[i];
    const problem = entryProblem(e.term, e.definition);
    if (problem) {
      countSkip(skipped, problem);
      continue;
    }
    const key = termKey(e.term);
    keys[i] = key;
    write(e.term.trim(), key, e.reading, e.definition, e.partOfSpeech, e.frequencyRank);
    stored[i] = 1;
    imported++;
  }
  let synonyms = 0;
  let skippedSynonyms = parsed.skippedSynonyms;
  const seen = new Set<string>();
  for (const s of parsed.synonyms) {
    const target = parsed.entries[s.entryIndex];
    const key = termKey(s.term);
    // A synonym of a skipped article, or one that only repeats its headword, adds nothing.
    if (!stored[s.entryIndex] || key === keys[s.entryIndex]) continue;
    if (entryProblem(s.term, target.definition) || seen.has(`${s.entryIndex}\u0000${key}`)) {
      skippedSynonyms++;
      continue;
    }
    seen.add(`${s.entryIndex}\u0000${key}`);
    write(s.term.trim(), key, target.reading, target.definition, target.partOfSpeech, target.frequencyRank);
    synonyms++;
  }
  let frequencies = 0;
  for (const f of parsed.frequencies) {
    const problem = entryProblem(f.term, '-');
    if (problem) {
      countSkip(skipped, problem);
      continue;
    }
    // Frequency-only rows have no article: lookups skip them, frequency lists use them.
    write(f.term.trim(), termKey(f.term), f.reading, '', '', f.rank);
    frequencies++;
  }
  return { imported, skipped, synonyms, skippedSynonyms, frequencies };
}

function summary(ctx: HandlerContext, dictionary: LocalDictionaryDto, format: string, counts: StoreCounts, startedAt: number): DictionaryImportSummary {
  return {
    dictionary,
    format,
    imported: counts.imported,
    skipped: Object.values(counts.skipped).reduce((a, b) => a + b, 0),
    skipped_reasons: counts.skipped,
    synonyms: counts.synonyms,
    skipped_synonyms: counts.skippedSynonyms,
    frequencies: counts.frequencies,
    duration_ms: Math.round(performance.now() - startedAt),
  };
}

/** Source facts for empty dictionary fields; never overwrites what the user wrote. */
function metaPatch(before: LocalDictionaryDto, parsed: ParsedDictionary, sourceUri?: string) {
  const patch: Partial<repo.NewDictionaryRow> = { LdSourceFormat: parsed.format };
  if (!before.LdDescription && parsed.meta.description) patch.LdDescription = parsed.meta.description.slice(0, 2000);
  if (!before.LdLicense && parsed.meta.license) patch.LdLicense = parsed.meta.license.slice(0, 500);
  if (sourceUri ?? (!before.LdSourceURI && parsed.meta.website)) patch.LdSourceURI = (sourceUri ?? parsed.meta.website ?? '').slice(0, 500);
  return patch;
}

/** Imports into an existing dictionary: parse first (nothing written on bad input), then one transaction. */
export async function importIntoDictionary(ctx: HandlerContext, id: number, file: UploadedFile, replace: boolean): Promise<DictionaryImportSummary> {
  const startedAt = performance.now();
  getDictionary(ctx, id);
  const parsed = await parseUpload(file.filename, file.data, ARCHIVE_LIMITS);
  return ctx.sqlite.transaction(() => {
    // Checked again inside the transaction: the dictionary may have been deleted while we parsed.
    const before = getDictionary(ctx, id);
    if (replace) repo.clearEntries(ctx.sqlite, ctx.user, id);
    const counts = storeEntries(ctx, id, parsed);
    const added = counts.imported + counts.frequencies;
    const after = repo.updateDictionary(ctx.db, ctx.user, id, {
      ...metaPatch(before, parsed),
      LdEntryCount: (replace ? 0 : before.LdEntryCount) + added,
    })!;
    return summary(ctx, after, parsed.format, counts, startedAt);
  })();
}

/** The name a new dictionary gets from its file: the source's title, else the file name without extensions. */
export function nameFromUpload(filename: string, parsed: ParsedDictionary): string {
  const title = parsed.meta.title?.trim();
  const base = filename.replace(/^.*[\\/]/, '').replace(/(\.(tar\.(gz|bz2|xz)|tgz|zip|csv|tsv|json))+$/i, '');
  return (title || base || 'Dictionary').slice(0, 100);
}

/** Creates a dictionary from parsed content in one transaction: a failure leaves no dictionary behind. */
export function createFromParsed(
  ctx: HandlerContext,
  languageId: number,
  parsed: ParsedDictionary,
  fields: { LdName: string; LdSourceURI?: string; LdLicense?: string; LdDescription?: string },
  startedAt: number,
): DictionaryImportSummary {
  return ctx.sqlite.transaction(() => {
    requireOwnedLanguage(ctx, languageId);
    const created = repo.insertDictionary(ctx.db, {
      LdLgID: languageId,
      LdUsID: ownerOf(ctx.user),
      LdName: fields.LdName,
      LdDescription: fields.LdDescription ?? '',
      LdLicense: fields.LdLicense ?? '',
      LdCreated: ctx.clock.now(),
    });
    const counts = storeEntries(ctx, created.LdID, parsed);
    const after = repo.updateDictionary(ctx.db, ctx.user, created.LdID, {
      ...metaPatch(created, parsed, fields.LdSourceURI),
      LdEntryCount: counts.imported + counts.frequencies,
    })!;
    return summary(ctx, after, parsed.format, counts, startedAt);
  })();
}

export async function uploadDictionary(ctx: HandlerContext, languageId: number, file: UploadedFile, name?: string): Promise<DictionaryImportSummary> {
  const startedAt = performance.now();
  requireOwnedLanguage(ctx, languageId);
  const parsed = await parseUpload(file.filename, file.data, ARCHIVE_LIMITS);
  return createFromParsed(ctx, languageId, parsed, { LdName: name ?? nameFromUpload(file.filename, parsed) }, startedAt);
}

export function lookup(ctx: HandlerContext, languageId: number, term: string, lemmaHint?: string): DictionaryLookupResult {
  if (!repo.ownsLanguage(ctx.sqlite, ctx.user, languageId)) throw notFound(LANGUAGE_DENIED);
  const key = termKey(term);
  const lemma = lemmaHint?.trim() || repo.storedLemma(ctx.sqlite, ctx.user, languageId, key);
  const entries = repo.lookupEntries(ctx.sqlite, ctx.user, languageId, key, LOOKUP_LIMIT);
  const lemmaKey = lemma ? termKey(lemma) : null;
  const lemmaEntries = lemmaKey && lemmaKey !== key ? repo.lookupEntries(ctx.sqlite, ctx.user, languageId, lemmaKey, LOOKUP_LIMIT) : [];
  return { term, lemma: lemma || null, entries, lemma_entries: lemmaEntries };
}
