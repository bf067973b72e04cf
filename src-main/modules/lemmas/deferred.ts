// Runs in: main. Automatic lemmas a save could not give at once: the language's table is still being built, or the
// NLP service is asked in the background. The ids wait in lemma_pending (written in the save's transaction) until
// their lookup has run, found or not, so a close or crash meanwhile loses none: the next start picks them up
// (resumePendingLemmas, the module's start job) and fills them once the table is ready (docs/vocabulary.md).
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import type { BackgroundJob, JobHost } from '../../registry';
import { findLanguage } from '../languages';
import { isoForFile } from './dictionary';
import * as repo from './repo';
import { autoBuilding, dictionaryFill, fillsFromTable, nlpFill, usesNlp, type LemmatizingLanguage } from './service';
import { whenAutoReady } from './sources';

/**
 * Lemmas for terms saved without one: after the automatic table is built (dictionary, hybrid) and, for
 * nlp and hybrid, from the NLP service in the background. Called inside the save's transaction: the ids it defers
 * are recorded with the terms (a save whose language needs neither writes nothing more).
 */
export function scheduleLemmas(ctx: HandlerContext, language: LemmatizingLanguage, termIds: readonly number[]): void {
  if (termIds.length === 0) return;
  const table = fillsFromTable(language) && autoBuilding(ctx, language);
  if (!table && !usesNlp(language)) return;
  repo.addPending(ctx.sqlite, termIds);
  lookUpLater(ctx, language, termIds, table);
}

/** Looks the ids up once the table is ready (`table`), then (or else) asks the NLP service; resolves when done. */
function lookUpLater(ctx: HandlerContext, language: LemmatizingLanguage, ids: readonly number[], table: boolean): Promise<void> {
  return table ? fillWhenReady(ctx, language, ids) : scheduleNlpLemmas(ctx, language.LgID, ids);
}

/**
 * Terms waiting for their language's table, by language: every slice of an import saved meanwhile joins one fill.
 * A fill each (a move of 100,000 terms schedules one per slice) all began in the same turn once the table was
 * ready, and held the loop 350 ms between them.
 */
const waitingSlot = cacheSlot<Map<number, { ids: number[]; done: Promise<void> }>>('lemmas.waiting');

function fillWhenReady(ctx: HandlerContext, language: LemmatizingLanguage, termIds: readonly number[]): Promise<void> {
  const waiting = waitingSlot.get(ctx.services) ?? waitingSlot.set(ctx.services, new Map());
  const queued = waiting.get(language.LgID);
  if (queued) {
    for (const id of termIds) queued.ids.push(id);
    return queued.done;
  }
  const ids = [...termIds];
  const filled = whenAutoReady(ctx.services.dataDir, isoForFile(language.LgIsoCode)).then(async () => {
    waiting.delete(language.LgID);
    // Closed meanwhile (a restore, a shutdown): the ids stay pending for the next start.
    if (!ctx.sqlite.open) return;
    // A hybrid language's terms wait on for the NLP service: they leave lemma_pending when it has answered.
    await dictionaryFill(ctx, language, ids, !usesNlp(language));
    if (usesNlp(language) && ctx.sqlite.open) await scheduleNlpLemmas(ctx, language.LgID, ids);
  });
  const done = trackPending(ctx, filled);
  waiting.set(language.LgID, { ids, done });
  return done;
}

/** This core's automatic-lemma fills still running (lemmaWorkIdle waits for them). */
const pendingSlot = cacheSlot<Set<Promise<void>>>('lemmas.pending');

function trackPending(ctx: HandlerContext, p: Promise<void>): Promise<void> {
  const set = pendingSlot.get(ctx.services) ?? pendingSlot.set(ctx.services, new Set());
  const done = p.catch((err: unknown) => ctx.log.warn(`Automatic lemmas not filled: ${(err as Error).message}`)).finally(() => set.delete(done));
  set.add(done);
  return done;
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

/** Asks the NLP service for these terms' lemmas once the current transaction is over; resolves when the pass ends. */
function scheduleNlpLemmas(ctx: HandlerContext, languageId: number, termIds: readonly number[]): Promise<void> {
  const q = queueOf(ctx);
  const entry = q.waiting.get(languageId) ?? { ctx, ids: new Set<number>() };
  for (const id of termIds) entry.ids.add(id);
  q.waiting.set(languageId, entry);
  q.running ??= new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => drainNlpQueue(q))
    .finally(() => {
      q.running = null;
    });
  return q.running;
}

async function drainNlpQueue(q: NlpQueue): Promise<void> {
  while (q.waiting.size > 0) {
    const [languageId, { ctx, ids }] = q.waiting.entries().next().value as [number, { ctx: HandlerContext; ids: Set<number> }];
    q.waiting.delete(languageId);
    try {
      await nlpFill(ctx, languageId, [...ids]);
      if (ctx.sqlite.open) repo.removePending(ctx.sqlite, [...ids]);
    } catch (err) {
      // The terms keep no lemma and stay pending: the next start asks again, "Fill lemmas" (POST /api/v1/lemmas/fill) now.
      ctx.log.warn(`NLP lemmas for language ${languageId} not filled: ${(err as Error).message}`);
    }
  }
}

/** Resolves when the background NLP pass has nothing left to do (tests and benches wait on it). */
async function nlpPassIdle(ctx: HandlerContext): Promise<void> {
  const q = queueOf(ctx);
  while (q.running) await q.running;
}

// ---- At start ---------------------------------------------------------------------------------------

/**
 * The lemmas module's start job: the terms a previous run deferred and never looked up (it was closed, or crashed,
 * before their table was ready or the NLP service answered) are looked up as their save would have had them, each
 * as its owner. One query over lemma_pending; a language with nothing pending starts nothing, not even its table.
 */
export function resumePendingLemmas(host: JobHost): BackgroundJob {
  const probe = host.context();
  const work: Promise<void>[] = [];
  for (const { languageId, owner } of repo.pendingLanguages(probe.sqlite)) {
    const ctx = owner === null ? probe : host.context({ id: owner, username: 'lemmas', role: 'user' });
    const language = findLanguage(ctx, languageId);
    if (!language) continue;
    const ids = repo.pendingIds(ctx.sqlite, ctx.user, languageId);
    // Table built or not: the previous run never looked these up with it.
    if (fillsFromTable(language) || usesNlp(language)) work.push(lookUpLater(ctx, language, ids, fillsFromTable(language)));
    // The language no longer fills automatically (its strategy changed): nothing will look them up.
    else repo.removePending(ctx.sqlite, ids);
  }
  let busy = work.length > 0;
  let stopped = false;
  if (busy)
    void Promise.all(work).finally(() => {
      busy = false;
    });
  return {
    running: () => busy && !stopped,
    // The fills end by themselves once the connection closes (what is left waits for the next start).
    stop() {
      stopped = true;
    },
  };
}
