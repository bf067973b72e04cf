// Runs in: main. Lemmatization (SPEC Lemmatization rules): the dictionary strategy synchronously, the NLP
// strategy in the background, word families and lemma coverage.
//
// createTerm never waits on the network: it takes the dictionary lemma at once and hands terms still
// without one to `scheduleNlpLemmas`, which asks the NLP service after the write has committed and fills
// the lemma in later (never over a manual lemma, never over one filled meanwhile).
import { badRequest } from '../../../src-shared/contract/errors';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import type { LemmaCoverage, WordFamilyPage } from '../../../src-shared/contract/lemmas';
import { lookupLemma, type LemmaDictionary } from '../../../src-shared/import/lemma-tsv';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { NlpError, nlpLemmatize } from '../../net/nlp-client';
import { findOwnedLanguage } from '../languages/repo';
import { getLanguage } from '../languages/service';
import * as termsRepo from '../terms/repo';
import { isoForFile, lemmaFilePath, loadLemmaDictionary } from './dictionary';
import { familySummary } from './families';
import * as repo from './repo';

type LemmatizingLanguage = Pick<LanguageDto, 'LgID' | 'LgIsoCode' | 'LgLemmatizerType'>;

/** The dictionary of a language whose strategy reads one (dictionary, hybrid), else null. */
export function strategyDictionary(ctx: HandlerContext, language: LemmatizingLanguage): LemmaDictionary | null {
  if (language.LgLemmatizerType !== 'dictionary' && language.LgLemmatizerType !== 'hybrid') return null;
  return loadLemmaDictionary(ctx.services, language.LgIsoCode);
}

export const usesNlp = (language: LemmatizingLanguage): boolean => language.LgLemmatizerType === 'nlp' || language.LgLemmatizerType === 'hybrid';

/**
 * The lemma of a word from the language's local lemma dictionary only: no network, ever. Null for a
 * missing or foreign language, a none-type language, a language without a file, or an unknown word.
 * Used for unsaved terms in similar-terms suggestions (SPEC Similar-terms rule 2) and by other modules.
 */
export function lemmatizeLocal(ctx: HandlerContext, languageId: number, word: string): string | null {
  const language = findOwnedLanguage(ctx.db, ctx.user, languageId);
  return language ? lemmatizeLocalFor(ctx, language, word) : null;
}

/** lemmatizeLocal for a language the caller already holds. */
export function lemmatizeLocalFor(ctx: HandlerContext, language: LemmatizingLanguage, word: string): string | null {
  if (language.LgLemmatizerType === 'none') return null;
  const dict = loadLemmaDictionary(ctx.services, language.LgIsoCode);
  return dict ? lookupLemma(dict, word) : null;
}

// ---- Background NLP pass ----------------------------------------------------------------------------

interface NlpQueue {
  /** languageId → term ids waiting for an NLP lemma, with the context that asked (its user). */
  waiting: Map<number, { ctx: HandlerContext; ids: Set<number> }>;
  running: Promise<void> | null;
}

const QUEUE_KEY = 'lemmas:nlp-queue';

function queueOf(ctx: HandlerContext): NlpQueue {
  let q = ctx.services.cache.get(QUEUE_KEY) as NlpQueue | undefined;
  if (!q) {
    q = { waiting: new Map(), running: null };
    ctx.services.cache.set(QUEUE_KEY, q);
  }
  return q;
}

/** Asks the NLP service for these terms' lemmas once the current transaction is over. */
export function scheduleNlpLemmas(ctx: HandlerContext, languageId: number, termIds: readonly number[]): void {
  if (termIds.length === 0) return;
  const q = queueOf(ctx);
  const entry = q.waiting.get(languageId) ?? { ctx, ids: new Set<number>() };
  for (const id of termIds) entry.ids.add(id);
  q.waiting.set(languageId, entry);
  if (!q.running) {
    q.running = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => drainNlpQueue(q))
      .finally(() => {
        q.running = null;
      });
  }
}

async function drainNlpQueue(q: NlpQueue): Promise<void> {
  while (q.waiting.size > 0) {
    const [languageId, { ctx, ids }] = q.waiting.entries().next().value as [number, { ctx: HandlerContext; ids: Set<number> }];
    q.waiting.delete(languageId);
    try {
      await nlpFill(ctx, languageId, [...ids]);
    } catch (err) {
      // The terms keep no lemma; "Fill lemmas" (POST /api/v1/lemmas/fill) retries later.
      ctx.log.warn(`NLP lemmas for language ${languageId} not filled: ${(err as Error).message}`);
    }
  }
}

/** Resolves when the background NLP pass has nothing left to do (tests and benches wait on it). */
export async function nlpPassIdle(ctx: HandlerContext): Promise<void> {
  const q = queueOf(ctx);
  while (q.running) await q.running;
}

/** NLP lemmas for terms of the language still without one. Throws NlpError when the service fails. */
async function nlpFill(ctx: HandlerContext, languageId: number, onlyIds?: readonly number[]): Promise<number> {
  const language = findOwnedLanguage(ctx.db, ctx.user, languageId);
  if (!language || !usesNlp(language)) return 0;
  const iso = isoForFile(language.LgIsoCode);
  if (!iso) return 0;
  const todo = repo.termsWithoutLemma(ctx.sqlite, ctx.user, languageId, onlyIds);
  if (todo.length === 0) return 0;
  const lemmas = await nlpLemmatize(ctx.config, iso, todo.map((t) => t.WoText));
  if (!ctx.sqlite.open) return 0;
  const found = todo.flatMap((t) => {
    const lemma = lemmas.get(t.WoText.trim().toLowerCase());
    return lemma ? [{ id: t.WoID, lemma }] : [];
  });
  return applyAutoLemmas(ctx, found);
}

/** Writes automatic lemmas in one transaction and tells the other modules. */
function applyAutoLemmas(ctx: HandlerContext, lemmas: readonly { id: number; lemma: string }[]): number {
  if (lemmas.length === 0) return 0;
  return ctx.sqlite.transaction(() => {
    const changed = repo.setAutoLemmas(ctx.sqlite, ctx.user, lemmas, ctx.clock.now());
    if (changed.length) emit(ctx, 'terms.changed', { kind: 'updated', terms: termsRepo.termRefs(ctx.sqlite, ctx.user, changed) });
    return changed.length;
  })();
}

/** Dictionary lemmas for the language's terms that have none (after a new lemma file, or on request). */
export function dictionaryFill(ctx: HandlerContext, language: LemmatizingLanguage): number {
  const dict = strategyDictionary(ctx, language);
  if (!dict) return 0;
  const found = repo.termsWithoutLemma(ctx.sqlite, ctx.user, language.LgID).flatMap((t) => {
    const lemma = lookupLemma(dict, t.WoText);
    return lemma ? [{ id: t.WoID, lemma }] : [];
  });
  return applyAutoLemmas(ctx, found);
}

/** POST /api/v1/lemmas/fill: dictionary first, then NLP for what is left (per the language's strategy). */
export async function fillLemmas(ctx: HandlerContext, languageId: number): Promise<{ success: true; updated: number; nlp: 'ok' | 'unused' | 'unavailable' }> {
  const language = getLanguage(ctx, languageId);
  let updated = dictionaryFill(ctx, language);
  if (!usesNlp(language)) return { success: true, updated, nlp: 'unused' };
  try {
    updated += await nlpFill(ctx, languageId);
    return { success: true, updated, nlp: 'ok' };
  } catch (err) {
    if (err instanceof NlpError) return { success: true, updated, nlp: 'unavailable' };
    throw err;
  }
}

// ---- Word families ----------------------------------------------------------------------------------

export function listFamilies(ctx: HandlerContext, languageId: number, opts: { q?: string; minSize?: number; page?: number; perPage?: number }): WordFamilyPage {
  getLanguage(ctx, languageId);
  const perPage = opts.perPage ?? 50;
  const page = opts.page ?? 1;
  const q = opts.q?.trim().toLowerCase();
  const minSize = opts.minSize ?? 1;
  const all = familySummary(ctx, languageId);
  const matching = q || minSize > 1 ? all.filter((f) => f.count >= minSize && (!q || f.lemma_lc.includes(q))) : all;
  const total = matching.length;
  const rows = matching.slice((page - 1) * perPage, page * perPage);
  const members = repo.familyMembers(ctx.sqlite, ctx.user, languageId, rows.map((r) => r.lemma_lc));
  return {
    families: rows.map((r) => ({ ...r, members: members.get(r.lemma_lc) ?? [] })),
    total,
    page,
    per_page: perPage,
    pages: Math.max(1, Math.ceil(total / perPage)),
  };
}

export function familyTermIds(ctx: HandlerContext, languageId: number, lemmaLC: string): number[] {
  getLanguage(ctx, languageId);
  return repo.familyTermIds(ctx.sqlite, ctx.user, languageId, lemmaLC.trim().toLowerCase());
}

export function coverage(ctx: HandlerContext, languageId: number): LemmaCoverage {
  const language = getLanguage(ctx, languageId);
  const c = repo.coverage(ctx.sqlite, ctx.user, languageId);
  const file = lemmaFilePath(ctx.services, language.LgIsoCode);
  const dict = loadLemmaDictionary(ctx.services, language.LgIsoCode);
  return {
    language_id: languageId,
    lemmatizer: language.LgLemmatizerType,
    total_terms: c.total,
    with_lemma: c.with_lemma,
    without_lemma: c.total - c.with_lemma,
    manual_lemmas: c.manual ?? 0,
    automatic_lemmas: c.auto ?? 0,
    coverage_percent: c.total ? Math.round((c.with_lemma / c.total) * 1000) / 10 : 0,
    families: c.families,
    shared_families: repo.sharedFamilies(ctx.sqlite, ctx.user, languageId),
    dictionary: file && dict ? { file, entries: dict.size } : null,
  };
}

export function requireIso(language: LanguageDto): string {
  const iso = isoForFile(language.LgIsoCode);
  if (!iso) throw badRequest(`Language "${language.LgName}" has no ISO 639-1 code; set one to name its lemma file`);
  return iso;
}
