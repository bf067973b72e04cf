// Runs in: main. PUT /api/v1/terms/bulk-action and PUT /api/v1/terms/family/apply.
import type { BulkAction } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import { familyTermIds } from '../lemmas';
import { parseTagNames, setTermTags } from '../tags';
import * as repo from './repo';
import { deleteTerms, setTermsStatus } from './service';
import { transact } from '../../db/sql';

const STATUS_ACTIONS: Partial<Record<BulkAction, number>> = { s1: 1, s2: 2, s3: 3, s4: 4, s5: 5, s98: 98, s99: 99 };

/**
 * Runs one action over the caller's terms among `ids` (foreign and missing ids are ignored).
 * The answer's count echoes the number of ids sent, not the number changed (SPEC).
 *   del        delete                          s1…s5, s98, s99, bulk-status   set the status
 *   lower      lowercase the term text (WoText) today     set WoStatusChanged to now (restarts review intervals)
 *   delsent    clear the example sentence       addtag / deltag   add or remove a tag (comma list allowed)
 */
export function bulkAction(ctx: HandlerContext, input: { ids: number[]; action: BulkAction; status?: number; tag?: string }): { success: true; count: number } {
  const count = input.ids.length;
  const { action } = input;
  const status = action === 'bulk-status' ? input.status : STATUS_ACTIONS[action];
  if (status !== undefined) setTermsStatus(ctx, input.ids, status);
  else if (action === 'del') deleteTerms(ctx, input.ids);
  else if (action === 'addtag' || action === 'deltag') {
    const names = parseTagNames(input.tag);
    transact(ctx, () => setTermTags(ctx, repo.ownedTermIds(ctx.sqlite, ctx.user, input.ids), names, action === 'addtag' ? 'add' : 'remove'));
  } else if (action === 'lower' || action === 'today' || action === 'delsent') {
    transact(ctx, () => {
      const before = repo.termRefs(ctx.sqlite, ctx.user, input.ids);
      const owned = before.map((r) => r.WoID);
      const now = ctx.clock.now();
      if (action === 'lower') repo.lowercaseTexts(ctx.sqlite, ctx.user, owned, now);
      else repo.updateMany(ctx.sqlite, ctx.user, owned, action, now);
      if (owned.length) emit(ctx, 'terms.changed', { kind: 'updated', terms: repo.termRefs(ctx.sqlite, ctx.user, owned), before });
    });
  }
  return { success: true, count };
}

/** Gives every term of a word family (same WoLemmaLC in the language) the status. */
export function applyFamilyStatus(ctx: HandlerContext, languageId: number, lemmaLC: string, status: number): { success: true; count: number } {
  const ids = familyTermIds(ctx, languageId, lemmaLC);
  return { success: true, count: ids.length ? setTermsStatus(ctx, ids, status) : 0 };
}
