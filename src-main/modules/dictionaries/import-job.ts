// Runs in: a worker thread (task 'dictionaries.import', started by service.ts through runInWorker), or main
// when the database is in memory. One dictionary import from bytes to committed rows, off the main thread:
// parse with the archive caps, check what the upload may amplify into (STORE_LIMITS), sanitise HTML with
// DOMPurify, then write on this thread's own connection to the same file (WAL: the main thread keeps reading).
// The entries go in slices of IMPORT_SLICE_ROWS, one short transaction each, into a hidden dictionary row
// (LdImporting = the job's token) that one last short transaction makes visible. A slice commits early when the
// main thread announces a write (db/write-intent.ts), so a save waits for a few hundred rows, and to the user the import stays all-or-nothing (a failure deletes the hidden rows;
// a killed import's rows stay hidden and the next import deletes them).
import type { DictionaryImportSummary, LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { notFound } from '../../../src-shared/contract/errors';
import {
  checkStoreLimits,
  countSkip,
  entryProblem,
  nothingToImportError,
  storedBytesBudget,
  termKey,
  type ParsedDictionary,
} from '../../../src-shared/dictionaries/types';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSqlite, type Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import { ownerOf } from '../../db/scope';
import * as repo from './repo';
import { sanitizeParsed } from './sanitize';
import { msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';
import { parentIsWriting, waitForParentWrites } from '../../db/write-intent';

export const DICTIONARY_NOT_FOUND = msg('dict.notFound');
export const LANGUAGE_DENIED = msg('language.denied');

export type ImportTarget =
  | { kind: 'create'; languageId: number; name?: string; sourceUri?: string; license?: string; description?: string }
  | { kind: 'into'; dictionaryId: number; replace: boolean };

export interface DictionaryImportJob {
  /** The SQLite file to write to (the core's own). */
  dbFile: string;
  user: CurrentUser;
  now: number;
  filename: string;
  /** A streamed upload's temporary file (read here, off the main thread), or the bytes. */
  source: { path: string } | { data: Uint8Array };
  target: ImportTarget;
  /** LdImporting of the hidden row while the entries are written (importToken()). */
  token: number;
}

/** Entries per write transaction at most: ~50 ms of writing on a quiet machine. */
export const IMPORT_SLICE_ROWS = 10_000;
/** A slice looks this often whether the main thread wants to write, and then commits at once. */
const GIVE_WAY_CHECK_ROWS = 250;
/** Between slices the lock is free at least this long. */
const SLICE_GAP_MS = 10;
/** …and, while the main thread has a write waiting or open, up to this long more. */
const GIVE_WAY_MAX_MS = 250;
/** Hidden rows older than this belong to killed imports (the worker's deadline is far shorter). */
const STALE_IMPORT_MS = 30 * 60_000;

let lastToken = 0;
/** A unique, increasing token per import in this process: its start time in epoch ms. */
export function importToken(): number {
  lastToken = Math.max(Date.now(), lastToken + 1);
  return lastToken;
}

export interface StoreCounts {
  imported: number;
  skipped: Record<string, number>;
  synonyms: number;
  skippedSynonyms: number;
  frequencies: number;
}

export type DictionaryImportOutcome = Omit<DictionaryImportSummary, 'duration_ms'>;

type EntryRow = [term: string, key: string, reading: string, definition: string, partOfSpeech: string, rank: number | null];

/** The rows a parsed dictionary stores, in order; unstorable headwords are skipped and counted. */
export function plannedRows(parsed: ParsedDictionary): { rows: EntryRow[]; counts: StoreCounts } {
  const rows: EntryRow[] = [];
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
    rows.push([e.term.trim(), key, e.reading, e.definition, e.partOfSpeech, e.frequencyRank]);
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
    rows.push([s.term.trim(), key, target.reading, target.definition, target.partOfSpeech, target.frequencyRank]);
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
    rows.push([f.term.trim(), termKey(f.term), f.reading, '', '', f.rank]);
    frequencies++;
  }
  return { rows, counts: { imported, skipped, synonyms, skippedSynonyms, frequencies } };
}

/** Source facts for empty dictionary fields; never overwrites what the user wrote. */
function metaPatch(before: { LdDescription: string; LdLicense: string; LdSourceURI: string }, parsed: ParsedDictionary, sourceUri?: string) {
  const patch: Partial<repo.NewDictionaryRow> = { LdSourceFormat: parsed.format };
  if (!before.LdDescription && parsed.meta.description) patch.LdDescription = parsed.meta.description.slice(0, 2000);
  if (!before.LdLicense && parsed.meta.license) patch.LdLicense = parsed.meta.license.slice(0, 500);
  // A source's website is kept only when it is an http(s) URL (URL fields accept nothing else).
  const website = parsed.meta.website && /^https?:\/\//i.test(parsed.meta.website.trim()) ? parsed.meta.website.trim() : undefined;
  if (sourceUri ?? (!before.LdSourceURI && website)) patch.LdSourceURI = (sourceUri ?? website ?? '').slice(0, 500);
  return patch;
}

/** The name a new dictionary gets from its file: the source's title, else the file name without extensions. */
export function nameFromUpload(filename: string, parsed: ParsedDictionary): string {
  const title = parsed.meta.title?.trim();
  const base = filename.replace(/^.*[\\/]/, '').replace(/(\.(tar\.(gz|bz2|xz)|tgz|zip|csv|tsv|json))+$/i, '');
  return (title || base || 'Dictionary').slice(0, 100);
}

/** Parses and checks an upload: archive caps, amplification caps, HTML sanitised. Throws a 4xx AppError. */
export async function parseChecked(filename: string, data: Uint8Array): Promise<ParsedDictionary> {
  const [{ ARCHIVE_LIMITS }, { parseUpload }] = await Promise.all([import('./archive'), import('./parse-upload')]);
  const parsed = await parseUpload(filename, data, ARCHIVE_LIMITS, { used: 0, total: storedBytesBudget(data.length) });
  checkStoreLimits(parsed, data.length);
  sanitizeParsed(parsed);
  return parsed;
}

/** Deletes a hidden import row and its entries, a slice per transaction. */
export async function discardImport(sqlite: Sqlite, id: number): Promise<void> {
  while (transact({ sqlite }, () => repo.deleteEntrySlice(sqlite, id, IMPORT_SLICE_ROWS)) > 0) await sleep(SLICE_GAP_MS);
  repo.deleteImportingRow(sqlite, id);
}

/** Deletes what a job left behind (its worker was stopped at a limit, or failed before cleaning up). */
export async function discardImportByToken(sqlite: Sqlite, token: number): Promise<void> {
  for (const id of repo.importingDictionaryIds(sqlite, token)) await discardImport(sqlite, id);
}

/**
 * Stores a parsed dictionary: a short transaction creates the hidden row, the entries follow in slices, a last
 * short transaction checks the target again and makes the result visible. Any failure deletes the hidden rows.
 */
export async function storeParsed(
  sqlite: Sqlite,
  user: CurrentUser,
  now: number,
  target: ImportTarget,
  parsed: ParsedDictionary,
  filename: string,
  token: number,
): Promise<DictionaryImportOutcome> {
  const { rows, counts } = plannedRows(parsed);
  const added = counts.imported + counts.frequencies;
  // Empty is an error: junk that parses into nothing must not become an empty dictionary.
  if (added === 0) throw nothingToImportError(parsed.format.toUpperCase());
  for (const id of repo.staleImportIds(sqlite, Date.now() - STALE_IMPORT_MS)) await discardImport(sqlite, id);

  const staging = transact({ sqlite }, () => {
    let languageId: number;
    if (target.kind === 'create') {
      if (!repo.ownsLanguage(sqlite, user, target.languageId)) throw notFound(LANGUAGE_DENIED);
      languageId = target.languageId;
    } else {
      const found = repo.findOwnedDictionary(sqlite, user, target.dictionaryId);
      if (!found) throw notFound(DICTIONARY_NOT_FOUND);
      languageId = found.LdLgID;
    }
    const row: repo.NewDictionaryRow = { LdLgID: languageId, LdUsID: ownerOf(user), LdName: 'importing', LdCreated: now };
    if (target.kind === 'create') {
      Object.assign(row, { LdName: target.name ?? nameFromUpload(filename, parsed), LdDescription: target.description ?? '', LdLicense: target.license ?? '' });
    }
    return repo.insertImportingDictionary(sqlite, row, token);
  });
  try {
    const write = repo.entryWriter(sqlite, staging);
    for (let next = 0; next < rows.length;) {
      if (next > 0) {
        await sleep(SLICE_GAP_MS);
        waitForParentWrites(GIVE_WAY_MAX_MS);
      }
      next = transact({ sqlite }, () => writeSlice(rows, next, write));
    }
    const dictionary = transact({ sqlite }, () => finish(sqlite, user, target, parsed, staging, token, added));
    return {
      dictionary,
      format: parsed.format,
      imported: counts.imported,
      skipped: Object.values(counts.skipped).reduce((a, b) => a + b, 0),
      skipped_reasons: counts.skipped,
      synonyms: counts.synonyms,
      skipped_synonyms: counts.skippedSynonyms,
      frequencies: counts.frequencies,
    };
  } catch (err) {
    await discardImport(sqlite, staging);
    throw err;
  }
}

/**
 * Writes rows from `start` until the slice is full or the main thread announces a write (then the slice
 * commits early, so a save waits for a few hundred rows, not ten thousand). Returns the next row to write.
 */
function writeSlice(rows: EntryRow[], start: number, write: ReturnType<typeof repo.entryWriter>): number {
  const end = Math.min(rows.length, start + IMPORT_SLICE_ROWS);
  let i = start;
  while (i < end) {
    const stop = Math.min(end, i + GIVE_WAY_CHECK_ROWS);
    for (; i < stop; i++) write(...rows[i]!);
    if (parentIsWriting()) break;
  }
  return i;
}

/** The last transaction: the hidden row becomes the new dictionary, or its entries move into the target. */
function finish(
  sqlite: Sqlite,
  user: CurrentUser,
  target: ImportTarget,
  parsed: ParsedDictionary,
  staging: number,
  token: number,
  added: number,
): LocalDictionaryDto {
  if (target.kind === 'create') {
    // The language may have been deleted meanwhile (the hidden row went with it).
    if (!repo.finishImport(sqlite, staging, token)) throw notFound(LANGUAGE_DENIED);
    const before = repo.findOwnedDictionary(sqlite, user, staging)!;
    return repo.updateDictionary(sqlite, user, staging, { ...metaPatch(before, parsed, target.sourceUri), LdEntryCount: added })!;
  }
  // Checked again: the dictionary may have been deleted while we parsed and wrote.
  const before = repo.findOwnedDictionary(sqlite, user, target.dictionaryId);
  if (!before) throw notFound(DICTIONARY_NOT_FOUND);
  if (target.replace) repo.clearEntries(sqlite, user, target.dictionaryId);
  repo.moveEntries(sqlite, staging, target.dictionaryId);
  repo.deleteImportingRow(sqlite, staging);
  const base = target.replace ? 0 : before.LdEntryCount;
  return repo.updateDictionary(sqlite, user, target.dictionaryId, { ...metaPatch(before, parsed), LdEntryCount: base + added })!;
}

/** Reads the job's upload: from its temporary file here in the worker, or the bytes it carries. */
export function jobBytes(source: DictionaryImportJob['source']): Uint8Array {
  return 'path' in source ? fs.readFileSync(source.path) : source.data;
}

/** The worker task: parse, check, store on its own connection. */
export async function runDictionaryImport(job: DictionaryImportJob): Promise<DictionaryImportOutcome> {
  const parsed = await parseChecked(job.filename, jobBytes(job.source));
  const sqlite = openSqlite(job.dbFile);
  try {
    return await storeParsed(sqlite, job.user, job.now, job.target, parsed, job.filename, job.token);
  } finally {
    sqlite.close();
  }
}
