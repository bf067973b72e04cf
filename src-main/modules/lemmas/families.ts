// Runs in: main. Word-family summaries per language (lemma, size, lowest status), cached in ctx.services.cache
// so paging through families is a slice, not a GROUP BY over the whole vocabulary. Any change to a
// language's terms ('terms.changed', 'review.answered') drops its summary; the next page rebuilds it.
import type { HandlerContext } from '../../core/context';
import type { Listener } from '../../core/events';
import * as repo from './repo';

const keyOf = (languageId: number, owner: number | null) => `lemmas:families:${owner ?? 0}:${languageId}`;

export const dropFamiliesOnTermsChanged: Listener<'terms.changed'> = (ctx, { terms, before }) => {
  for (const lg of new Set([...terms, ...(before ?? [])].map((t) => t.WoLgID))) ctx.services.cache.delete(keyOf(lg, ctx.user.id));
};

export const dropFamiliesOnReview: Listener<'review.answered'> = (ctx, { termId }) => {
  const lg = repo.languageOfTerm(ctx.sqlite, ctx.user, termId);
  if (lg !== undefined) ctx.services.cache.delete(keyOf(lg, ctx.user.id));
};

/** Every family of the language, biggest first, then by lemma. */
export function familySummary(ctx: HandlerContext, languageId: number): readonly repo.FamilyRow[] {
  const key = keyOf(languageId, ctx.user.id);
  let rows = ctx.services.cache.get(key) as repo.FamilyRow[] | undefined;
  if (!rows) {
    rows = repo.allFamilies(ctx.sqlite, ctx.user, languageId);
    ctx.services.cache.set(key, rows);
  }
  return rows;
}
