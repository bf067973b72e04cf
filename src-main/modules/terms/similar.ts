// Runs in: main. Similar-terms suggestions over a per-language letter-pair index kept in a named cache slot.
// The index is built on first use and kept current from the 'terms.changed' event (a review answer included)
// (changed ids are re-read lazily at the next query), so a keystroke never scans the whole vocabulary.
import { notFound } from '../../../src-shared/contract/errors';
import type { SimilarTermDto, SimilarTermsResult } from '../../../src-shared/contract/terms';
import { SimilarIndex } from '../../../src-shared/similar/rank';
import type { HandlerContext } from '../../core/context';
import type { DomainEvents } from '../../core/events';
import { cacheSlots, type Services } from '../../core/services';
import { getLanguage } from '../languages';
import { lemmatizeLocalFor } from '../lemmas';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

interface CachedIndex {
  index: SimilarIndex;
  /** Term ids changed since the index last saw them. */
  stale: Set<number>;
}

/** The app-lifetime index of a language (keyed by language id; ids are unique across owners). */
const indexSlot = cacheSlots<CachedIndex>('similar:index');

function markStale(services: Services, languageId: number, ids: Iterable<number>): void {
  const cached = indexSlot(languageId).get(services);
  if (cached) for (const id of ids) cached.stale.add(id);
}

/** Listener for terms.changed (./index.ts): changed terms are re-read at the next query. */
export function staleOnTermsChanged(ctx: HandlerContext, { terms, before }: DomainEvents['terms.changed']): void {
  for (const ref of [...terms, ...(before ?? [])]) markStale(ctx.services, ref.WoLgID, [ref.WoID]);
}

function indexFor(ctx: HandlerContext, languageId: number): SimilarIndex {
  const slot = indexSlot(languageId);
  let cached = slot.get(ctx.services);
  if (cached && cached.index.wasted > 0.25) cached = undefined;
  if (!cached) {
    cached = { index: new SimilarIndex(repo.similarCandidates(ctx.sqlite, ctx.user, languageId)), stale: new Set() };
    slot.set(ctx.services, cached);
  } else if (cached.stale.size) {
    const ids = [...cached.stale];
    cached.stale.clear();
    const rows = repo.similarCandidates(ctx.sqlite, ctx.user, languageId, ids);
    for (const id of ids) cached.index.remove(id);
    for (const row of rows) cached.index.add(row);
  }
  return cached.index;
}

/**
 * Suggestions for the term editor. A stored term (exclude_id) uses its stored lemma; an unsaved one is
 * lemmatized from the local dictionary only, never over the network (SPEC Similar-terms rule 2). The lemma
 * used comes back too: the editor shows the word family of an unsaved term from it.
 */
export function similarTerms(ctx: HandlerContext, input: { language_id: number; term: string; exclude_id?: number; limit?: number }): SimilarTermsResult {
  const language = getLanguage(ctx, input.language_id);
  const useLemma = language.LgLemmatizerType !== 'none';
  let lemma: string | null = null;
  if (useLemma) {
    const stored = input.exclude_id !== undefined ? repo.selectTerm(ctx.sqlite, ctx.user, input.exclude_id) : undefined;
    if (input.exclude_id !== undefined && (!stored || stored.WoLgID !== language.LgID)) throw notFound(msg('term.notFound'));
    const sameText = stored && stored.WoTextLC === input.term.trim().toLowerCase();
    lemma = sameText && stored.WoLemmaLC ? stored.WoLemmaLC : (lemmatizeLocalFor(ctx, language, input.term)?.toLowerCase() ?? null);
  }
  const hits = indexFor(ctx, language.LgID).query({ text: input.term, lemma, useLemma, excludeId: input.exclude_id, limit: input.limit ?? 10 });
  const rows = new Map(
    repo
      .selectTerms(
        ctx.sqlite,
        ctx.user,
        hits.map((h) => h.id),
      )
      .map((r) => [r.WoID, r]),
  );
  const terms: SimilarTermDto[] = [];
  for (const h of hits) {
    const r = rows.get(h.id);
    if (r)
      terms.push({
        WoID: r.WoID,
        WoText: r.WoText,
        WoLemma: r.WoLemma,
        WoTranslation: r.WoTranslation,
        WoStatus: r.WoStatus,
        reason: h.reason,
        score: h.score,
      });
  }
  return { terms, lemma };
}
