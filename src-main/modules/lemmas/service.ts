// Runs in: main. Lemmatization (SPEC Lemmatization rules): the local strategy (the language's lemma file, then
// the automatic sources of sources.ts) synchronously, the NLP strategy in the background, word families and
// lemma coverage. This module never imports the terms module: terms asks it through this service.
//
// createTerm never waits: it takes the local lemma at once and hands terms still without one to
// `scheduleLemmas` (deferred.ts), which fills them once the language's automatic table is built and, for nlp and
// hybrid languages, asks the NLP service after the write has committed (never over a manual lemma, never over
// one filled meanwhile).
import { slicer, SLICE_MS, yieldToEventLoop } from '../../core/slices';
import { badRequest } from '../../../src-shared/contract/errors';
import type { LanguageDto } from '../../../src-shared/contract/languages';
import type { FillSummary, LemmaCoverage, LemmaStatus, WordFamilyPage } from '../../../src-shared/contract/lemmas';
import { lookupLemma, type LemmaDictionary } from '../../../src-shared/import/lemma-tsv';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { transact } from '../../db/sql';
import { NlpError, nlpLemmatize } from '../../net/nlp-client';
import { findLanguage, getLanguage } from '../languages';
import { activeLemmaFile, dataRelative, isoForFile, loadLemmaDictionary } from './dictionary';
import { familySummary } from './families';
import * as repo from './repo';
import { recomputeReport } from './rules';
import { japaneseLemma } from './japanese';
import { koreanLemma } from './korean';
import { autoLemmatizerState, autoSourceInfo, UNINFLECTED, whenAutoReady } from './sources';
import { autoFillAllowed } from '../../../src-shared/lemmas/quality';
import { msg } from '../../../src-shared/contract/messages';

export type LemmatizingLanguage = Pick<LanguageDto, 'LgID' | 'LgIsoCode' | 'LgLemmatizerType'>;

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
 * The automatic source's lookup for an ISO code: Japanese base forms, Korean stems, identity for uninflected scripts, or
 * the Hunspell lemmatizer when built (null while it builds: the build starts here on first use).
 * `trustedOnly`: null for a language whose measured lemmas miss the bar (src-shared/lemmas/quality.ts): those
 * are offered as an "unsure" suggestion in the word panel, never filled into a term or shown as a family.
 */
function automaticLookup(ctx: HandlerContext, iso: string, trustedOnly: boolean, folded = false): LemmaLookup | null {
  if (!iso) return null;
  if (trustedOnly && !autoFillAllowed(iso)) return null;
  if (UNINFLECTED.has(iso)) return (w) => w.trim() || null;
  if (iso === 'ja') return japaneseLemma;
  if (iso === 'ko') return koreanLemma;
  const s = autoLemmatizerState(ctx.services.dataDir, iso);
  if (s.state !== 'ready') return null;
  return folded ? (s.lemmatizer.lemmaOfFolded ?? s.lemmatizer.lemma) : s.lemmatizer.lemma;
}

/**
 * The local lemmatizer of a language per its strategy: for dictionary and hybrid, its lemma file first
 * (it wins), then the automatic sources. Null for none and nlp. Bulk callers fetch it once and reuse it.
 */
export function lemmaLookupFor(ctx: HandlerContext, language: LemmatizingLanguage): LemmaLookup | null {
  if (language.LgLemmatizerType !== 'dictionary' && language.LgLemmatizerType !== 'hybrid') return null;
  return composeLookup(ctx, language, true);
}

function composeLookup(ctx: HandlerContext, language: LemmatizingLanguage, trustedOnly: boolean, folded = false): LemmaLookup | null {
  const file = loadLemmaDictionary(ctx.services, language.LgIsoCode, lemmaListOwner(ctx));
  const auto = automaticLookup(ctx, isoForFile(language.LgIsoCode), trustedOnly, folded);
  if (!file && !auto) return null;
  return (word) => (file ? lookupLemma(file, word) : null) ?? (auto ? auto(word) : null);
}

/** Is the language's automatic table still being built (its lookups answer null until then)? */
export function autoBuilding(ctx: HandlerContext, language: LemmatizingLanguage): boolean {
  if (language.LgLemmatizerType !== 'dictionary' && language.LgLemmatizerType !== 'hybrid') return false;
  return autoLemmatizerState(ctx.services.dataDir, isoForFile(language.LgIsoCode)).state === 'building';
}

/** May the language's automatic lemmas fill its terms (its measured quality clears the bar)? */
const trustedAuto = (language: LemmatizingLanguage): boolean => autoFillAllowed(isoForFile(language.LgIsoCode));

/** Does the language fill its terms from its automatic table (a local strategy, and lemmas that clear the bar)? */
export const fillsFromTable = (language: LemmatizingLanguage): boolean =>
  (language.LgLemmatizerType === 'dictionary' || language.LgLemmatizerType === 'hybrid') && trustedAuto(language);

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
 * The local lemmas of many words of one language, folded to lowercase (the sources are looked up, a file stat,
 * once), for the reader's "family known" marks and book coverage: an unsure language's automatic lemmas are left
 * out, as a mark would tell the learner a family that may be false.
 */
export function localLemmaLookup(ctx: HandlerContext, language: LemmatizingLanguage): LemmaLookup | null {
  return language.LgLemmatizerType === 'none' ? null : composeLookup(ctx, language, true, true);
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
    recompute: iso ? recomputeReport(ctx, languageId, iso, fillsFromTable(language)) : null,
  };
}

/** NLP lemmas for terms of the language still without one. Throws NlpError when the service fails. */
export async function nlpFill(ctx: HandlerContext, languageId: number, onlyIds?: readonly number[]): Promise<number> {
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
 * and looks up at most per slice of the event loop (core/slices.ts; an unknown word tries every affix rule of the
 * language: ~0.25 ms), one transaction each.
 */
const FILL_BATCH = 500;

/**
 * Local lemmas for the language's terms that have none (after a new lemma file, a built table, or on request),
 * with a turn of the event loop at least every slice of lookups and between batches of ids: a fill after a
 * 100,000-term move held every request for 1.4 s as one block, then 470 ms reading its ids at once (issue 34).
 * Returns the filled count; `summary` also counts what is left and the conflicts. `settle`: `onlyIds` are waiting in
 * lemma_pending, and leave it batch by batch once looked up.
 */
export async function dictionaryFill(ctx: HandlerContext, language: LemmatizingLanguage, onlyIds?: readonly number[], settle = false): Promise<number> {
  return (await fillLocal(ctx, language, onlyIds, settle)).filled;
}

async function fillLocal(
  ctx: HandlerContext,
  language: LemmatizingLanguage,
  onlyIds?: readonly number[],
  settle = false,
): Promise<{ filled: number; leftEmpty: number }> {
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
    const slices = slicer(SLICE_MS, () => ctx.sqlite.open);
    for (let i = 0; lookup && i < todo.length;) {
      if (i > 0 && !(await slices.yield(true))) return { filled, leftEmpty: lacking - filled };
      const found: { id: number; lemma: string }[] = [];
      for (const from = i; i < todo.length && i - from < FILL_BATCH && (i === from || !slices.spent()); i++) {
        const lemma = lookup(todo[i].WoText);
        if (lemma) found.push({ id: todo[i].WoID, lemma });
      }
      filled += applyAutoLemmas(ctx, found);
    }
    // Looked up, found or not: a later start does not ask again for a word no source knows.
    if (settle && ids) repo.removePending(ctx.sqlite, ids);
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
  if (fillsFromTable(language)) await whenAutoReady(ctx.services.dataDir, isoForFile(language.LgIsoCode));
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
