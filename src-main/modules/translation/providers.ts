// Runs in: main. The three kinds of provider, each asked in its own API's words (docs/translation.md), and their
// failures said as coded errors a learner reads: unreachable, timeout, key refused (401/403), quota (429/456),
// an answer that is not a translation. Nothing here reads the database.
import { AppError, badRequest } from '../../../src-shared/contract/errors';
import { type Message, msg } from '../../../src-shared/contract/messages';
import { DEFAULT_TRANSLATION_PROMPT, WORD_IN_SENTENCE_PROMPT, type TranslationProviderKind } from '../../../src-shared/contract/translation';
import type { OutboundAllowance } from '../../core/services';
import { postJson, ProviderError, type ProviderAnswer } from '../../net/provider-client';

export const TRANSLATION_TIMEOUT_MS = 20_000;

export interface ProviderConfig {
  kind: TranslationProviderKind;
  url: string;
  model: string;
  prompt: string;
  key: string;
}

export interface Request {
  text: string;
  /** Set when `text` is one word (or a multi-word term) to translate as used in this sentence ('' = no sentence). */
  sentence?: string;
  /** ISO 639-1, '' when unknown. */
  source: string;
  /** The language's own name, for a prompt. */
  sourceName: string;
  target: string;
  guarded: boolean;
  allowance: OutboundAllowance | null;
  timeoutMs: number;
}

const DEEPL_FREE = 'https://api-free.deepl.com';
const DEEPL_PRO = 'https://api.deepl.com';

/** DeepL's free keys end in ":fx" and work only on the free endpoint (and pro keys only on the pro one). */
export const deeplBase = (p: ProviderConfig): string => p.url || (p.key.endsWith(':fx') ? DEEPL_FREE : DEEPL_PRO);

const joinPath = (base: string, path: string) => `${base.replace(/\/+$/, '')}${path}`;

/** How a provider is named in a message: its product, or for a chat server its address (the learner's word for it). */
export function providerLabel(p: ProviderConfig): string {
  if (p.kind === 'libretranslate') return 'LibreTranslate';
  if (p.kind === 'deepl') return 'DeepL';
  try {
    return new URL(p.url).host;
  } catch {
    return 'OpenAI-compatible server';
  }
}

const englishName = (iso: string): string => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(iso) ?? iso;
  } catch {
    return iso;
  }
};

/** DeepL names target languages in capitals and wants a variant for English and Portuguese. */
function deeplTarget(iso: string): string {
  const upper = iso.toUpperCase();
  if (upper === 'EN') return 'EN-US';
  if (upper === 'PT') return 'PT-BR';
  return upper;
}

function fillPrompt(template: string, r: Request): string {
  const values: Record<string, string> = { source: r.sourceName || englishName(r.source), target: englishName(r.target), text: r.text };
  if (r.sentence !== undefined)
    return WORD_IN_SENTENCE_PROMPT.replace(/\{(source|target|word|sentence)\}/g, (_, k: string) =>
      k === 'word' ? r.text : k === 'sentence' ? r.sentence || r.text : values[k],
    );
  return (template.trim() || DEFAULT_TRANSLATION_PROMPT).replace(/\{(source|target|text)\}/g, (_, k: string) => values[k]);
}

function checkConfig(p: ProviderConfig): void {
  const provider = providerLabel(p);
  if ((p.kind === 'libretranslate' || p.kind === 'openai') && !p.url) throw badRequest(msg('translation.needsUrl', { provider }));
  if (p.kind === 'deepl' && !p.key) throw badRequest(msg('translation.needsKey', { provider }));
  if (p.kind === 'openai' && !p.model) throw badRequest(msg('translation.needsModel'));
}

async function ask(p: ProviderConfig, r: Request, path: string, body: unknown, headers: Record<string, string>): Promise<ProviderAnswer> {
  const base = p.kind === 'deepl' ? deeplBase(p) : p.url;
  const provider = providerLabel(p);
  try {
    return await postJson({ url: joinPath(base, path), guarded: r.guarded, allowance: r.allowance, timeoutMs: r.timeoutMs, headers }, body);
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    if (err.kind === 'timeout') throw new AppError(504, msg('translation.timeout', { provider, seconds: String(Math.max(1, Math.round(r.timeoutMs / 1000))) }));
    if (err.kind === 'blocked') throw badRequest(msg('translation.blocked', { url: err.origin }));
    if (err.kind === 'bad_url') throw badRequest(msg('translation.needsUrl', { provider }));
    if (err.kind === 'too_large') throw new AppError(502, msg('translation.badAnswer', { provider, status: '200' }));
    throw new AppError(503, msg('translation.unreachable', { provider, url: err.origin }));
  }
}

/** A non-2xx answer in the provider's terms: 401/403 a refused key, 429 (and DeepL's 456) a used-up quota. */
function refusal(p: ProviderConfig, status: number): AppError {
  const provider = providerLabel(p);
  let message: Message = msg('translation.badAnswer', { provider, status: String(status) });
  if (status === 401 || status === 403) message = msg('translation.keyRefused', { provider });
  else if (status === 429 || status === 456) message = msg('translation.quota', { provider });
  return new AppError(502, message);
}

const get = (v: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>((o, k) => (o !== null && typeof o === 'object' ? (o as Record<string | number, unknown>)[k] : undefined), v);

/** Asks one provider for one sentence's (or one word's) translation; LibreTranslate has no context: a word is
 * translated alone. Throws a coded AppError on any failure. */
export async function translateWith(p: ProviderConfig, r: Request): Promise<string> {
  checkConfig(p);
  let answer: ProviderAnswer;
  let text: unknown;
  if (p.kind === 'libretranslate') {
    answer = await ask(
      p,
      r,
      '/translate',
      { q: r.text, source: r.source || 'auto', target: r.target, format: 'text', ...(p.key ? { api_key: p.key } : {}) },
      {},
    );
    text = get(answer.json, 'translatedText');
  } else if (p.kind === 'deepl') {
    // A word in its sentence: DeepL's `context` (read, not translated, not billed) tells which sense is meant.
    const body = {
      text: [r.text],
      target_lang: deeplTarget(r.target),
      ...(r.source ? { source_lang: r.source.toUpperCase() } : {}),
      ...(r.sentence ? { context: r.sentence } : {}),
    };
    answer = await ask(p, r, '/v2/translate', body, { authorization: `DeepL-Auth-Key ${p.key}` });
    text = get(answer.json, 'translations', 0, 'text');
  } else {
    const body = { model: p.model, temperature: 0, stream: false, messages: [{ role: 'user', content: fillPrompt(p.prompt, r) }] };
    answer = await ask(p, r, '/chat/completions', body, p.key ? { authorization: `Bearer ${p.key}` } : {});
    text = get(answer.json, 'choices', 0, 'message', 'content');
    // A word's answer is one short line: a model that explains first puts the translation last.
    if (r.sentence !== undefined && typeof text === 'string') text = text.trim().split('\n').pop();
  }
  if (answer.status < 200 || answer.status >= 300) throw refusal(p, answer.status);
  if (typeof text !== 'string' || !text.trim())
    throw new AppError(502, msg('translation.badAnswer', { provider: providerLabel(p), status: String(answer.status) }));
  return text.trim();
}
