// Runs in: main. "Translate all sentences" of a text as a durable job (issue 49; docs/translation.md): the start
// writes a jobs row in its transaction, the core's runner runs it after the commit (and again after a crash or a
// close: cached sentences cost no request, so a second run only finishes the first), a few sentences a slice with
// the event loop given a turn between slices, and it ends at the next slice once the learner stops it (its row
// deleted). Progress is counted from the cache, not kept anywhere: what is translated is what the library holds.
import { AppError, badRequest } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { TextTranslationJob } from '../../../src-shared/contract/translation';
import type { HandlerContext } from '../../core/context';
import { cancelJobs, enqueueJob, jobCancelled, jobError, ownJobs, type JobHandler } from '../../core/jobs';
import { yieldToEventLoop } from '../../core/slices';
import { transact } from '../../db/sql';
import { getTextRow, sentenceTexts } from '../texts';
import * as repo from './repo';
import { translationPair } from './service';
import { translateTextSlice } from './text-slice';

/**
 * Sentences a slice of the job: one, so a stop is seen after the request under way (a provider may take seconds);
 * a cached sentence costs a few indexed reads, so a text already kept runs through quickly all the same.
 */
const JOB_SLICE = 1;

export const translateTextJob: JobHandler<'translation.translateText'> = {
  // A refused key or a quota does not mend itself in seconds: the failure is said, and the learner starts again.
  attempts: 1,
  async run(ctx, { textId }) {
    let from: number | null = 0;
    while (from !== null) {
      if (jobCancelled(ctx)) return;
      try {
        from = (await translateTextSlice(ctx, { id: textId, from, max: JOB_SLICE })).next;
      } catch (err) {
        // The text was deleted meanwhile: nothing left to do.
        if (err instanceof AppError && err.status === 404) return;
        throw err;
      }
      await yieldToEventLoop();
    }
  },
};

const jobsOf = (ctx: HandlerContext, textId: number) => ownJobs(ctx, 'translation.translateText').filter((j) => j.payload.textId === textId);

/** The text's job and how many of its sentences are kept translated. */
export function textTranslationJob(ctx: HandlerContext, id: number): TextTranslationJob {
  const row = getTextRow(ctx, id);
  const job = jobsOf(ctx, row.TxID).at(-1);
  const pair = translationPair(ctx, row.TxLgID);
  const ids = repo.textSentenceSlice(ctx.sqlite, ctx.user, row.TxID, 0, Number.MAX_SAFE_INTEGER).map((s) => s.SeID);
  const texts = sentenceTexts(ctx.sqlite, ctx.user, ids);
  const sentences = ids.map((seId) => (texts.get(seId) ?? '').replace(/\s+/g, ' ').trim());
  const kept = repo.keptAmong(ctx.sqlite, ctx.user, sentences, pair.source, pair.target);
  // Sentences without a letter have nothing to translate (the slice skips them too).
  const done = sentences.filter((text) => !/\p{L}/u.test(text) || kept.has(text)).length;
  const failed = job?.JbState === 'failed';
  return { state: !job ? 'idle' : failed ? 'failed' : 'running', done, total: ids.length, error: failed ? jobError(job.JbError) : null };
}

/** Starts the text's job; one already waiting or running is left as it is, a failed one replaced. */
export function startTextTranslation(ctx: HandlerContext, id: number): TextTranslationJob {
  const row = getTextRow(ctx, id);
  const pair = translationPair(ctx, row.TxLgID);
  // Said at once, not as a job that fails.
  if (pair.providers === 0) throw badRequest(msg('translation.noProvider'), { web_url: pair.webUrl });
  transact(ctx, () => {
    const mine = jobsOf(ctx, row.TxID);
    if (mine.some((j) => j.JbState === 'pending')) return;
    cancelJobs(
      ctx,
      mine.map((j) => j.JbID),
    );
    enqueueJob(ctx, 'translation.translateText', { textId: row.TxID });
  });
  return textTranslationJob(ctx, id);
}

/** Stops the text's job (and forgets a failed one): what was translated stays. */
export function stopTextTranslation(ctx: HandlerContext, id: number): TextTranslationJob {
  const row = getTextRow(ctx, id);
  transact(ctx, () =>
    cancelJobs(
      ctx,
      jobsOf(ctx, row.TxID).map((j) => j.JbID),
    ),
  );
  return textTranslationJob(ctx, id);
}
