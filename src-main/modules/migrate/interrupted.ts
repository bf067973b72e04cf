// Runs in: main. A move-in killed midway (kill -9, a power cut, the app closed) is undone at the next start, so a
// move is all or nothing (docs/backup.md "Moving in"). The move writes its journal row (move_ins) with its first
// step, the ids of the terms it creates in each slice's own transaction (move_in_terms), and deletes the row in the
// transaction of its last step. A row still 'moving' at a start is a move that was killed: a 'migrate.undoMove'
// job deletes its terms a slice at a time, then the languages it created, and keeps the row 'undone' as the
// learner's notice (GET /api/v1/import/interrupted, shown on the move-in page) until the next move or a dismiss.
// A start with no interrupted move reads one row set and writes nothing.
import type { InterruptedMove } from '../../../src-shared/contract/migrate';
import type { HandlerContext } from '../../core/context';
import { enqueueJob, type JobHandler } from '../../core/jobs';
import { transact } from '../../db/sql';
import type { BackgroundJob, JobHost } from '../../registry';
import { deleteLanguage } from '../languages';
import { discardCreatedTerms, IMPORT_SLICE_ROWS } from '../terms';
import * as repo from './repo';

/** Opens the journal of a move, in the transaction that creates its languages; earlier notices go. */
export function beginMove(ctx: HandlerContext, source: 'lwt' | 'lute', createdLanguages: readonly number[]): number {
  repo.deleteUndoneMoves(ctx.sqlite, ctx.user);
  return repo.insertMove(ctx.sqlite, ctx.user, source, createdLanguages, ctx.clock.now());
}

/** The terms a slice created, recorded in that slice's transaction (the terms module calls it there). */
export const recordMoveTerms =
  (ctx: HandlerContext, moveId: number) =>
  (termIds: readonly number[]): void =>
    repo.addMoveTerms(ctx.sqlite, moveId, termIds);

/** The move is whole, or was undone in this run: in its last transaction, nothing of the journal stays. */
export const endMove = (ctx: HandlerContext, moveId: number): void => repo.deleteMove(ctx.sqlite, moveId);

/** The module's start job: one undo job per move a killed run left (none: nothing is written). */
export function resumeInterruptedMoves(host: JobHost): BackgroundJob {
  const probe = host.context();
  const moves = repo.interruptedMoves(probe.sqlite);
  if (moves.length)
    transact(probe, () => {
      for (const m of moves) {
        const ctx = m.MvUsID === null ? probe : host.context({ id: m.MvUsID, username: 'migrate', role: 'user' });
        enqueueJob(ctx, 'migrate.undoMove', { moveId: m.MvID });
      }
    });
  let stopped = false;
  return {
    running: () => moves.length > 0 && !stopped && (probe.services.jobs?.has('migrate.undoMove') ?? false),
    // The undo jobs are the runner's: it stops them with the core.
    stop() {
      stopped = true;
    },
  };
}

/** Undoes a killed move: its terms a slice per transaction (the journal forgets each slice after it), then its languages. */
export const undoMoveJob: JobHandler<'migrate.undoMove'> = {
  async run(ctx, { moveId }) {
    const move = repo.move(ctx.sqlite, moveId);
    if (!move || move.MvState !== 'moving') return;
    let removed = 0;
    for (;;) {
      if (!(await ctx.job.slices.yield(true))) return;
      const ids = repo.moveTerms(ctx.sqlite, moveId, IMPORT_SLICE_ROWS);
      if (ids.length === 0) break;
      // Deleted (one transaction, terms.changed emitted), then forgotten: a kill between the two deletes nothing twice.
      await discardCreatedTerms(ctx, ids);
      transact(ctx, () => repo.forgetMoveTerms(ctx.sqlite, moveId, ids));
      removed += ids.length;
    }
    transact(ctx, () => {
      for (const id of JSON.parse(move.MvLanguages) as number[]) {
        try {
          deleteLanguage(ctx, id);
        } catch {
          // Deleted by the learner meanwhile (or by an undo that ran before): nothing left to remove.
        }
      }
      repo.markUndone(ctx.sqlite, moveId, removed);
    });
  },
};

/** The learner's notices: moves a start undid since the last move-in. */
export const interruptedMoves = (ctx: HandlerContext): InterruptedMove[] =>
  repo.undoneMoves(ctx.sqlite, ctx.user).map((m) => ({
    source: m.MvSource,
    started: m.MvStarted,
    removed: { terms: m.MvTermsRemoved, languages: (JSON.parse(m.MvLanguages) as number[]).length },
  }));

/** The learner read them. */
export const dismissInterruptedMoves = (ctx: HandlerContext): void => transact(ctx, () => repo.deleteUndoneMoves(ctx.sqlite, ctx.user));
