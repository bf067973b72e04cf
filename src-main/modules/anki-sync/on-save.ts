// Runs in: main. "Send each term to Anki when I save it" (setting ankiSendOnSave, off by default): a listener of
// terms.changed enqueues a job in the save's transaction (core/jobs.ts), and the core's runner sends the terms once
// the save has committed: sending is network I/O, never done under the write lock. The job is as durable as the
// save (a crash before the send sends at the next start), a rolled-back save leaves none, and saves made while a
// job waits join it. A failure (Anki closed) is retried a few times and then kept as failed in the job list,
// never thrown at the save: the vocabulary's "Send to Anki" says why when the learner asks.
import { AppError } from '../../../src-shared/contract/errors';
import { SEND_PAGE_SIZE } from '../../../src-shared/contract/anki-sync';
import type { HandlerContext } from '../../core/context';
import type { DomainEvents } from '../../core/events';
import { enqueueJob, type JobHandler } from '../../core/jobs';
import { getSetting } from '../settings';
import { sendToAnki } from './send';

export function sendSavedTerms(ctx: HandlerContext, event: DomainEvents['terms.changed']): void {
  // Imports, moving in and "mark all" are bulk work, not a learner saving a term; a deletion leaves nothing to send;
  // a review answer is sent when it changed the status (as any status change), not when it kept it.
  const review = event.source === 'review';
  if (event.kind === 'deleted' || (event.source && !review) || event.terms.length === 0 || event.terms.length > SEND_PAGE_SIZE) return;
  if (review && event.terms.every((t, i) => t.WoStatus === event.before?.[i]?.WoStatus)) return;
  if (getSetting(ctx, 'ankiSendOnSave') !== '1') return;
  enqueueJob(ctx, 'anki-sync.sendOnSave', { ids: event.terms.map((t) => t.WoID) });
}

/** The job: the saved terms (those still there), a page at a time. */
export const sendOnSaveJob: JobHandler<'anki-sync.sendOnSave'> = {
  async run(ctx, { ids }) {
    for (let i = 0; i < ids.length && ctx.job.current(); i += SEND_PAGE_SIZE) {
      try {
        await sendToAnki(ctx, { ids: ids.slice(i, i + SEND_PAGE_SIZE) });
      } catch (err) {
        // The terms were deleted since their save: nothing is left to send, which is no failure.
        if (!(err instanceof AppError && err.code === 'ankiSync.nothingToSend')) throw err;
      }
    }
  },
  // Saves made while the job waits go with it (a page at most: a larger set is a send of its own).
  merge: (waiting, next) => {
    const ids = [...new Set([...waiting.ids, ...next.ids])];
    return ids.length <= SEND_PAGE_SIZE ? { ids } : null;
  },
};
