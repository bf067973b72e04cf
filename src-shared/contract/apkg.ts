// Runs in: any process. Anki package endpoints: export (.apkg download), re-import of a Lectio package, and the
// create-only import of a deck built elsewhere (inspect, then import).
import { z } from 'zod';
import { endpoint, returns, uploadedFile, uploadedTempFile, type FileResult } from './endpoint';

/** Over HTTP every value is a string; "" (an empty select) means "not given". */
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().positive().optional());

/**
 * marked[] as forms send it (["1","2"], or one "1") or as JSON ([1, 2]). Empty entries are dropped, and an
 * empty list means every term of the language.
 */
const markedIds = z.preprocess(
  (v) => (v === undefined || v === null ? [] : (Array.isArray(v) ? v : [v]).filter((x) => x !== '' && x !== null)),
  z.array(z.coerce.number().int().positive('marked[] holds term ids')).max(200_000),
);

export interface ReimportSummary {
  /** Notes in the package. */
  notes: number;
  /** Terms that changed (fields, tags or status). */
  updated: number;
  /** Terms found whose note carried nothing new. */
  unchanged: number;
  /** Terms moved from 1-5 to 98 because their card was suspended (also counted in updated). */
  demoted: number;
  /** Notes with neither a LectioId field nor a lectio-{id} guid: made in Anki, never created here. */
  skipped_no_id: number;
  /** Notes whose term no longer exists (or is not the caller's). */
  skipped_term_not_found: number;
  /** Note tags left off because a tag name is longer than 20 characters. */
  skipped_tags: number;
  /** The counts as lines for people: "updated: 3", "skipped (no Lectio id): 2", ... */
  summary: string[];
}

export interface InspectedNoteType {
  id: number;
  name: string;
  fields: string[];
  note_count: number;
  /** The first notes of this type, fields cleaned to text (for the preview step). */
  samples: string[][];
}

export interface InspectResult {
  collection: string;
  schema_version: number;
  note_count: number;
  note_types: InspectedNoteType[];
  /** True when the package looks like a Lectio export (then re-import is probably what is meant). */
  is_lectio_package: boolean;
}

export interface DeckImportSummary {
  language_id: number;
  notes: number;
  created: number;
  /** Terms already in the language: left untouched. */
  existing: number;
  /** Notes whose term field is empty after cleaning. */
  skipped_empty: number;
  /** Notes whose term is longer than a term may be (250 characters). */
  skipped_too_long: number;
  /** Created terms per status. */
  statuses: Record<string, number>;
  summary: string[];
}

/**
 * An .apkg: over HTTP streamed to a temporary file (shared decks with audio run to hundreds of MB, and only the
 * collection inside is ever read), over IPC bytes.
 */
export const APKG_MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024;
const apkgFile = z.union([uploadedTempFile, uploadedFile]);
export type ApkgUpload = z.infer<typeof apkgFile>;
const apkgUpload = { toDisk: true, maxBytes: APKG_MAX_FILE_BYTES } as const;

export const deckImportInput = z.object({
  file: apkgFile,
  language_id: z.coerce.number().int().positive('language_id is required'),
  note_type_id: z.coerce.number().int('note_type_id is required'),
  term_field: z.string().trim().min(1, 'term_field is required'),
  translation_field: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().trim().min(1).optional()),
});

export const apkgContract = {
  'apkg.export': endpoint({
    method: 'GET',
    path: '/vocabulary/apkg/export',
    access: 'read',
    input: z.object({ lang_id: optionalId }),
    output: returns<FileResult>(),
  }),
  'apkg.exportSelection': endpoint({
    method: 'POST',
    path: '/vocabulary/apkg/export',
    access: 'import',
    aliases: ['/api/v1/apkg/export'],
    input: z.object({ lang_id: optionalId, marked: markedIds.optional() }),
    output: returns<FileResult>(),
    // 200,000 ids as a form (marked[]=123456&…) is about 3.6 MB.
    maxBodyBytes: 5 * 1024 * 1024,
  }),
  'apkg.reimport': endpoint({
    method: 'POST',
    path: '/vocabulary/apkg/import',
    access: 'import',
    aliases: ['/api/v1/apkg/import'],
    upload: apkgUpload,
    input: z.object({ file: apkgFile }),
    output: returns<ReimportSummary>(),
  }),
  'apkg.inspect': endpoint({
    method: 'POST',
    path: '/api/v1/apkg/inspect',
    access: 'import',
    upload: apkgUpload,
    input: z.object({ file: apkgFile }),
    output: returns<InspectResult>(),
  }),
  'apkg.importDeck': endpoint({
    method: 'POST',
    path: '/api/v1/apkg/import-deck',
    access: 'import',
    upload: apkgUpload,
    input: deckImportInput,
    output: returns<DeckImportSummary>(),
  }),
};
