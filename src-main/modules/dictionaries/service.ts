// Runs in: main. Rules for local dictionaries: ownership through the language, atomic imports that skip
// and count what cannot be stored, and the word-plus-lemma lookup.
import { notFound } from '../../../src-shared/contract/errors';
import fs from 'node:fs';
import { UploadedTempFile } from '../../../src-shared/contract/endpoint';
import type { DictionaryFile, DictionaryImportSummary, DictionaryLookupResult, LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { termKey } from '../../../src-shared/dictionaries/types';
import { decodeEntities } from '../../../src-shared/html/entities';
import type { HandlerContext } from '../../core/context';
import { ownerOf } from '../../db/scope';
import { findLanguage } from '../languages';
import { runInWorker } from '../../core/worker';
import {
  DICTIONARY_NOT_FOUND,
  discardImportByToken,
  importToken,
  jobBytes,
  LANGUAGE_DENIED,
  nameFromUpload,
  parseChecked,
  storeParsed,
  type DictionaryImportJob,
  type DictionaryImportOutcome,
  type ImportTarget,
} from './import-job';
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

/** An upload streamed to disk, or bytes (IPC, a download). */
type ImportFile = DictionaryFile | { filename: string; data: Uint8Array };

/** The first bytes of an upload, for the checks made before a worker starts. */
async function headOf(file: ImportFile): Promise<{ size: number; head: Uint8Array }> {
  if (!(file instanceof UploadedTempFile)) return { size: file.data.byteLength, head: file.data.subarray(0, 4096) };
  const handle = await fs.promises.open(file.path, 'r');
  try {
    const head = Buffer.alloc(Math.min(4096, file.size));
    await handle.read(head, 0, head.length, 0);
    return { size: file.size, head };
  } finally {
    await handle.close();
  }
}

/**
 * Runs one import off the main thread: the worker reads the upload (a streamed upload's temporary file, so its
 * bytes never pass through the main thread), parses, checks and writes in slices on its own connection to the
 * core's database file, so requests keep answering meanwhile. An in-memory database (some tests) cannot be
 * shared with a worker: then the same job runs here, still in slices.
 */
async function runImport(ctx: HandlerContext, file: ImportFile, target: ImportTarget): Promise<DictionaryImportSummary> {
  const startedAt = performance.now();
  const { size, head } = await headOf(file);
  // The parsers and archive readers (jszip, tar, bzip2, xz, Papa Parse) load with the first import, not at start.
  const { precheckUpload } = await import('./parse-upload');
  precheckUpload(file.filename, size, head);
  const dbFile = ctx.sqlite.name;
  const source = file instanceof UploadedTempFile ? { path: file.path } : { data: file.data };
  const token = importToken();
  let outcome: DictionaryImportOutcome;
  if (!ctx.sqlite.memory && dbFile && dbFile !== ':memory:') {
    const job: DictionaryImportJob = { dbFile, user: { ...ctx.user }, now: ctx.clock.now(), filename: file.filename, source, target, token };
    try {
      outcome = await runInWorker<DictionaryImportOutcome>('dictionaries.import', job, IMPORT_WORKER_LIMITS);
    } catch (err) {
      // A worker stopped at its heap cap or deadline cannot clean up after itself.
      await discardImportByToken(ctx.sqlite, token);
      throw err;
    }
  } else {
    const parsed = await parseChecked(file.filename, jobBytes(source));
    outcome = await storeParsed(ctx.sqlite, ctx.user, ctx.clock.now(), target, parsed, file.filename, token);
  }
  ctx.services.database?.afterLargeImport();
  return { ...outcome, duration_ms: Math.round(performance.now() - startedAt) };
}

/** Imports into an existing dictionary: parse first (nothing written on bad input), then one transaction. */
export async function importIntoDictionary(ctx: HandlerContext, id: number, file: DictionaryFile, replace: boolean): Promise<DictionaryImportSummary> {
  getDictionary(ctx, id);
  return runImport(ctx, file, { kind: 'into', dictionaryId: id, replace });
}

export { nameFromUpload };

/** Creates a dictionary from an upload or downloaded bytes; a failure leaves no dictionary behind. */
export async function createFromFile(
  ctx: HandlerContext,
  languageId: number,
  file: ImportFile,
  fields: { LdName?: string; LdSourceURI?: string; LdLicense?: string; LdDescription?: string },
): Promise<DictionaryImportSummary> {
  requireOwnedLanguage(ctx, languageId);
  return runImport(ctx, file, {
    kind: 'create',
    languageId,
    name: fields.LdName,
    sourceUri: fields.LdSourceURI,
    license: fields.LdLicense,
    description: fields.LdDescription,
  });
}

export async function uploadDictionary(ctx: HandlerContext, languageId: number, file: DictionaryFile, name?: string): Promise<DictionaryImportSummary> {
  return createFromFile(ctx, languageId, file, { LdName: name });
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

/** A definition as one short plain line (imported entries may be HTML): what a term's translation field gets. */
function plainDefinition(definition: string): string {
  return decodeEntities(definition.replace(/<br\s*\/?>/gi, '; ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * The first definition each word has in the caller's local dictionaries of the language (highest priority first),
 * as plain text, by the word lowercased; words none of them hold are absent. A foreign language answers nothing.
 */
export function firstDefinitions(ctx: HandlerContext, languageId: number, words: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  if (!repo.ownsLanguage(ctx.sqlite, ctx.user, languageId)) return out;
  for (const word of words) {
    const [entry] = repo.lookupEntries(ctx.sqlite, ctx.user, languageId, termKey(word), 1);
    const text = entry ? plainDefinition(entry.LeDefinition) : '';
    if (text) out.set(word.toLowerCase(), text);
  }
  return out;
}
