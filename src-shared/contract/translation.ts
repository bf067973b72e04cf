// Runs in: any process. Sentence translation (docs/translation.md): the learner's providers, in order, and the cache
// of their answers. Keys go in and never come out: the settings read says only whether each is set.
import { z } from 'zod';
import { endpoint, returns } from './endpoint';

export const TRANSLATION_PROVIDERS = ['libretranslate', 'deepl', 'openai'] as const;
export type TranslationProviderKind = (typeof TRANSLATION_PROVIDERS)[number];

/** The prompt an OpenAI-compatible model gets unless the learner writes another; {source}, {target}, {text} are filled. */
export const DEFAULT_TRANSLATION_PROMPT = 'Translate this sentence from {source} into {target}. Answer with the translation only, nothing else.\n\n{text}';

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
  'translation.clearCache': endpoint({
    method: 'DELETE',
    path: '/api/v1/translation/cache',
    access: 'manage',
    input: z.object({}),
    output: returns<{ deleted: number }>(),
  }),
};
