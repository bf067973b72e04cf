// Runs in: main. Recomputing automatic lemmas after a lemma rule changed (issue 47): a language's terms filled
// earlier by an older table or analyser get the lemma the current rules give; manual lemmas are never touched,
// nor an automatic one changed meanwhile (the terms module writes only when the lemma is still the one read).
//
// Started only by a stale state: the start reads lemma_rules (one row per language, written by the first automatic
// lemma's write, rules.ts) and queues a 'lemmas.recompute' job for a language whose recorded version differs from
// its rules' now; nothing stale, nothing written (a plain start leaves the library as it was). The job walks the
// library's term ids in windows (`recomputeAutoLemmasSlice`, one transaction each, its cursor in lemma_rules so a
// restart goes on where it stopped), a time slice a turn, and records the new version at the end.
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { enqueueJob, type JobHandler } from '../../core/jobs';
import { transact } from '../../db/sql';
import type { BackgroundJob, JobHost } from '../../registry';
import { findLanguage } from '../languages';
import { isoForFile } from './dictionary';
import * as repo from './repo';
import { lemmaRulesVersion } from './rules';
import { fillsFromTable, lemmaLookupFor, type LemmaLookup } from './service';
import { whenAutoReady } from './sources';

export interface RecomputeProgress {
  /** Pass back as `afterId` for the next slice. */
  afterId: number;
  /** Automatic lemmas looked at in this slice. */
  examined: number;
  /** Of those, replaced by a different lemma. */
  changed: number;
  /** No term after `afterId` is left (up to `untilId`). */
  done: boolean;
}

/** Term ids a slice walks at most: bounded reads however sparse the language's automatic lemmas are. */
export const RECOMPUTE_WINDOW = 2_000;

export interface RecomputeSliceOptions {
  /** The last term id to look at (default: the library's last now). */
  untilId?: number;
  window?: number;
  /** The slice's time is up: stop after the current term (at least one is done). */
  spent?: () => boolean;
  /** The first slice of a recompute: its count of replaced lemmas starts again from 0. */
  restart?: boolean;
}

/**
 * One slice of the recompute of a language's automatic lemmas with `lookup` (the language's current local
 * lookup: lemmaLookupFor): the terms with ids in (afterId, afterId + window], stopped early when `spent`. A word the
 * lookup no longer knows keeps its lemma (a missing answer is not a better one). Where it stopped and how many it
 * replaced go to the language's lemma_rules row in the same transaction.
 */
export function recomputeAutoLemmasSlice(
  ctx: HandlerContext,
  languageId: number,
  lookup: LemmaLookup,
  afterId = 0,
  options: RecomputeSliceOptions = {},
): RecomputeProgress {
  const untilId = options.untilId ?? repo.lastTermId(ctx.sqlite);
  const windowEnd = Math.min(untilId, afterId + (options.window ?? RECOMPUTE_WINDOW));
  return transact(ctx, () => {
    const rows = repo.autoLemmaWindow(ctx.sqlite, ctx.user, languageId, afterId, windowEnd);
    const replaced: { id: number; lemma: string; previous: string }[] = [];
    let cursor = windowEnd;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i];
      const lemma = lookup(row.WoText);
      if (lemma && lemma !== row.WoLemma) replaced.push({ id: row.WoID, lemma, previous: row.WoLemma });
      if (i < rows.length - 1 && options.spent?.()) {
        cursor = row.WoID;
        rows.length = i + 1;
      }
    }
    if (replaced.length) emit(ctx, 'lemmas.replaced', { lemmas: replaced });
    repo.advanceRules(ctx.sqlite, languageId, cursor, replaced.length, options.restart ?? false);
    return { afterId: cursor, examined: rows.length, changed: replaced.length, done: cursor >= untilId };
  });
}

/**
 * The job: the language's automatic lemmas, recomputed from where the last run stopped, once its table is ready.
 * Idempotent: a language already at the current version (a job run twice) does nothing.
 */
export const recomputeLemmasJob: JobHandler<'lemmas.recompute'> = {
  async run(ctx, { languageId }) {
    const language = findLanguage(ctx, languageId);
    if (!language || !fillsFromTable(language)) return;
    const iso = isoForFile(language.LgIsoCode);
    await whenAutoReady(ctx.services.dataDir, iso);
    if (!ctx.job.current()) return;
    const version = lemmaRulesVersion(iso);
    const rules = repo.rulesOf(ctx.sqlite, languageId);
    const lookup = lemmaLookupFor(ctx, language);
    if (!rules || rules.LrVersion === version || !lookup) return;
    const untilId = repo.lastTermId(ctx.sqlite);
    let afterId = rules.LrCursor;
    let restart = afterId === 0;
    for (;;) {
      const step = recomputeAutoLemmasSlice(ctx, languageId, lookup, afterId, { untilId, spent: ctx.job.slices.spent, restart });
      afterId = step.afterId;
      restart = false;
      if (step.done) break;
      // Stopped (a restore, a close): the cursor is in the file; the job runs on at the next start.
      if (!(await ctx.job.slices.yield())) return;
    }
    transact(ctx, () => repo.finishRules(ctx.sqlite, languageId, version, ctx.clock.now()));
  },
  merge: (waiting, next) => (waiting.languageId === next.languageId ? waiting : null),
};

/**
 * Part of the lemmas module's start: reads lemma_rules (one row per language that has automatic lemmas) and queues
 * the recompute for each language whose rules changed since. Writes nothing when nothing is stale; a job still
 * waiting for the language absorbs the new one (merge).
 */
export function startStaleRecomputes(host: JobHost): BackgroundJob {
  const probe = host.context();
  const stale: { languageId: number; ctx: HandlerContext }[] = [];
  for (const { languageId, version, owner } of repo.allRules(probe.sqlite)) {
    const ctx = owner === null ? probe : host.context({ id: owner, username: 'lemmas', role: 'user' });
    const language = findLanguage(ctx, languageId);
    if (language && fillsFromTable(language) && version !== lemmaRulesVersion(isoForFile(language.LgIsoCode))) stale.push({ languageId, ctx });
  }
  if (stale.length) transact(probe, () => stale.forEach(({ ctx, languageId }) => enqueueJob(ctx, 'lemmas.recompute', { languageId })));
  let stopped = false;
  return {
    running: () => stale.length > 0 && !stopped && (probe.services.jobs?.has('lemmas.recompute') ?? false),
    stop() {
      stopped = true;
    },
  };
}
