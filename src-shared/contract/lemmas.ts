// Runs in: any process. Lemmas and word families endpoints.
import { z } from 'zod';
import { endpoint, returns, uploadedFile } from './endpoint';
import type { TermDto } from './terms';

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

const languageId = z.coerce.number().int().positive({ message: 'language_id is required' });

export const lemmasContract = {
  'wordFamilies.list': endpoint({
    method: 'GET',
    path: '/api/v1/word-families',
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
  'wordFamilies.stats': endpoint({ method: 'GET', path: '/api/v1/word-families/stats', input: z.object({ language_id: languageId }), output: returns<LemmaCoverage>() }),
  /** Writes {data dir}/lemma-dictionaries/{iso}_lemmas.tsv from an uploaded two-column list. */
  'lemmas.import': endpoint({
    method: 'POST',
    path: '/api/v1/lemmas/import',
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
    input: z.object({ language_id: languageId }),
    output: returns<{ success: true; updated: number; nlp: 'ok' | 'unused' | 'unavailable' }>(),
  }),
  'lemmas.nlpAvailable': endpoint({ method: 'GET', path: '/api/v1/lemmas/nlp-available', input: z.object({}), output: returns<{ available: boolean; languages: string[]; error?: string }>() }),
};
