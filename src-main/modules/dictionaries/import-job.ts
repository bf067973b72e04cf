// Runs in: a worker thread (task 'dictionaries.import', started by service.ts through runInWorker), or main
// when the database is in memory. One dictionary import from bytes to committed rows, off the main thread:
// parse with the archive caps, check what the upload may amplify into (STORE_LIMITS), sanitise HTML with
// DOMPurify, then write everything in one transaction on this thread's own connection to the same file
// (WAL: the main thread keeps reading meanwhile). An import that stores nothing is refused and rolled back.
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
import { openSqlite, type Sqlite } from '../../db/connection';
import type { CurrentUser } from '../../db/scope';
import { ownerOf } from '../../db/scope';
import { ARCHIVE_LIMITS } from './archive';
import { parseUpload } from './parse-upload';
import * as repo from './repo';
import { sanitizeParsed } from './sanitize';

export const DICTIONARY_NOT_FOUND = 'Dictionary not found';
export const LANGUAGE_DENIED = 'Language not found or access denied';

export type ImportTarget =
  | { kind: 'create'; languageId: number; name?: string; sourceUri?: string; license?: string; description?: string }
  | { kind: 'into'; dictionaryId: number; replace: boolean };

export interface DictionaryImportJob {
  /** The SQLite file to write to (the core's own). */
  dbFile: string;
  user: CurrentUser;
  now: number;
  filename: string;
  data: Uint8Array;
  target: ImportTarget;
}

export interface StoreCounts {
  imported: number;
  skipped: Record<string, number>;
  synonyms: number;
  skippedSynonyms: number;
  frequencies: number;
}

export type DictionaryImportOutcome = Omit<DictionaryImportSummary, 'duration_ms'>;

/** Writes a parsed dictionary's rows inside the caller's transaction; unstorable headwords are skipped and counted. */
export function storeEntries(sqlite: Sqlite, dictionaryId: number, parsed: ParsedDictionary): StoreCounts {
  const write = repo.entryWriter(sqlite, dictionaryId);
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
  const parsed = await parseUpload(filename, data, ARCHIVE_LIMITS, { used: 0, total: storedBytesBudget(data.length) });
  checkStoreLimits(parsed, data.length);
  sanitizeParsed(parsed);
  return parsed;
}

/** Stores a parsed dictionary in one transaction on `sqlite`. */
export function storeParsed(
  sqlite: Sqlite,
  user: CurrentUser,
  now: number,
  target: ImportTarget,
  parsed: ParsedDictionary,
  filename: string,
): DictionaryImportOutcome {
  return sqlite.transaction(() => {
    let id: number;
    let before: LocalDictionaryDto;
    if (target.kind === 'create') {
      if (!repo.ownsLanguage(sqlite, user, target.languageId)) throw notFound(LANGUAGE_DENIED);
      before = repo.insertDictionary(sqlite, {
        LdLgID: target.languageId,
        LdUsID: ownerOf(user),
        LdName: target.name ?? nameFromUpload(filename, parsed),
        LdDescription: target.description ?? '',
        LdLicense: target.license ?? '',
        LdCreated: now,
      });
      id = before.LdID;
    } else {
      // Checked inside the transaction: the dictionary may have been deleted while we parsed.
      const found = repo.findOwnedDictionary(sqlite, user, target.dictionaryId);
      if (!found) throw notFound(DICTIONARY_NOT_FOUND);
      before = found;
      id = found.LdID;
      if (target.replace) repo.clearEntries(sqlite, user, id);
    }
    const counts = storeEntries(sqlite, id, parsed);
    const added = counts.imported + counts.frequencies;
    // Empty is an error: junk that parses into nothing must not become an empty dictionary.
    if (added === 0) throw nothingToImportError(parsed.format.toUpperCase());
    const base = target.kind === 'into' && !target.replace ? before.LdEntryCount : 0;
    const after = repo.updateDictionary(sqlite, user, id, {
      ...metaPatch(before, parsed, target.kind === 'create' ? target.sourceUri : undefined),
      LdEntryCount: base + added,
    })!;
    return {
      dictionary: after,
      format: parsed.format,
      imported: counts.imported,
      skipped: Object.values(counts.skipped).reduce((a, b) => a + b, 0),
      skipped_reasons: counts.skipped,
      synonyms: counts.synonyms,
      skipped_synonyms: counts.skippedSynonyms,
      frequencies: counts.frequencies,
    };
  })();
}

/** The worker task: parse, check, store on its own connection. */
export async function runDictionaryImport(job: DictionaryImportJob): Promise<DictionaryImportOutcome> {
  const parsed = await parseChecked(job.filename, job.data);
  const sqlite = openSqlite(job.dbFile);
  try {
    return storeParsed(sqlite, job.user, job.now, job.target, parsed, job.filename);
  } finally {
    sqlite.close();
  }
}
