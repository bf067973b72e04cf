// Runs in: main. Sentence translation's rules: the learner's providers (settings translationProviders and
// translationTarget; their keys in translationKeys, which no read sends back), the cache asked first (so the second
// time is instant and offline), then each provider in order until one answers. A word in its sentence goes the same
// way (translateWord).
import { badRequest, type AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import {
  TRANSLATION_PROVIDERS,
  type ProviderInput,
  type ProviderView,
  type SentenceTranslation,
  type TranslationProviderKind,
  type TranslationSettings,
  type KeptTranslationPage,
} from '../../../src-shared/contract/translation';
import type { HandlerContext } from '../../core/context';
import { transact } from '../../db/sql';
import { getLanguage } from '../languages';
import { getSetting, saveSetting } from '../settings';
import { TRANSLATION_TIMEOUT_MS, translateWith, type ProviderConfig } from './providers';
import * as repo from './repo';

type StoredProvider = Omit<ProviderConfig, 'key'>;
type Keys = Partial<Record<TranslationProviderKind, string>>;

const isKind = (v: unknown): v is TranslationProviderKind => (TRANSLATION_PROVIDERS as readonly unknown[]).includes(v);

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

function storedProviders(ctx: HandlerContext): StoredProvider[] {
  const list = parseJson(getSetting(ctx, 'translationProviders'));
  if (!Array.isArray(list)) return [];
  return list
    .filter((p): p is Record<string, unknown> => typeof p === 'object' && p !== null && isKind((p as { kind?: unknown }).kind))
    .map((p) => ({ kind: p.kind as TranslationProviderKind, url: String(p.url ?? ''), model: String(p.model ?? ''), prompt: String(p.prompt ?? '') }));
}

function storedKeys(ctx: HandlerContext): Keys {
  const keys = parseJson(getSetting(ctx, 'translationKeys'));
  if (typeof keys !== 'object' || keys === null) return {};
  return Object.fromEntries(Object.entries(keys).filter(([k, v]) => isKind(k) && typeof v === 'string' && v !== '')) as Keys;
}

const targetOf = (ctx: HandlerContext) => getSetting(ctx, 'translationTarget').trim() || 'en';

export function translationSettings(ctx: HandlerContext): TranslationSettings {
  const keys = storedKeys(ctx);
  const providers: ProviderView[] = storedProviders(ctx).map((p) => ({ ...p, key: keys[p.kind] ? 'set' : 'not set' }));
  return { providers, target: targetOf(ctx), cached: repo.countAnswers(ctx.sqlite, ctx.user) };
}

/** Saves the providers in the order given (one of each kind); a key absent keeps the stored one, '' removes it. */
export function saveTranslationSettings(ctx: HandlerContext, input: { providers: ProviderInput[]; target?: string }): TranslationSettings {
  const keys = storedKeys(ctx);
  const seen = new Set<TranslationProviderKind>();
  const providers: StoredProvider[] = [];
  for (const p of input.providers) {
    if (seen.has(p.kind)) continue;
    seen.add(p.kind);
    providers.push({ kind: p.kind, url: (p.url ?? '').replace(/\/+$/, ''), model: p.model ?? '', prompt: p.prompt ?? '' });
    if (p.key !== undefined) {
      if (p.key === '') delete keys[p.kind];
      else keys[p.kind] = p.key;
    }
  }
  transact(ctx, () => {
    saveSetting(ctx, 'translationProviders', JSON.stringify(providers));
    saveSetting(ctx, 'translationKeys', JSON.stringify(keys));
    if (input.target) saveSetting(ctx, 'translationTarget', input.target);
  });
  return translationSettings(ctx);
}

/** One sentence's translation: from the cache when any provider answered it before, else from the first provider that answers. */
export function translateSentence(ctx: HandlerContext, input: { language_id: number; text: string }): Promise<SentenceTranslation> {
  const text = input.text.replace(/\s+/g, ' ').trim();
  return translateCached(ctx, input.language_id, text, { text });
}

/**
 * A word's translation as used in its sentence (the word panel's suggestion): cached like sentences, under a key
 * that holds both (the same word means other things in other sentences), never stored as the term's translation.
 */
export function translateWord(ctx: HandlerContext, input: { language_id: number; word: string; sentence?: string }): Promise<SentenceTranslation> {
  const word = input.word.replace(/\s+/g, ' ').trim();
  const sentence = (input.sentence ?? '').replace(/\s+/g, ' ').trim();
  return translateCached(ctx, input.language_id, wordCacheKey(word, sentence), { text: word, sentence });
}

/** Separates a word's cache key's parts (an invisible separator: no sentence of a text starts with it). */
const WORD_MARK = '\u2063';

/** The cache's text for a word in a sentence: no sentence of a text can look like it (it starts with a NUL-free marker). */
export const wordCacheKey = (word: string, sentence: string) => `${WORD_MARK}word${WORD_MARK}${word}${WORD_MARK}${sentence}`;

async function translateCached(ctx: HandlerContext, languageId: number, key: string, ask: { text: string; sentence?: string }): Promise<SentenceTranslation> {
  const language = getLanguage(ctx, languageId);
  const source = language.LgIsoCode.trim().toLowerCase();
  const target = targetOf(ctx);
  const providers = storedProviders(ctx);
  const cached = cachedTranslation(ctx, providers, key, source, target);
  if (cached) return cached;
  if (providers.length === 0) throw badRequest(msg('translation.noProvider'), { web_url: language.LgGoogleTranslateURI });
  const keys = storedKeys(ctx);
  let first: unknown = null;
  for (const p of providers) {
    try {
      const translation = await translateWith(
        { ...p, key: keys[p.kind] ?? '' },
        {
          ...ask,
          source,
          sourceName: language.LgName,
          target,
          guarded: ctx.config.multiUserEnabled,
          allowance: ctx.services.outboundAllowance,
          timeoutMs: ctx.services.outboundTimeoutMs ?? TRANSLATION_TIMEOUT_MS,
        },
      );
      transact(ctx, () => repo.storeAnswer(ctx.sqlite, ctx.user, { text: key, source, target, provider: p.kind, translation, created: ctx.clock.now() }));
      return { translation, provider: p.kind, cached: false };
    } catch (err) {
      // The first provider's failure is the one said if none answers (it is the one the learner put first).
      first ??= err;
    }
  }
  throw first as AppError;
}

/** The cached answer of the earliest provider in the learner's order, else any cached answer (a provider since removed). */
function cachedTranslation(ctx: HandlerContext, providers: StoredProvider[], text: string, source: string, target: string): SentenceTranslation | null {
  const rows = repo.cachedAnswers(ctx.sqlite, ctx.user, text, source, target);
  if (rows.length === 0) return null;
  const rank = (kind: string) => {
    const i = providers.findIndex((p) => p.kind === kind);
    return i < 0 ? providers.length : i;
  };
  const best = rows.reduce((a, b) => (rank(b.TrProvider) < rank(a.TrProvider) ? b : a));
  return { translation: best.TrTranslation, provider: best.TrProvider as TranslationProviderKind, cached: true };
}

/** The language pair a language's sentences are translated in, and whether any service is set. */
export function translationPair(ctx: HandlerContext, languageId: number): { source: string; target: string; providers: number; webUrl: string } {
  const language = getLanguage(ctx, languageId);
  return {
    source: language.LgIsoCode.trim().toLowerCase(),
    target: targetOf(ctx),
    providers: storedProviders(ctx).length,
    webUrl: language.LgGoogleTranslateURI,
  };
}

/** The kept answers as Settings lists them (a word's key split back into its word and sentence). */
export function keptTranslations(ctx: HandlerContext, input: { q?: string; page?: number; per_page?: number }): KeptTranslationPage {
  const page = input.page ?? 1;
  const perPage = input.per_page ?? 50;
  const like = input.q ? `%${input.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const { rows, total } = repo.listAnswers(ctx.sqlite, ctx.user, like, perPage, (page - 1) * perPage);
  const items = rows.map((r) => {
    const word = r.TrText.startsWith(`${WORD_MARK}word${WORD_MARK}`) ? r.TrText.split(WORD_MARK) : null;
    return {
      id: r.TrID,
      text: word ? word.slice(3).join(WORD_MARK) : r.TrText,
      word: word ? word[2] : null,
      source: r.TrSource,
      target: r.TrTarget,
      provider: r.TrProvider,
      translation: r.TrTranslation,
      created: r.TrCreated,
    };
  });
  return { items, total, page, per_page: perPage };
}

export function forgetKeptTranslation(ctx: HandlerContext, id: number): { deleted: number } {
  return { deleted: transact(ctx, () => repo.deleteAnswer(ctx.sqlite, ctx.user, id)) };
}

export function clearTranslationCache(ctx: HandlerContext): { deleted: number } {
  return { deleted: transact(ctx, () => repo.clearAnswers(ctx.sqlite, ctx.user)) };
}
