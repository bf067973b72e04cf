// Runs in: any process. Terms (table words): the DTO every module shares, and the writable fields.
// Owned by the vocabulary module, which declares its endpoints here too.
import { z } from 'zod';
import { TERM_STATUSES } from './status';
import { endpoint, returns, idParam, boolish, uploadedFile, uploadedTempFile, type FileResult } from './endpoint';
import { TERM_IMPORT_ROLES } from '../import/term-rows';

export interface TermDto {
  WoID: number;
  WoLgID: number;
  WoText: string;
  WoTextLC: string;
  WoLemma: string | null;
  WoLemmaLC: string | null;
  WoStatus: number;
  WoTranslation: string;
  WoRomanization: string;
  WoNotes: string;
  /** Example sentence with the term in {braces}. */
  WoSentence: string;
  WoWordCount: number;
  WoCreated: number;
  WoModified: number;
  WoStatusChanged: number;
  /** Tag texts from word_tag_map. */
  TermTags: string[];
  /** Media attached to the term (a mined word's sentence audio and picture); absent when it has none. */
  TermMedia?: TermMediaDto[];
}

/** A media file attached to a term (term_media), served by the media store at `url`. */
export interface TermMediaDto {
  id: string;
  role: 'audio' | 'picture';
  /** The name the mining tool gave the file (what its fields name). */
  filename: string;
  url: string;
}

export const termStatus = z.coerce
  .number()
  .int()
  .refine((n) => (TERM_STATUSES as readonly number[]).includes(n), 'status must be 1-5, 98 or 99');

/** Tags as the edit forms post them: TermTags[TagList][] entries, each possibly a comma-joined list. */
export const termTagsInput = z.object({ TagList: z.union([z.array(z.string()), z.string()]).optional() }).optional();

export const termFields = z.object({
  WoLgID: z.coerce.number().int().positive(),
  WoText: z.string().trim().min(1, 'WoText is required').max(250),
  WoLemma: z.string().trim().max(250).optional(),
  /**
   * The learner cleared the lemma (the word panel's automatic one included): the term keeps none, and no automatic
   * source fills one in later. WoLemma is then ignored.
   */
  noLemma: boolish.optional(),
  WoStatus: termStatus.optional(),
  WoTranslation: z.string().max(10_000).optional(),
  WoRomanization: z.string().max(1000).optional(),
  WoNotes: z.string().max(10_000).optional(),
  WoSentence: z.string().max(5000).optional(),
  TermTags: termTagsInput,
});
export type TermFields = z.infer<typeof termFields>;

// ---- Endpoints of the vocabulary module -------------------------------------------------------------

export const TERM_SORTS = ['text', 'text_desc', 'translation', 'status', 'status_desc', 'created', 'created_desc', 'modified_desc', 'lemma'] as const;
export type TermSort = (typeof TERM_SORTS)[number];

/** Status filter: one status, a comma list ("1,2,3"), "learning" (1-5), "known" (5, 99) or "all". */
export const statusFilter = z
  .string()
  .trim()
  .regex(/^(all|learning|known|unknown|\d+(,\d+)*)$/, 'status must be a status, a comma list, learning, known or all');

/** Term ids as a JSON array or a URL's comma list ("4,7,9"); each use caps the count (`.pipe`). */
export const termIds = z.union([
  z.array(z.coerce.number().int().positive()),
  z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .transform((s) => s.split(',').map(Number)),
]);

const idList = termIds.pipe(z.array(z.number()).max(100_000, 'at most 100000 ids at once'));

export const termListFilters = z.object({
  language_id: z.coerce.number().int().positive().optional(),
  status: z.union([statusFilter, z.number().int()]).optional(),
  /** A tag id, or "none" for untagged terms. */
  tag_id: z.union([z.coerce.number().int().positive(), z.literal('none')]).optional(),
  /** Only terms that occur in this text. */
  text_id: z.coerce.number().int().positive().optional(),
  /** Searches term, lemma, translation and romanization. */
  q: z.string().max(200).optional(),
  sort: z.enum(TERM_SORTS).optional(),
  /** Only these terms (a comma list in a URL): "Show in Lectio" of a tool such as Yomitan (AnkiConnect's guiBrowse). */
  ids: idList.optional(),
});
export type TermListFilters = z.infer<typeof termListFilters>;

const paging = {
  page: z.coerce.number().int().min(1).optional(),
  per_page: z.coerce.number().int().min(1).max(500).optional(),
};

export interface TermPage {
  terms: TermDto[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
}

export const BULK_ACTIONS = ['del', 's1', 's2', 's3', 's4', 's5', 's98', 's99', 'bulk-status', 'lower', 'today', 'delsent', 'addtag', 'deltag'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export const bulkActionInput = z
  .object({
    ids: idList,
    action: z.enum(BULK_ACTIONS),
    /** For bulk-status. */
    status: termStatus.optional(),
    /** For addtag / deltag: one tag or a comma list. */
    tag: z.string().max(500).optional(),
  })
  .refine((v) => v.action !== 'bulk-status' || v.status !== undefined, { message: 'bulk-status needs a status', path: ['status'] })
  .refine((v) => !['addtag', 'deltag'].includes(v.action) || (v.tag ?? '').trim() !== '', { message: 'addtag and deltag need a tag', path: ['tag'] });

export interface SimilarTermDto {
  WoID: number;
  WoText: string;
  WoLemma: string | null;
  WoTranslation: string;
  WoStatus: number;
  /** Why it is suggested: same lemma (rule 1) or shared letter pairs. */
  reason: 'lemma' | 'spelling';
  score: number;
}

export interface SimilarTermsResult {
  terms: SimilarTermDto[];
  /** The lemma (lowercase) the same-lemma rule used: the stored one, or the local dictionary's; null if none. */
  lemma: string | null;
}

export const importColumnRole = z.enum([...TERM_IMPORT_ROLES, 'skip']);

/** Roles per column as a list, or as the comma string a form posts ("term,translation,skip,tags"). */
const columnRoles = z
  .union([z.array(importColumnRole), z.string().transform((s) => s.split(',').map((x) => x.trim() || 'skip'))])
  .pipe(z.array(importColumnRole).min(1).max(50));

/** Term files stream to a temporary file, read by the import's worker (never buffered on the main thread). */
const TERM_IMPORT_UPLOAD = { toDisk: true, maxBytes: 50 * 1024 * 1024 } as const;

export const DELIMITER_NAMES = ['auto', 'comma', 'tab', 'semicolon', 'pipe'] as const;

export const termImportInput = z
  .object({
    language_id: z.coerce.number().int().positive(),
    /** An uploaded .csv/.tsv/.txt/.json file (streamed to a temporary file over HTTP, bytes over IPC), or… */
    file: z.union([uploadedTempFile, uploadedFile]).optional(),
    /** …pasted text. */
    text: z
      .string()
      .max(50 * 1024 * 1024)
      .optional(),
    delimiter: z.enum(DELIMITER_NAMES).optional(),
    has_header: boolish.optional(),
    columns: columnRoles.optional(),
    duplicates: z.enum(['skip', 'overwrite']).optional(),
    /** Kindle's My Clippings.txt: the books (0-based, as the preview lists them) whose highlights are imported; all when absent. */
    clippings_books: z
      .union([z.array(z.coerce.number().int().min(0)), z.string().transform((s) => (s.trim() ? s.split(',').map((x) => Number(x.trim())) : []))])
      .pipe(z.array(z.number().int().min(0).max(100_000)).max(100_000))
      .optional(),
  })
  .refine((v) => v.file !== undefined || (v.text ?? '').trim() !== '', { message: 'Choose a file or paste some rows', path: ['file'] });

export interface TermImportPreview {
  delimiter: (typeof DELIMITER_NAMES)[number];
  has_header: boolean;
  columns: number;
  /** Roles guessed from a header row, or by position. */
  roles: z.infer<typeof importColumnRole>[];
  /** The first rows as parsed (header included). */
  sample: string[][];
  rows: number;
  /** An e-reader's word list (Kindle vocab.db, Kobo KoboReader.sqlite): what it holds, by language. */
  ereader?: { kind: 'kindle' | 'kobo'; languages: Record<string, number>; words: number; new?: number; existing?: number };
  /**
   * Kindle's My Clippings.txt: its books with how many longer highlights (passages: one text per book) and one-word
   * highlights (words: terms) each holds (docs/vocabulary.md "Kindle highlights").
   */
  clippings?: { books: { title: string; author: string; passages: number; words: number }[] };
}

export interface TermImportResult {
  success: true;
  created: number;
  updated: number;
  skipped: number;
  total: number;
  /** Number of this import: GET /api/v1/terms/imported shows its terms. */
  batch: number;
  /** The texts made from Kindle highlights (one per book), when the file was a My Clippings.txt. */
  texts?: { id: number; title: string }[];
}

/** Pairs [sentence with the term in **bold**, sentence with the term in {braces}]. */
export type SentenceWithTermList = [string, string][];

const sentenceQuery = z.object({
  language_id: z.coerce.number().int().positive({ message: 'language_id is required' }),
  term_lc: z.string().trim().min(1, 'term_lc is required').max(250),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const termsContract = {
  'terms.list': endpoint({ method: 'GET', path: '/api/v1/terms', access: 'read', input: termListFilters.extend(paging), output: returns<TermPage>() }),
  'terms.get': endpoint({ method: 'GET', path: '/api/v1/terms/:id', access: 'read', input: z.object({ id: idParam }), output: returns<TermDto>() }),
  'terms.create': endpoint({ method: 'POST', path: '/api/v1/terms', access: 'vocabulary', input: termFields, output: returns<TermDto>() }),
  'terms.update': endpoint({
    method: 'PUT',
    path: '/api/v1/terms/:id',
    access: 'vocabulary',
    input: termFields.partial().extend({ id: idParam }),
    output: returns<TermDto>(),
  }),
  'terms.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/terms/:id',
    access: 'vocabulary',
    input: z.object({ id: idParam }),
    output: returns<{ success: true; deleted: number }>(),
  }),
  'terms.bulkAction': endpoint({
    method: 'PUT',
    path: '/api/v1/terms/bulk-action',
    access: 'vocabulary',
    input: bulkActionInput,
    output: returns<{ success: boolean; count: number }>(),
    // 100,000 ids as a form (ids[]=123456&…).
    maxBodyBytes: 2 * 1024 * 1024,
  }),
  'terms.imported': endpoint({
    method: 'GET',
    path: '/api/v1/terms/imported',
    access: 'read',
    input: z.object(paging),
    output: returns<TermPage & { batch: number | null }>(),
  }),
  'terms.familyApply': endpoint({
    method: 'PUT',
    path: '/api/v1/terms/family/apply',
    access: 'vocabulary',
    input: z.object({ language_id: z.coerce.number().int().positive(), lemma_lc: z.string().trim().min(1).max(250), status: termStatus }),
    output: returns<{ success: true; count: number }>(),
  }),
  'terms.similar': endpoint({
    method: 'GET',
    path: '/api/v1/terms/similar',
    access: 'read',
    input: z.object({
      language_id: z.coerce.number().int().positive(),
      term: z.string().trim().min(1).max(250),
      /** The term being edited: left out of its own suggestions, and its stored lemma is used. */
      exclude_id: z.coerce.number().int().positive().optional(),
      limit: z.coerce.number().int().min(1).max(50).optional(),
    }),
    output: returns<SimilarTermsResult>(),
  }),
  'terms.export': endpoint({
    method: 'GET',
    path: '/api/v1/terms/export',
    access: 'read',
    input: termListFilters.extend({ format: z.enum(['csv', 'tsv']).optional() }),
    output: returns<FileResult>(),
  }),
  'terms.importPreview': endpoint({
    method: 'POST',
    path: '/api/v1/terms/import/preview',
    access: 'import',
    upload: TERM_IMPORT_UPLOAD,
    input: termImportInput,
    output: returns<TermImportPreview>(),
  }),
  'terms.import': endpoint({
    method: 'POST',
    path: '/api/v1/terms/import',
    access: 'import',
    upload: TERM_IMPORT_UPLOAD,
    input: termImportInput,
    output: returns<TermImportResult>(),
  }),
  'sentences.withTerm': endpoint({
    method: 'GET',
    path: '/api/v1/sentences-with-term',
    access: 'read',
    input: sentenceQuery,
    output: returns<SentenceWithTermList>(),
  }),
  'sentences.withTermId': endpoint({
    method: 'GET',
    path: '/api/v1/sentences-with-term/:word_id',
    access: 'read',
    input: sentenceQuery.partial({ term_lc: true }).extend({ word_id: idParam }),
    output: returns<SentenceWithTermList>(),
  }),
};
