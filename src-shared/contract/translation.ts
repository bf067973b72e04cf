// Runs in: any process. Sentence translation (docs/translation.md): the learner's providers, in order, and the cache
// of their answers. Keys go in and never come out: the settings read says only whether each is set.
import { z } from 'zod';
import { endpoint, returns } from './endpoint';
import type { CodedMessage } from './messages';

export const TRANSLATION_PROVIDERS = ['libretranslate', 'deepl', 'openai'] as const;
export type TranslationProviderKind = (typeof TRANSLATION_PROVIDERS)[number];

/** The prompt an OpenAI-compatible model gets unless the learner writes another; {source}, {target}, {text} are filled. */
export const DEFAULT_TRANSLATION_PROMPT = 'Translate this sentence from {source} into {target}. Answer with the translation only, nothing else.\n\n{text}';

/**
 * What an OpenAI-compatible model is asked for a word in its sentence (not editable: the learner's prompt is for
 * sentences); {source}, {target}, {word}, {sentence} are filled. The answer's last line is taken.
 */
export const WORD_IN_SENTENCE_PROMPT =
  'In this {source} sentence, what does "{word}" mean? Answer with its {target} translation as used in the sentence: a word or a few words, nothing else.\n\n{sentence}';

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/\S+$/i, 'an http(s) address');

/** A provider as the learner configures it. `key`: absent keeps the stored key, '' removes it. */
export const providerInput = z.object({
  kind: z.enum(TRANSLATION_PROVIDERS),
  url: z.union([httpUrl, z.literal('')]).optional(),
  model: z.string().trim().max(200).optional(),
  prompt: z.string().max(4000).optional(),
  key: z.string().trim().max(500).optional(),
});
export type ProviderInput = z.infer<typeof providerInput>;

/** A provider as the settings read shows it: the key only as set / not set. */
export interface ProviderView {
  kind: TranslationProviderKind;
  url: string;
  model: string;
  prompt: string;
  key: 'set' | 'not set';
}

export interface TranslationSettings {
  /** In the order they are asked; the web-translator link of the language is the fallback after them. */
  providers: ProviderView[];
  /** ISO 639-1 of the language translations are into. */
  target: string;
  /** Answers kept in the cache. */
  cached: number;
}

export interface SentenceTranslation {
  translation: string;
  provider: TranslationProviderKind;
  /** True when the answer came from the cache (no provider was asked). */
  cached: boolean;
}

/** One slice of "Translate all sentences" of a text: call again with `from: next` until `next` is null. */
export interface TextTranslationProgress {
  translated: number;
  cached: number;
  next: number | null;
  total: number;
  done: number;
}

/**
 * "Translate all sentences" of a text as a background job: `running` while its job waits or works, `failed` with
 * the service's error (coded: said in the learner's language), else `idle`. `done` of `total` sentences have a kept
 * translation (or nothing to translate: no letter), counted from the cache, so the figure survives a restart.
 */
export interface TextTranslationJob {
  state: 'idle' | 'running' | 'failed';
  done: number;
  total: number;
  error: CodedMessage | null;
}

/** A kept answer as Settings lists it: a word's suggestion shows its word and sentence, a sentence `word: null`. */
export interface KeptTranslation {
  id: number;
  text: string;
  word: string | null;
  source: string;
  target: string;
  provider: string;
  translation: string;
  created: number;
}

export interface KeptTranslationPage {
  items: KeptTranslation[];
  total: number;
  page: number;
  per_page: number;
}

const textJobInput = z.object({ id: z.coerce.number().int().positive() });

export const translationContract = {
  'translation.settings': endpoint({
    method: 'GET',
    path: '/api/v1/translation/settings',
    access: 'read',
    input: z.object({}),
    output: returns<TranslationSettings>(),
  }),
  'translation.saveSettings': endpoint({
    method: 'POST',
    path: '/api/v1/translation/settings',
    access: 'manage',
    input: z.object({
      providers: z.array(providerInput).max(6),
      target: z
        .string()
        .trim()
        .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'an ISO 639-1 code such as en')
        .optional(),
    }),
    output: returns<TranslationSettings>(),
  }),
  'translation.translate': endpoint({
    method: 'POST',
    path: '/api/v1/translation',
    access: 'vocabulary',
    input: z.object({
      language_id: z.coerce.number().int().positive(),
      text: z.string().trim().min(1).max(5000),
    }),
    output: returns<SentenceTranslation>(),
  }),
  /** A word's translation as used in its sentence: a suggestion for the word panel, cached like sentences, never saved as the term's. */
  'translation.translateWord': endpoint({
    method: 'POST',
    path: '/api/v1/translation/word',
    access: 'vocabulary',
    input: z.object({
      language_id: z.coerce.number().int().positive(),
      word: z.string().trim().min(1).max(200),
      sentence: z.string().trim().max(5000).optional(),
    }),
    output: returns<SentenceTranslation>(),
  }),
  'translation.translateText': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/translation',
    access: 'vocabulary',
    input: z.object({
      id: z.coerce.number().int().positive(),
      /** SeOrder to start at (the `next` of the slice before); 0 or absent: the start. */
      from: z.coerce.number().int().min(0).optional(),
      max: z.coerce.number().int().min(1).max(20).optional(),
    }),
    output: returns<TextTranslationProgress>(),
  }),
  'translation.textJob': endpoint({
    method: 'GET',
    path: '/api/v1/texts/:id/translation/job',
    access: 'read',
    input: textJobInput,
    output: returns<TextTranslationJob>(),
  }),
  /** Starts the text's job (a running one is left running; a failed one is replaced). */
  'translation.startTextJob': endpoint({
    method: 'POST',
    path: '/api/v1/texts/:id/translation/job',
    access: 'manage',
    input: textJobInput,
    output: returns<TextTranslationJob>(),
  }),
  /** Stops it: what was translated stays kept. */
  'translation.stopTextJob': endpoint({
    method: 'DELETE',
    path: '/api/v1/texts/:id/translation/job',
    access: 'manage',
    input: textJobInput,
    output: returns<TextTranslationJob>(),
  }),
  /** The kept answers, newest first; `q` finds a piece of the sentence, the word or the translation. */
  'translation.cacheList': endpoint({
    method: 'GET',
    path: '/api/v1/translation/cache',
    access: 'read',
    input: z.object({
      q: z.string().trim().max(200).optional(),
      page: z.coerce.number().int().min(1).max(100_000).optional(),
      per_page: z.coerce.number().int().min(1).max(100).optional(),
    }),
    output: returns<KeptTranslationPage>(),
  }),
  /** Forgets one kept answer (the next ask goes to the service again). */
  'translation.forgetCached': endpoint({
    method: 'DELETE',
    path: '/api/v1/translation/cache/:id',
    access: 'manage',
    input: z.object({ id: z.coerce.number().int().positive() }),
    output: returns<{ deleted: number }>(),
  }),
  'translation.clearCache': endpoint({
    method: 'DELETE',
    path: '/api/v1/translation/cache',
    access: 'manage',
    input: z.object({}),
    output: returns<{ deleted: number }>(),
  }),
};
