// Runs in: any process. Lemmas and word families endpoints.
import { z } from 'zod';
import { endpoint, returns, uploadedFile } from './endpoint';
import type { TermDto } from './terms';
import { type Message } from './messages';
import type { LemmaQuality } from '../lemmas/quality';

export interface FamilyMember {
  WoID: number;
  WoText: string;
  WoStatus: number;
  WoTranslation: string;
}

export interface WordFamilyDto {
  lemma: string;
  lemma_lc: string;
  count: number;
  /** Lowest learning status in the family (the member that needs the most work). */
  min_status: number;
  members: FamilyMember[];
}

export interface WordFamilyPage {
  families: WordFamilyDto[];
  total: number;
  page: number;
  per_page: number;
  pages: number;
}

export interface WordFamilyTerms {
  lemma_lc: string;
  terms: TermDto[];
}

export interface LemmaCoverage {
  language_id: number;
  lemmatizer: 'none' | 'dictionary' | 'nlp' | 'hybrid';
  total_terms: number;
  with_lemma: number;
  without_lemma: number;
  manual_lemmas: number;
  automatic_lemmas: number;
  /** with_lemma / total_terms, 0-100 with one decimal. */
  coverage_percent: number;
  families: number;
  /** Families with more than one term. */
  shared_families: number;
  dictionary: { file: string; entries: number } | null;
}

/** The automatic source behind a language's `dictionary` strategy (besides its lemma file). */
export interface LemmaSourceInfo {
  kind: 'hunspell' | 'kuromoji' | 'korean-stems' | 'identity';
  name: string;
  license: string | null;
  version: string | null;
  /** A Hunspell table is read on first use, in a worker thread. */
  state: 'none' | 'building' | 'ready' | 'failed';
  /** 0..1 while building. */
  progress: number;
  /** Headwords (plus irregular forms) known; null until built or when not countable. */
  forms: number | null;
  error: string | null;
  /** The same by message code (src-shared/contract/messages.ts), for the interface language. */
  error_message?: Message;
  /**
   * Whether these lemmas fill terms on their own: only when measured good enough (src-shared/lemmas/quality.ts);
   * otherwise the word panel offers them as an "unsure" suggestion.
   */
  auto_fill: boolean;
  /** The measured figures behind auto_fill (null: no independent list to measure on). */
  quality: LemmaQuality | null;
}

export interface LemmaStatus {
  language_id: number;
  lemmatizer: 'none' | 'dictionary' | 'nlp' | 'hybrid';
  /** Which source answers first: the language's file, else the automatic source, else none. */
  active: 'file' | 'automatic' | 'none';
  file: { file: string; entries: number } | null;
  automatic: LemmaSourceInfo | null;
  /** The recompute of the language's automatic lemmas after their rules changed (issue 47); null: none was needed. */
  recompute: LemmaRecompute | null;
}

/**
 * Automatic lemmas recomputed after an upgrade changed the language's rules (a background job; manual lemmas are
 * never touched): under way, or the last one done.
 */
export interface LemmaRecompute {
  state: 'running' | 'done';
  /** Automatic lemmas replaced by a different one (so far, while running). */
  changed: number;
  /** 0..1 over the library's terms. */
  progress: number;
  /** When the last one finished (ms since the epoch); null while running. */
  finished_at: number | null;
}

export interface FillSummary {
  success: true;
  /** Terms that got a lemma now (= filled; kept for older clients). */
  updated: number;
  filled: number;
  /** Terms still without a lemma (no source knows them). */
  left_empty: number;
  /** Terms with a manual lemma that differs from the automatic one (kept, never overwritten). */
  conflicts: number;
  /** Examples of conflicts: term, manual lemma, automatic lemma (at most 20). */
  conflict_examples: { WoID: number; WoText: string; manual: string; automatic: string }[];
  nlp: 'ok' | 'unused' | 'unavailable';
}

export interface LemmaImportPreview {
  /** Column (1 or 2) that holds the lemma, by which column repeats more (a lemma has many forms). */
  lemma_column: 1 | 2;
  /** How sure: share of repeats in the chosen column minus the other, 0..1. */
  confidence: number;
  rows: number;
  /** First rows as read, for the user to confirm. */
  sample: [string, string][];
}

/** A downloadable lemma list (resources/lemma-sources.json). */
export interface LemmaSourceDto {
  id: string;
  /** ISO 639-1 code. */
  language: string;
  name: string;
  url: string;
  /** Column order of the file: lemma-form (michmech) or form-lemma (the spec's files). */
  format: 'lemma-form' | 'form-lemma';
  license: string;
  attribution: string;
  description: string;
}

const languageId = z.coerce.number().int().positive({ message: 'language_id is required' });

export const lemmasContract = {
  'wordFamilies.list': endpoint({
    method: 'GET',
    path: '/api/v1/word-families',
    access: 'read',
    input: z.object({
      language_id: languageId,
      lemma_lc: z.string().trim().min(1).max(250).optional(),
      q: z.string().max(100).optional(),
      /** Only families with at least this many terms (default 1). */
      min_size: z.coerce.number().int().min(1).max(1000).optional(),
      page: z.coerce.number().int().min(1).optional(),
      per_page: z.coerce.number().int().min(1).max(200).optional(),
    }),
    output: returns<WordFamilyPage | WordFamilyTerms>(),
  }),
  'wordFamilies.stats': endpoint({
    method: 'GET',
    path: '/api/v1/word-families/stats',
    access: 'read',
    input: z.object({ language_id: languageId }),
    output: returns<LemmaCoverage>(),
  }),
  /** Writes {data dir}/lemma-dictionaries/{iso}_lemmas.tsv from an uploaded two-column list. */
  'lemmas.import': endpoint({
    method: 'POST',
    path: '/api/v1/lemmas/import',
    access: 'manage',
    input: z.object({
      language_id: languageId,
      file: uploadedFile,
      /** Which column (1 or 2) holds the lemma; the other holds the surface form. */
      lemma_column: z.coerce.number().int().min(1).max(2).optional(),
      /** replace (default) or merge with the existing file. */
      mode: z.enum(['replace', 'merge']).optional(),
    }),
    output: returns<{ success: true; file: string; pairs: number; updated_terms: number }>(),
  }),
  /** Fills in missing automatic lemmas of a language's terms with its lemmatizer (dictionary and/or NLP). */
  'lemmas.fill': endpoint({
    method: 'POST',
    path: '/api/v1/lemmas/fill',
    access: 'manage',
    input: z.object({ language_id: languageId }),
    output: returns<FillSummary>(),
  }),
  /** The active lemma source of a language and how many forms it knows; starts building the automatic one. */
  'lemmas.status': endpoint({
    method: 'GET',
    path: '/api/v1/lemmas/status',
    access: 'read',
    input: z.object({ language_id: languageId }),
    output: returns<LemmaStatus>(),
  }),
  /** The local lemma of a word not saved yet (file, then automatic source; never the network). */
  'lemmas.suggest': endpoint({
    method: 'GET',
    path: '/api/v1/lemmas/suggest',
    access: 'read',
    input: z.object({
      language_id: languageId,
      word: z.string().trim().min(1).max(250),
      wait: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional(),
    }),
    /** unsure: an automatic lemma of a language whose lemmas are not trusted to fill terms (a suggestion only). */
    output: returns<{ word: string; lemma: string | null; source: 'file' | 'automatic' | null; building: boolean; unsure: boolean }>(),
  }),
  'lemmas.catalogue': endpoint({
    method: 'GET',
    path: '/api/v1/lemmas/catalogue',
    access: 'read',
    input: z.object({ language_id: z.coerce.number().int().positive().optional() }),
    output: returns<LemmaSourceDto[]>(),
  }),
  /** Downloads a catalogue list (guarded fetcher) and stores it as the language's lemma file. */
  'lemmas.download': endpoint({
    method: 'POST',
    path: '/api/v1/lemmas/download',
    access: 'manage',
    input: z.object({ language_id: languageId, source_id: z.string().min(1).max(100) }),
    output: returns<{ success: true; file: string; pairs: number; updated_terms: number }>(),
  }),
  /** Reads an uploaded lemma list without storing it: detected column order and a sample to confirm. */
  'lemmas.importPreview': endpoint({
    method: 'POST',
    path: '/api/v1/lemmas/import/preview',
    access: 'manage',
    input: z.object({ file: uploadedFile }),
    output: returns<LemmaImportPreview>(),
  }),
  'lemmas.nlpAvailable': endpoint({
    method: 'GET',
    path: '/api/v1/lemmas/nlp-available',
    access: 'read',
    input: z.object({}),
    output: returns<{ available: boolean; languages: string[]; error?: string }>(),
  }),
};
