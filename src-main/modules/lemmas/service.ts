// Runs in: main. Lemmatization (SPEC Lemmatization rules): the local strategy (the language's lemma file, then
// the automatic sources of sources.ts) synchronously, the NLP strategy in the background, word families and
// lemma coverage. This module never imports the terms module: terms asks it through this service.
//
// createTerm never waits: it takes the local lemma at once and hands terms still without one to
// `scheduleLemmas`, which fills them once the language's automatic table is built and, for nlp and hybrid
// languages, asks the NLP service after the write has committed (never over a manual lemma, never over
// one filled meanwhile).
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { badRequest } from '../../../src-shared/contract/errors';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import type { FillSummary, LemmaCoverage, LemmaStatus, WordFamilyPage } from '../../../src-shared/contract/lemmas';
import { lookupLemma, type LemmaDictionary } from '../../../src-shared/import/lemma-tsv';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { cacheSlot } from '../../core/services';
import { transact } from '../../db/sql';
import { NlpError, nlpLemmatize } from '../../net/nlp-client';
import { findLanguage, getLanguage } from '../languages';
import { activeLemmaFile, dataRelative, isoForFile, loadLemmaDictionary } from './dictionary';
import { familySummary } from './families';
import * as repo from './repo';
import { japaneseLemma } from './japanese';
import { autoLemmatizerState, autoSourceInfo, UNINFLECTED, whenAutoReady } from './sources';
import { autoFillAllowed } from '../../../src-shared/lemmas/quality';
import { msg } from '../../../src-shared/contract/messages';

type LemmatizingLanguage = Pick<LanguageDto, 'LgID' | 'LgIsoCode' | 'LgLemmatizerType'>;

/**
 * Whose lemma lists a caller reads and writes: in multi-user mode a learner's import is their own list (read before
 * the shared one); the shared lists are an administrator's. Null = the shared lists.
 */
export function lemmaListOwner(ctx: Pick<HandlerContext, 'config' | 'user'>): number | null {
  return ctx.config.multiUserEnabled && ctx.user.role !== 'admin' ? ctx.user.id : null;
}

/** A word → lemma function for one language (lowercase or not; null = unknown). */
export type LemmaLookup = (word: string) => string | null;

/** The lemma file of a language whose strategy reads one (dictionary, hybrid), else null. */
export function strategyDictionary(ctx: HandlerContext, language: LemmatizingLanguage): LemmaDictionary | null {
  if (language.LgLemmatizerType !== 'dictionary' && language.LgLemmatizerType !== 'hybrid') return null;
  return loadLemmaDictionary(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
}

export const usesNlp = (language: LemmatizingLanguage): boolean => language.LgLemmatizerType === 'nlp' || language.LgLemmatizerType === 'hybrid';

/**
 * The automatic source's lookup for an ISO code: Japanese base forms, identity for uninflected scripts, or
 * the Hunspell lemmatizer when built (null while it builds: the build starts here on first use).
 * `trustedOnly`: null for a language whose measured lemmas miss the bar (src-shared/lemmas/quality.ts): those
 * are offered as an "unsure" suggestion in the word panel, never filled into a term or shown as a family.
 */
function automaticLookup(ctx: HandlerContext, iso: string, trustedOnly: boolean): LemmaLookup | null {
  if (!iso) return null;
  if (trustedOnly && !autoFillAllowed(iso)) return null;
  if (UNINFLECTED.has(iso)) return (w) => w.trim() || null;
  if (iso === 'ja') return japaneseLemma;
  const s = autoLemmatizerState(ctx.services.dataDir, iso);
  return s.state === 'ready' ? s.lemmatizer.lemma : null;
}

/**
 * The local lemmatizer of a language per its strategy: for dictionary and hybrid, its lemma file first
 * (it wins), then the automatic sources. Null for none and nlp. Bulk callers fetch it once and reuse it.
 */
export function lemmaLookupFor(ctx: HandlerContext, language: LemmatizingLanguage): LemmaLookup | null {
  if (language.LgLemmatizerType !== 'dictionary' && language.LgLemmatizerType !== 'hybrid') return null;
  return composeLookup(ctx, language, true);
}

function composeLookup(ctx: HandlerContext, language: LemmatizingLanguage, trustedOnly: boolean): LemmaLookup | null {
  const file = loadLemmaDictionary(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
  const auto = automaticLookup(ctx, isoForFile(language.LgIsoCode), trustedOnly);
  if (!file && !auto) return null;
  return (word) => (file ? lookupLemma(file, word) : null) ?? (auto ? auto(word) : null);
}

/** Is the language's automatic table still being built (its lookups answer null until then)? */
function autoBuilding(ctx: HandlerContext, language: LemmatizingLanguage): boolean {
  if (language.LgLemmatizerType !== 'dictionary' && language.LgLemmatizerType !== 'hybrid') return false;
  return autoLemmatizerState(ctx.services.dataDir, isoForFile(language.LgIsoCode)).state === 'building';
}

/** May the language's automatic lemmas fill its terms (its measured quality clears the bar)? */
const trustedAuto = (language: LemmatizingLanguage): boolean => autoFillAllowed(isoForFile(language.LgIsoCode));

/**
 * The lemma of a word from local sources only: no network, ever. Null for a missing or foreign language,
 * a none-type language, or an unknown word. Used for unsaved terms in similar-terms suggestions (SPEC
 * Similar-terms rule 2) and by other modules.
 */
export function lemmatizeLocal(ctx: HandlerContext, languageId: number, word: string): string | null {
  const language = findLanguage(ctx, languageId);
  return language ? lemmatizeLocalFor(ctx, language, word) : null;
}

/** lemmatizeLocal for a language the caller already holds (the file and automatic sources, whatever the strategy but none). */
export function lemmatizeLocalFor(ctx: HandlerContext, language: LemmatizingLanguage, word: string): string | null {
  if (language.LgLemmatizerType === 'none') return null;
  return composeLookup(ctx, language, false)?.(word) ?? null;
}

/**
 * The local lemmas of many words of one language (the sources are looked up, a file stat, once), for the
 * reader's "family known" marks: an unsure language's automatic lemmas are left out, as a mark would tell the
 * learner a family that may be false.
 */
export function localLemmaLookup(ctx: HandlerContext, language: LemmatizingLanguage): LemmaLookup | null {
  return language.LgLemmatizerType === 'none' ? null : composeLookup(ctx, language, true);
}

/** GET /api/v1/lemmas/suggest: the local lemma of a word, optionally waiting for the automatic table. */
export async function suggestLemma(ctx: HandlerContext, languageId: number, word: string, wait: boolean) {
  const language = getLanguage(ctx, languageId);
  const iso = isoForFile(language.LgIsoCode);
  if (language.LgLemmatizerType === 'none') return { word, lemma: null, source: null, building: false, unsure: false };
  if (wait && iso) await whenAutoReady(ctx.services.dataDir, iso);
  const file = loadLemmaDictionary(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
  const fromFile = file ? lookupLemma(file, word) : null;
  if (fromFile) return { word, lemma: fromFile, source: 'file' as const, building: false, unsure: false };
  const auto = automaticLookup(ctx, iso, false);
  const lemma = auto ? auto(word) : null;
  return {
    word,
    lemma,
    source: lemma ? ('automatic' as const) : null,
    building: autoBuilding(ctx, language),
    // The learner's own list is theirs to trust; an automatic lemma is sure only where it was measured so.
    unsure: lemma !== null && !trustedAuto(language),
  };
}

/** GET /api/v1/lemmas/status. */
export function lemmaStatus(ctx: HandlerContext, languageId: number): LemmaStatus {
  const language = getLanguage(ctx, languageId);
  const iso = isoForFile(language.LgIsoCode);
  const path = activeLemmaFile(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
  const dict = loadLemmaDictionary(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
  const automatic = iso && language.LgLemmatizerType !== 'none' ? autoSourceInfo(ctx.services.dataDir, iso) : null;
  const local = language.LgLemmatizerType === 'dictionary' || language.LgLemmatizerType === 'hybrid';
  return {
    language_id: languageId,
    lemmatizer: language.LgLemmatizerType,
    active: !local ? 'none' : dict ? 'file' : automatic ? 'automatic' : 'none',
    file: path && dict ? { file: dataRelative(ctx.services.dataDir, path), entries: dict.size } : null,
    automatic,
  };
}

/**
 * Lemmas for terms saved without one: after the automatic table is built (dictionary, hybrid) and, for
 * nlp and hybrid, from the NLP service in the background.
 */
export function scheduleLemmas(ctx: HandlerContext, language: LemmatizingLanguage, termIds: readonly number[]): void {
  if (termIds.length === 0) return;
  if (trustedAuto(language) && autoBuilding(ctx, language)) {
    const waiting = waitingSlot.get(ctx.services) ?? waitingSlot.set(ctx.services, new Map());
    const queued = waiting.get(language.LgID);
    if (queued) {
      for (const id of termIds) queued.push(id);
      return;
    }
    const ids = [...termIds];
    waiting.set(language.LgID, ids);
    const pending = whenAutoReady(ctx.services.dataDir, isoForFile(language.LgIsoCode)).then(async () => {
      waiting.delete(language.LgID);
      if (!ctx.sqlite.open) return;
      await dictionaryFill(ctx, language, ids);
      if (usesNlp(language)) scheduleNlpLemmas(ctx, language.LgID, ids);
    });
    trackPending(ctx, pending);
    return;
  }
  if (usesNlp(language)) scheduleNlpLemmas(ctx, language.LgID, termIds);
}

/**
 * Terms waiting for their language's table, by language: every slice of an import saved meanwhile joins one fill.
 * A fill each (a move of 100,000 terms schedules one per slice) all began in the same turn once the table was
 * ready, and held the loop 350 ms between them.
 */
const waitingSlot = cacheSlot<Map<number, number[]>>('lemmas.waiting');

/** This core's automatic-lemma fills still running (lemmaWorkIdle waits for them). */
const pendingSlot = cacheSlot<Set<Promise<void>>>('lemmas.pending');

function trackPending(ctx: HandlerContext, p: Promise<void>): void {
  const set = pendingSlot.get(ctx.services) ?? pendingSlot.set(ctx.services, new Set());
  const done = p.catch((err: unknown) => ctx.log.warn(`Automatic lemmas not filled: ${(err as Error).message}`)).finally(() => set.delete(done));
  set.add(done);
}

/** Resolves when no automatic or NLP lemma work is pending (tests and benches wait on it). */
export async function lemmaWorkIdle(ctx: HandlerContext): Promise<void> {
  const set = pendingSlot.get(ctx.services);
  while (set && set.size) await Promise.all([...set]);
  await nlpPassIdle(ctx);
}

// ---- Background NLP pass ----------------------------------------------------------------------------

interface NlpQueue {
  /** languageId → term ids waiting for an NLP lemma, with the context that asked (its user). */
  waiting: Map<number, { ctx: HandlerContext; ids: Set<number> }>;
  running: Promise<void> | null;
}

const queueSlot = cacheSlot<NlpQueue>('lemmas.nlpQueue');

function queueOf(ctx: HandlerContext): NlpQueue {
  return queueSlot.get(ctx.services) ?? queueSlot.set(ctx.services, { waiting: new Map(), running: null });
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
  const language = findLanguage(ctx, languageId);
  if (!language || !usesNlp(language)) return 0;
  const iso = isoForFile(language.LgIsoCode);
  if (!iso) return 0;
  const todo = repo.termsWithoutLemma(ctx.sqlite, ctx.user, languageId, onlyIds);
  if (todo.length === 0) return 0;
  const lemmas = await nlpLemmatize(
    ctx.config,
    iso,
    todo.map((t) => t.WoText),
  );
  if (!ctx.sqlite.open) return 0;
  const found = todo.flatMap((t) => {
    const lemma = lemmas.get(t.WoText.trim().toLowerCase());
    return lemma ? [{ id: t.WoID, lemma }] : [];
  });
  return applyAutoLemmas(ctx, found);
}

/**
 * Hands automatic lemmas to the terms module (lemmas.found, in one transaction) and returns how many terms it
 * filled: those still without a lemma before and with one after.
 */
function applyAutoLemmas(ctx: HandlerContext, lemmas: readonly { id: number; lemma: string }[]): number {
  if (lemmas.length === 0) return 0;
  const ids = lemmas.map((l) => l.id);
  return transact(ctx, () => {
    const lacking = new Set(repo.idsWithoutLemma(ctx.sqlite, ctx.user, ids));
    if (lacking.size === 0) return 0;
    emit(ctx, 'lemmas.found', { lemmas: lemmas.filter((l) => lacking.has(l.id)) });
    return lacking.size - repo.idsWithoutLemma(ctx.sqlite, ctx.user, [...lacking]).length;
  });
}

/**
 * Terms a fill pass reads per query (the terms an import just created, up to 100,000, are read a batch at a time)
 * and looks up per turn of the event loop, one transaction each...
 */
const FILL_BATCH = 500;
/** ...for at most this long (an unknown word tries every affix rule of the language: ~0.25 ms). */
const TURN_MS = 8;

/**
 * Local lemmas for the language's terms that have none (after a new lemma file, a built table, or on request),
 * with a turn of the event loop at least every TURN_MS of lookups and between batches of ids: a fill after a
 * 100,000-term move held every request for 1.4 s as one block, then 470 ms reading its ids at once (issue 34).
 * Returns the filled count; `summary` also counts what is left and the conflicts.
 */
export async function dictionaryFill(ctx: HandlerContext, language: LemmatizingLanguage, onlyIds?: readonly number[]): Promise<number> {
  return (await fillLocal(ctx, language, onlyIds)).filled;
}

async function fillLocal(ctx: HandlerContext, language: LemmatizingLanguage, onlyIds?: readonly number[]): Promise<{ filled: number; leftEmpty: number }> {
  const lookup = lemmaLookupFor(ctx, language);
  const batches: (readonly number[] | undefined)[] = [];
  if (!onlyIds) batches.push(undefined);
  else for (let start = 0; start < onlyIds.length; start += FILL_BATCH) batches.push(onlyIds.slice(start, start + FILL_BATCH));
  let filled = 0;
  let lacking = 0;
  for (const ids of batches) {
    // A turn first, also before the first batch: a fill that waited for its table starts in the turn that finished
    // the table's index (the promise chain), and would add its first batch to it.
    await yieldToEventLoop();
    // A restore or shutdown meanwhile closed this connection: what is left is filled at the next occasion.
    if (!ctx.sqlite.open) break;
    const todo = repo.termsWithoutLemma(ctx.sqlite, ctx.user, language.LgID, ids);
    lacking += todo.length;
    if (!lookup) continue;
    for (let i = 0; i < todo.length;) {
      if (i > 0) await yieldToEventLoop();
      if (!ctx.sqlite.open) return { filled, leftEmpty: lacking - filled };
      const found: { id: number; lemma: string }[] = [];
      const turnEnds = performance.now() + TURN_MS;
      for (const from = i; i < todo.length && i - from < FILL_BATCH && (i === from || performance.now() < turnEnds); i++) {
        const lemma = lookup(todo[i].WoText);
        if (lemma) found.push({ id: todo[i].WoID, lemma });
      }
      filled += applyAutoLemmas(ctx, found);
    }
  }
  return { filled, leftEmpty: lacking - filled };
}

/** Manual lemmas that differ from what the local sources say (they stay: SPEC rule 3). */
function findConflicts(ctx: HandlerContext, language: LemmatizingLanguage): { count: number; examples: FillSummary['conflict_examples'] } {
  const lookup = lemmaLookupFor(ctx, language);
  if (!lookup) return { count: 0, examples: [] };
  let count = 0;
  const examples: FillSummary['conflict_examples'] = [];
  for (const t of repo.manualLemmas(ctx.sqlite, ctx.user, language.LgID)) {
    const auto = lookup(t.WoText);
    if (auto && auto.toLowerCase() !== t.WoLemmaLC) {
      count++;
      if (examples.length < 20) examples.push({ WoID: t.WoID, WoText: t.WoText, manual: t.WoLemma, automatic: auto });
    }
  }
  return { count, examples };
}

/**
 * POST /api/v1/lemmas/fill: local sources first (waiting for the automatic table if it is being built),
 * then NLP for what is left (per the language's strategy).
 */
export async function fillLemmas(ctx: HandlerContext, languageId: number): Promise<FillSummary> {
  const language = getLanguage(ctx, languageId);
  // An unsure language's table fills nothing: no need to wait for it to be built.
  if ((language.LgLemmatizerType === 'dictionary' || language.LgLemmatizerType === 'hybrid') && trustedAuto(language))
    await whenAutoReady(ctx.services.dataDir, isoForFile(language.LgIsoCode));
  const local = await fillLocal(ctx, language);
  let filled = local.filled;
  let nlp: FillSummary['nlp'] = 'unused';
  if (usesNlp(language)) {
    try {
      filled += await nlpFill(ctx, languageId);
      nlp = 'ok';
    } catch (err) {
      if (!(err instanceof NlpError)) throw err;
      nlp = 'unavailable';
    }
  }
  const conflicts = findConflicts(ctx, language);
  const leftEmpty = repo.termsWithoutLemma(ctx.sqlite, ctx.user, languageId).length;
  return { success: true, updated: filled, filled, left_empty: leftEmpty, conflicts: conflicts.count, conflict_examples: conflicts.examples, nlp };
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
  const members = repo.familyMembers(
    ctx.sqlite,
    ctx.user,
    languageId,
    rows.map((r) => r.lemma_lc),
  );
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
  const file = activeLemmaFile(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
  const dict = loadLemmaDictionary(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
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
  if (!iso) throw badRequest(msg('language.noIsoCode', { name: language.LgName }));
  return iso;
}
