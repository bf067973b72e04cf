// Runs in: main. Client of the NLP microservice (NLP_SERVICE_URL) for lemmatization.
//
// The service is configured by the administrator, not supplied by users, so requests go straight to it with
// plain fetch (no SSRF guard). Every request carries a deadline (config.nlpTimeoutMs): models load lazily on
// the service, so the first answer for a language may be slow, but nothing ever waits forever.
//
// Protocol (the spec shows only /lemmatize/available; the rest is ours, see docs/vocabulary.md):
//   GET  /lemmatize/available          → {"languages": ["de", "en", …]}   (a bare array is accepted too)
//   POST /lemmatize {language, words}  → {"lemmas": {"word": "lemma", …}} (words it cannot lemmatize are left out)
import type { Config } from '../core/config';
import type { ErrorText } from '../../src-shared/contract/errors';
import { messageText, msg } from '../../src-shared/contract/messages';

/** The languages the NLP microservice can load models for (SPEC Lemmatization rule 5). */
export const NLP_LANGUAGES = [
  'ca',
  'da',
  'de',
  'el',
  'en',
  'es',
  'fi',
  'fr',
  'hr',
  'it',
  'ja',
  'ko',
  'lt',
  'mk',
  'nb',
  'nl',
  'pl',
  'pt',
  'ro',
  'ru',
  'sl',
  'sv',
  'uk',
  'zh',
] as const;

export const isNlpLanguage = (iso: string): boolean => (NLP_LANGUAGES as readonly string[]).includes(iso);

/** Words per request: keeps each request well under any body limit and each answer quick. */
export const NLP_BATCH_SIZE = 500;

export class NlpError extends Error {
  /** The message with its code where a person reads it (a timeout), else the plain text. */
  readonly text: ErrorText;

  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'bad_response',
    message: ErrorText,
  ) {
    super(typeof message === 'string' ? message : messageText(message));
    this.name = 'NlpError';
    this.text = message;
  }
}

type NlpConfig = Pick<Config, 'nlpServiceUrl' | 'nlpTimeoutMs'>;

async function nlpRequest(config: NlpConfig, path: string, init: RequestInit = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(config.nlpServiceUrl + path, { ...init, signal: AbortSignal.timeout(config.nlpTimeoutMs) });
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new NlpError('timeout', msg('nlp.timeout', { ms: String(config.nlpTimeoutMs) }));
    throw new NlpError('unreachable', `The NLP service at ${config.nlpServiceUrl} is not reachable`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new NlpError('timeout', msg('nlp.timeout', { ms: String(config.nlpTimeoutMs) }));
    throw new NlpError('bad_response', `The NLP service answered ${path} with something other than JSON`);
  }
  if (!res.ok) throw new NlpError('bad_response', msg('nlp.httpStatus', { path, status: String(res.status) }));
  return body;
}

/** Installed language models (ISO codes), as the service reports them. */
export async function nlpAvailableLanguages(config: NlpConfig): Promise<string[]> {
  const body = await nlpRequest(config, '/lemmatize/available');
  const list = Array.isArray(body) ? body : (body as { languages?: unknown })?.languages;
  if (!Array.isArray(list)) throw new NlpError('bad_response', 'The NLP service sent no language list');
  return list.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase());
}

/**
 * Lemmatizes words (any number; sent in batches). Returns lowercased word → lemma for the words the
 * service knew. A failure of any batch throws: callers keep what they had and try again later.
 */
export async function nlpLemmatize(config: NlpConfig, language: string, words: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const unique = [...new Set(words.map((w) => w.trim()).filter(Boolean))];
  for (let i = 0; i < unique.length; i += NLP_BATCH_SIZE) {
    const batch = unique.slice(i, i + NLP_BATCH_SIZE);
    const body = await nlpRequest(config, '/lemmatize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ language, words: batch }),
    });
    const lemmas = (body as { lemmas?: unknown })?.lemmas;
    if (typeof lemmas !== 'object' || lemmas === null || Array.isArray(lemmas)) throw new NlpError('bad_response', 'The NLP service sent no lemmas object');
    for (const [word, lemma] of Object.entries(lemmas)) {
      if (typeof lemma === 'string' && lemma.trim()) out.set(word.toLowerCase(), lemma.trim());
    }
  }
  return out;
}

/** One word; null when the service does not know it. */
export async function nlpLemmatizeWord(config: NlpConfig, language: string, word: string): Promise<string | null> {
  return (await nlpLemmatize(config, language, [word])).get(word.trim().toLowerCase()) ?? null;
}
