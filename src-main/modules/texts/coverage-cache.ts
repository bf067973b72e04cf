// Runs in: main. Each text's known share of running words, kept between library lists (issue 50: the coverage
// column and sort of a 500-text library under 200 ms). A figure is dropped when what it counts may have changed:
// the texts holding a term whose known-ness changed (status across 5/98/99, created known, its text edited), a
// text edited, every text of a connection when a known term is deleted or a language is parsed again. Texts waiting for a parse
// are never kept (their occurrences are about to change). Dropping is all a listener does, inside the write and
// again after its commit, so a rolled-back write or a list read meanwhile never leaves a wrong figure behind.
import type { DomainEvents, TermRef } from '../../core/events';
import type { HandlerContext } from '../../core/context';
import type { Sqlite } from '../../db/connection';
import { afterCommit } from '../../db/sql';
import { runningCoverage, textsHoldingTerms, type RunningCoverage } from './repo/coverage';

/** Per connection (WeakMap): each core and each reopened file has its own. */
const figures = new WeakMap<Sqlite, Map<number, RunningCoverage>>();

const isKnown = (status: number) => status === 5 || status === 98 || status === 99;

/** The known share of each text; `parsed` says which of them may be kept (not waiting for a parse). */
export function coverageOfTexts(ctx: HandlerContext, textIds: readonly number[], parsed: (id: number) => boolean): Map<number, RunningCoverage> {
  let kept = figures.get(ctx.sqlite);
  if (!kept) figures.set(ctx.sqlite, (kept = new Map()));
  const missing = textIds.filter((id) => !kept.has(id));
  const fresh = missing.length ? runningCoverage(ctx.sqlite, missing) : new Map<number, RunningCoverage>();
  for (const [id, figure] of fresh) if (parsed(id)) kept.set(id, figure);
  return new Map(textIds.map((id) => [id, kept.get(id) ?? fresh.get(id)!]));
}

/** The terms of a change whose occurrences count differently now: known-ness changed, or their text did. */
function termsThatCount(payload: DomainEvents['terms.changed']): TermRef[] {
  if (payload.kind !== 'updated') return payload.terms.filter((t) => isKnown(t.WoStatus)).concat((payload.before ?? []).filter((t) => isKnown(t.WoStatus)));
  const before = new Map((payload.before ?? []).map((t) => [t.WoID, t]));
  return payload.terms.filter((t) => {
    const prior = before.get(t.WoID);
    return !prior || prior.WoTextLC !== t.WoTextLC || isKnown(prior.WoStatus) !== isKnown(t.WoStatus);
  });
}

/**
 * Around the texts module's own relinking of occurrences: the texts holding the changed terms before (a deleted or
 * renamed term is unlinked by it) and after (a created one is linked by it) lose their figure.
 */
export function forgettingCoverage(relink: (ctx: HandlerContext, payload: DomainEvents['terms.changed']) => void) {
  return (ctx: HandlerContext, payload: DomainEvents['terms.changed']): void => {
    const kept = figures.get(ctx.sqlite);
    const terms = kept?.size ? termsThatCount(payload).map((t) => t.WoID) : [];
    // A deleted term's occurrences were unlinked with its row (ON DELETE SET NULL): where it was is not known any
    // more. Deleting a known term is rare; every figure goes.
    if (terms.length && payload.kind === 'deleted') {
      relink(ctx, payload);
      forgetAllCoverage(ctx);
      return;
    }
    const before = terms.length ? textsHoldingTerms(ctx.sqlite, terms) : [];
    relink(ctx, payload);
    if (terms.length) forgetTexts(ctx, [...before, ...textsHoldingTerms(ctx.sqlite, terms)]);
  };
}

export function forgetTexts(ctx: HandlerContext, textIds: readonly number[]): void {
  const drop = () => {
    const kept = figures.get(ctx.sqlite);
    for (const id of textIds) kept?.delete(id);
  };
  drop();
  afterCommit(ctx, drop);
}

export function forgetAllCoverage(ctx: HandlerContext): void {
  figures.delete(ctx.sqlite);
  afterCommit(ctx, () => figures.delete(ctx.sqlite));
}
