// Runs in: any process. Local dictionaries endpoints: CRUD per language, imports (upload, curated
// catalogue) and the lookup the reader's word panel uses.
import { z } from 'zod';
import { boolish, endpoint, idParam, returns, uploadedFile, uploadedTempFile } from './endpoint';

/** Dictionary files: streamed to a temporary file over HTTP (never buffered on the main thread), bytes over IPC. */
export const DICTIONARY_UPLOAD_MAX_BYTES = 200 * 1024 * 1024;
const dictionaryFile = z.union([uploadedTempFile, uploadedFile]);
export type DictionaryFile = z.infer<typeof dictionaryFile>;

export interface LocalDictionaryDto {
  LdID: number;
  LdLgID: number;
  LdUsID: number | null;
  LdName: string;
  LdDescription: string;
  LdSourceFormat: string;
  LdSourceURI: string;
  LdLicense: string;
  /** Headwords with an article (plus frequency-only words); synonym rows are not counted. */
  LdEntryCount: number;
  LdPriority: number;
  LdCreated: number;
}

export interface DictionaryEntryDto {
  LeID: number;
  LeLdID: number;
  LdName: string;
  LeTerm: string;
  LeReading: string;
  /** As imported: plain text or HTML. Render HTML only through a sanitizer. */
  LeDefinition: string;
  LePartOfSpeech: string;
  LeFrequencyRank: number | null;
}

export interface DictionaryLookupResult {
  term: string;
  /** The lemma used for `lemma_entries`: the one passed in, else the stored term's WoLemma, else null. */
  lemma: string | null;
  entries: DictionaryEntryDto[];
  /** Entries for the lemma; empty when the lemma is the word itself. */
  lemma_entries: DictionaryEntryDto[];
}

export interface DictionaryImportSummary {
  dictionary: LocalDictionaryDto;
  /** csv, tsv, json, stardict or yomitan. */
  format: string;
  /** Headwords stored (synonym rows not counted). */
  imported: number;
  /** Headwords that could not be stored, skipped and counted. */
  skipped: number;
  skipped_reasons: Record<string, number>;
  /** Alternate spellings stored as extra lookup rows (StarDict .syn, pyglossary alternates). */
  synonyms: number;
  skipped_synonyms: number;
  /** Words stored only for their frequency rank (Yomitan frequency dictionaries). */
  frequencies: number;
  duration_ms: number;
}

export interface CuratedDictionaryDto {
  id: string;
  name: string;
  /** ISO 639-1 code of the headword language; matched against LgIsoCode. */
  language: string;
  /** ISO 639-1 code of the definitions' language. */
  target_language: string;
  /** File name whose extension decides the importer (the same rule as uploads). */
  filename: string;
  url: string;
  homepage: string;
  license: string;
  attribution: string;
  description: string;
}

const languageId = z.coerce.number({ message: 'language_id is required' }).int().positive('language_id must be positive');
const dictionaryName = z.string().trim().min(1, 'LdName is required').max(100, 'LdName is at most 100 characters');

export const dictionariesContract = {
  'dictionaries.list': endpoint({
    method: 'GET',
    path: '/api/v1/local-dictionaries',
    access: 'read',
    input: z.object({ language_id: languageId.optional() }),
    output: returns<LocalDictionaryDto[]>(),
  }),
  'dictionaries.create': endpoint({
    method: 'POST',
    path: '/api/v1/local-dictionaries',
    access: 'manage',
    input: z.object({
      LdLgID: z.coerce.number().int(),
      LdName: dictionaryName,
      LdDescription: z.string().max(2000).optional(),
    }),
    output: returns<LocalDictionaryDto>(),
  }),
  'dictionaries.update': endpoint({
    method: 'PUT',
    path: '/api/v1/local-dictionaries/:id',
    access: 'manage',
    input: z.object({
      id: idParam,
      LdName: dictionaryName.optional(),
      LdDescription: z.string().max(2000).optional(),
      LdPriority: z.coerce.number().int().min(-1000).max(1000).optional(),
    }),
    output: returns<LocalDictionaryDto>(),
  }),
  'dictionaries.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/local-dictionaries/:id',
    access: 'manage',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; deleted: number }>(),
  }),
  'dictionaries.import': endpoint({
    method: 'POST',
    path: '/api/v1/local-dictionaries/:id/import',
    access: 'manage',
    upload: { toDisk: true, maxBytes: DICTIONARY_UPLOAD_MAX_BYTES },
    input: z.object({ id: idParam, file: dictionaryFile, replace: boolish.optional() }),
    output: returns<DictionaryImportSummary>(),
  }),
  /** Creates a dictionary named after the file (or LdName) and imports into it, in one transaction. */
  'dictionaries.upload': endpoint({
    method: 'POST',
    path: '/api/v1/local-dictionaries/upload',
    access: 'manage',
    upload: { toDisk: true, maxBytes: DICTIONARY_UPLOAD_MAX_BYTES },
    input: z.object({ language_id: languageId, file: dictionaryFile, LdName: dictionaryName.optional() }),
    output: returns<DictionaryImportSummary>(),
  }),
  'dictionaries.lookup': endpoint({
    method: 'GET',
    path: '/api/v1/local-dictionaries/lookup',
    access: 'read',
    input: z.object({
      language_id: languageId,
      term: z.string().trim().min(1, 'term is required').max(255),
      lemma: z.string().trim().max(255).optional(),
    }),
    output: returns<DictionaryLookupResult>(),
  }),
  'dictionaries.curated': endpoint({
    method: 'GET',
    path: '/api/v1/local-dictionaries/curated',
    access: 'read',
    input: z.object({ language_id: languageId.optional() }),
    output: returns<CuratedDictionaryDto[]>(),
  }),
  'dictionaries.importCurated': endpoint({
    method: 'POST',
    path: '/api/v1/local-dictionaries/import-curated',
    access: 'manage',
    input: z.object({ language_id: z.coerce.number().int(), catalogue_id: z.string().trim().min(1, 'catalogue_id is required').max(100) }),
    output: returns<DictionaryImportSummary>(),
  }),
};
