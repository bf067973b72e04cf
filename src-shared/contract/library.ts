// Runs in: any process. Online intake besides feeds: one web article (from-url), Project Gutenberg through
// Gutendex, the Global Digital Library's children's readers (kids-search), EPUB-by-URL extraction, library
// coverage preview and the learner's reader level. Base URLs of the services are settings (gutendexUrl, gdlUrl).
import { z } from 'zod';
import { endpoint, returns } from './endpoint';
import { type CodedMessage } from './messages';

export interface GutenbergBook {
  id: number;
  title: string;
  authors: string[];
  languages: string[];
  subjects: string[];
  download_count: number;
  epub_url: string;
  text_url: string;
  cover: string;
}

export interface GutenbergPage {
  count: number;
  page: number;
  has_next: boolean;
  results: GutenbergBook[];
}

export interface KidsBook {
  id: string;
  title: string;
  publisher: string;
  description: string;
  language: string;
  license: string;
  level: string;
  thumbnail: string;
  epub_url: string;
}

export interface KidsPage {
  total: number;
  page: number;
  results: KidsBook[];
}

export type LibraryPreview =
  | {
      total_words: number;
      total_unique_words: number;
      known_words: number;
      unknown_words: number;
      coverage_percent: number;
      difficulty_label: 'easy' | 'medium' | 'hard';
      sample_unknown_words: string[];
    }
  | ({ error: string } & CodedMessage);

export interface ReaderLevel {
  language_id: number;
  /** Terms with status 5, 98 or 99. */
  vocabulary_size: number;
  beginner: boolean;
}

export interface WebArticle {
  title: string;
  text: string;
  sourceUri: string;
  words: number;
}

/** Fewer readable words than this: "too little readable text". */
export const MIN_ARTICLE_WORDS = 30;

const languageId = z.coerce.number({ message: 'language_id is required' }).int().positive('language_id must be positive');
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((u) => /^https?:\/\/\S+$/i.test(u), 'The address must start with http:// or https://');
const page = z.coerce.number().int().min(1).max(10_000).optional();

export const libraryContract = {
  'library.fromUrl': endpoint({
    method: 'POST',
    path: '/api/v1/texts/from-url',
    access: 'import',
    input: z.object({ url: httpUrl, language_id: languageId }),
    output: returns<WebArticle>(),
  }),
  'library.gutenberg': endpoint({
    method: 'GET',
    path: '/api/v1/library/gutenberg',
    access: 'read',
    input: z.object({ language_id: languageId.optional(), search: z.string().trim().max(200).optional(), topic: z.string().trim().max(100).optional(), page }),
    output: returns<GutenbergPage>(),
  }),
  'library.kidsSearch': endpoint({
    method: 'GET',
    path: '/api/v1/texts/kids-search',
    access: 'read',
    input: z.object({ query: z.string().trim().max(200).optional(), language: z.string().trim().max(20).optional(), language_id: languageId.optional(), page }),
    output: returns<KidsPage>(),
  }),
  'library.extractEpubUrl': endpoint({
    method: 'POST',
    path: '/api/v1/texts/extract-epub-url',
    access: 'import',
    input: z.object({ url: httpUrl }),
    output: returns<{ title: string; text: string; sourceUri: string }>(),
  }),
  'library.preview': endpoint({
    method: 'GET',
    path: '/api/v1/texts/library-preview',
    access: 'read',
    input: z.object({ url: httpUrl, language_id: languageId }),
    output: returns<LibraryPreview>(),
  }),
  'library.readerLevel': endpoint({
    method: 'GET',
    path: '/api/v1/texts/reader-level',
    access: 'read',
    input: z.object({ language_id: languageId }),
    output: returns<ReaderLevel>(),
  }),
  /** Imports a library book through the books importer (EPUB, else plain text split into chapters). */
  'library.import': endpoint({
    method: 'POST',
    path: '/api/v1/library/import',
    access: 'import',
    input: z.object({ language_id: languageId, url: httpUrl, title: z.string().trim().max(200).optional(), author: z.string().trim().max(200).optional() }),
    output: returns<{ book_id: number; title: string; chapters: number }>(),
  }),
};
