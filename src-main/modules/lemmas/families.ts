// Runs in: main. Word-family summaries per language (lemma, size, lowest status), cached in a slot of the services
// so paging through families is a slice, not a GROUP BY over the whole vocabulary. Any change to a
// language's terms ('terms.changed', a review answer included) drops its summary; the next page rebuilds it.
import type { HandlerContext } from '../../core/context';
import type { Listener } from '../../core/events';
import { cacheSlots } from '../../core/services';
import * as repo from './repo';

const summaries = cacheSlots<readonly repo.FamilyRow[]>('lemmas.families');
const slotOf = (languageId: number, owner: number | null) => summaries(`${owner ?? 0}:${languageId}`);

export const dropFamiliesOnTermsChanged: Listener<'terms.changed'> = (ctx, { terms, before }) => {
  for (const lg of new Set([...terms, ...(before ?? [])].map((t) => t.WoLgID))) slotOf(lg, ctx.user.id).delete(ctx.services);
};

/** Every family of the language, biggest first, then by lemma. */
export function familySummary(ctx: HandlerContext, languageId: number): readonly repo.FamilyRow[] {
  const slot = slotOf(languageId, ctx.user.id);
  return slot.get(ctx.services) ?? slot.set(ctx.services, repo.allFamilies(ctx.sqlite, ctx.user, languageId));
}
