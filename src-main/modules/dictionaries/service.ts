// Runs in: main. Rules for local dictionaries: ownership through the language, atomic imports that skip
// and count what cannot be stored, and the word-plus-lemma lookup.
import { notFound } from '../../../src-shared/contract/errors';
import type { UploadedFile } from '../../../src-shared/contract/endpoint';
import type { DictionaryImportSummary, DictionaryLookupResult, LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { termKey } from '../../../src-shared/dictionaries/types';
import type { HandlerContext } from '../../core/context';
import { ownerOf } from '../../db/scope';
import { findLanguage } from '../languages/service';
import { runInWorker } from '../../core/worker';
import {
  DICTIONARY_NOT_FOUND,
  LANGUAGE_DENIED,
  nameFromUpload,
  parseChecked,
  storeParsed,
  type DictionaryImportJob,
  type DictionaryImportOutcome,
  type ImportTarget,
} from './import-job';
import { precheckUpload } from './parse-upload';
import * as repo from './repo';

export { DICTIONARY_NOT_FOUND, LANGUAGE_DENIED };
/** Entries per list in a lookup answer: enough for every sense, small enough to render instantly. */
export const LOOKUP_LIMIT = 50;

export function requireOwnedLanguage(ctx: HandlerContext, languageId: number) {
  const language = languageId > 0 ? findLanguage(ctx, languageId) : undefined;
  if (!language) throw notFound(LANGUAGE_DENIED);
  return language;
}

export function getDictionary(ctx: HandlerContext, id: number): LocalDictionaryDto {
  const dict = repo.findOwnedDictionary(ctx.sqlite, ctx.user, id);
  if (!dict) throw notFound(DICTIONARY_NOT_FOUND);
  return dict;
}

export function listDictionaries(ctx: HandlerContext, languageId?: number): LocalDictionaryDto[] {
  if (languageId !== undefined) requireOwnedLanguage(ctx, languageId);
  return repo.listDictionaries(ctx.sqlite, ctx.user, languageId);
}

export function createDictionary(ctx: HandlerContext, input: { LdLgID: number; LdName: string; LdDescription?: string }): LocalDictionaryDto {
  requireOwnedLanguage(ctx, input.LdLgID);
  return repo.insertDictionary(ctx.sqlite, {
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
  const after = repo.updateDictionary(ctx.sqlite, ctx.user, id, defined);
  if (!after) throw notFound(DICTIONARY_NOT_FOUND);
  return after;
}

export function deleteDictionary(ctx: HandlerContext, id: number): number {
  const deleted = repo.deleteDictionary(ctx.sqlite, ctx.user, id);
  if (deleted === 0) throw notFound(DICTIONARY_NOT_FOUND);
  return deleted;
}

/** Limits of the import worker (docs/security.md): a dictionary that needs more is refused as too complex. */
export const IMPORT_WORKER_LIMITS = { maxHeapMb: 1024, timeoutMs: 120_000 } as const;

/**
 * Runs one import off the main thread: the worker parses, checks and writes on its own connection to the
 * core's database file, so requests keep answering meanwhile. An in-memory database (some tests) cannot be
 * shared with a worker: then the same job runs here.
 */
async function runImport(ctx: HandlerContext, filename: string, data: Uint8Array, target: ImportTarget): Promise<DictionaryImportSummary> {
  const startedAt = performance.now();
  precheckUpload(filename, data);
  const dbFile = ctx.sqlite.name;
  let outcome: DictionaryImportOutcome;
  if (!ctx.sqlite.memory && dbFile && dbFile !== ':memory:') {
    const job: DictionaryImportJob = { dbFile, user: { ...ctx.user }, now: ctx.clock.now(), filename, data, target };
    outcome = await runInWorker<DictionaryImportOutcome>('dictionaries.import', job, IMPORT_WORKER_LIMITS);
  } else {
    const parsed = await parseChecked(filename, data);
    outcome = storeParsed(ctx.sqlite, ctx.user, ctx.clock.now(), target, parsed, filename);
  }
  return { ...outcome, duration_ms: Math.round(performance.now() - startedAt) };
}

/** Imports into an existing dictionary: parse first (nothing written on bad input), then one transaction. */
export async function importIntoDictionary(ctx: HandlerContext, id: number, file: UploadedFile, replace: boolean): Promise<DictionaryImportSummary> {
  getDictionary(ctx, id);
  return runImport(ctx, file.filename, file.data, { kind: 'into', dictionaryId: id, replace });
}

export { nameFromUpload };

/** Creates a dictionary from bytes in one transaction: a failure leaves no dictionary behind. */
export async function createFromBytes(
  ctx: HandlerContext,
  languageId: number,
  filename: string,
  data: Uint8Array,
  fields: { LdName?: string; LdSourceURI?: string; LdLicense?: string; LdDescription?: string },
): Promise<DictionaryImportSummary> {
  requireOwnedLanguage(ctx, languageId);
  return runImport(ctx, filename, data, {
    kind: 'create',
    languageId,
    name: fields.LdName,
    sourceUri: fields.LdSourceURI,
    license: fields.LdLicense,
    description: fields.LdDescription,
  });
}

export async function uploadDictionary(ctx: HandlerContext, languageId: number, file: UploadedFile, name?: string): Promise<DictionaryImportSummary> {
  return createFromBytes(ctx, languageId, file.filename, file.data, { LdName: name });
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
