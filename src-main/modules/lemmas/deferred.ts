// Runs in: main. Automatic lemmas a save could not give at once: the language's table is still being built, or the
// NLP service is asked in the background. The ids wait in lemma_pending (written in the save's transaction), the
// per-term record of what is owed, until their lookup has run, found or not; the save's transaction also writes a
// 'lemmas.fill' job for the language (core/jobs.ts), and the core's runner fills them after the commit. Both are in
// the library's file, so a close or crash loses none: the job runs at the next start (and resumePendingLemmas, the
// module's start job, writes one for ids a run before the jobs table left pending) (docs/vocabulary.md).
import type { HandlerContext } from '../../core/context';
import { enqueueJob, type JobHandler } from '../../core/jobs';
import { transact } from '../../db/sql';
import type { BackgroundJob, JobHost } from '../../registry';
import { findLanguage } from '../languages';
import { isoForFile } from './dictionary';
import * as repo from './repo';
import { autoBuilding, dictionaryFill, fillsFromTable, nlpFill, usesNlp, type LemmatizingLanguage } from './service';
import { whenAutoReady } from './sources';

/**
 * Lemmas for terms saved without one: after the automatic table is built (dictionary, hybrid) and, for
 * nlp and hybrid, from the NLP service in the background. Called inside the save's transaction: the ids it defers
 * and their job are written with the terms (a save whose language needs neither writes nothing more). Every save
 * of a language made while its job waits joins that job.
 */
export function scheduleLemmas(ctx: HandlerContext, language: LemmatizingLanguage, termIds: readonly number[]): void {
  if (termIds.length === 0) return;
  const table = fillsFromTable(language) && autoBuilding(ctx, language);
  if (!table && !usesNlp(language)) return;
  repo.addPending(ctx.sqlite, termIds);
  enqueueJob(ctx, 'lemmas.fill', { languageId: language.LgID });
}

/**
 * The job: the language's pending terms of the job's owner, looked up once the table is ready (read after the wait,
 * so every term saved meanwhile goes in one fill), then (or else) asked of the NLP service. A failure of the service
 * leaves them pending and the job is retried; a language that no longer fills automatically lets them go.
 */
export const fillLemmasJob: JobHandler<'lemmas.fill'> = {
  async run(ctx, { languageId }) {
    const language = findLanguage(ctx, languageId);
    if (!language) return;
    const table = fillsFromTable(language);
    const nlp = usesNlp(language);
    if (!table && !nlp) return repo.removePending(ctx.sqlite, repo.pendingIds(ctx.sqlite, ctx.user, languageId));
    if (table) {
      await whenAutoReady(ctx.services.dataDir, isoForFile(language.LgIsoCode));
      // Closed or swapped meanwhile (a restore, a shutdown): the ids stay pending in their own file.
      if (!ctx.job.current()) return;
      const ids = repo.pendingIds(ctx.sqlite, ctx.user, languageId);
      // A hybrid language's terms wait on for the NLP service: they leave lemma_pending when it has answered.
      if (ids.length) await dictionaryFill(ctx, language, ids, !nlp);
    }
    if (!nlp || !ctx.job.current()) return;
    const ids = repo.pendingIds(ctx.sqlite, ctx.user, languageId);
    if (ids.length === 0) return;
    await nlpFill(ctx, languageId, ids);
    if (ctx.job.current()) repo.removePending(ctx.sqlite, ids);
  },
  merge: (waiting, next) => (waiting.languageId === next.languageId ? waiting : null),
};

/** Resolves when no automatic or NLP lemma work is running or due (tests and benches wait on it). */
export async function lemmaWorkIdle(ctx: Pick<HandlerContext, 'services'>): Promise<void> {
  await ctx.services.jobs?.idle('lemmas.fill');
}

// ---- At start ---------------------------------------------------------------------------------------

/**
 * The lemmas module's start job: terms left in lemma_pending (by a run before the jobs table, or whose job gave up)
 * get a 'lemmas.fill' job per language and owner, which joins one still waiting. One query over lemma_pending; a
 * language with nothing pending starts nothing, not even its table. Running while lemma fills run or wait.
 */
export function resumePendingLemmas(host: JobHost): BackgroundJob {
  const probe = host.context();
  let any = false;
  transact(probe, () => {
    for (const { languageId, owner } of repo.pendingLanguages(probe.sqlite)) {
      const ctx = owner === null ? probe : host.context({ id: owner, username: 'lemmas', role: 'user' });
      enqueueJob(ctx, 'lemmas.fill', { languageId });
      any = true;
    }
  });
  let stopped = false;
  return {
    running: () => any && !stopped && (probe.services.jobs?.has('lemmas.fill') ?? false),
    // The fills are the runner's: it stops them with the core.
    stop() {
      stopped = true;
    },
  };
}
