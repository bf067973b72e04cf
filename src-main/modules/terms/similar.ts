// Runs in: main. Similar-terms suggestions over a per-language letter-pair index kept in a named cache slot.
// The index is built on first use and kept current from the 'terms.changed' and 'review.answered' events
// (changed ids are re-read lazily at the next query), so a keystroke never scans the whole vocabulary.
import { notFound } from '../../../src-shared/contract/errors';
import type { SimilarTermDto, SimilarTermsResult } from '../../../src-shared/contract/terms';
import { SimilarIndex, type SimilarCandidate } from '../../../src-shared/similar/rank';
import type { HandlerContext } from '../../core/context';
import type { DomainEvents } from '../../core/events';
import { cacheSlots, type Services } from '../../core/services';
import { ownerOf, ownerSql } from '../../db/scope';
import { getLanguage } from '../languages/service';
import { lemmatizeLocalFor } from '../lemmas/service';
import * as repo from './repo';

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
/** Listener for review.answered (./index.ts): the answered term's status changed. */
export function staleOnReviewAnswered(ctx: HandlerContext, { termId }: DomainEvents['review.answered']): void {
  const lg = ctx.sqlite
    .prepare(`SELECT WoLgID FROM words WHERE WoID = @id AND ${ownerSql('WoUsID')}`)
    .pluck()
    .get({ id: termId, owner: ownerOf(ctx.user) }) as number | undefined;
  if (lg !== undefined) markStale(ctx.services, lg, [termId]);
}

const CANDIDATE_SQL = `SELECT WoID AS id, WoTextLC AS text, WoLemmaLC AS lemma, WoStatus AS status FROM words`;

function indexFor(ctx: HandlerContext, languageId: number): SimilarIndex {
  const slot = indexSlot(languageId);
  let cached = slot.get(ctx.services);
  if (cached && cached.index.wasted > 0.25) cached = undefined;
  if (!cached) {
    const rows = ctx.sqlite
      .prepare(`${CANDIDATE_SQL} WHERE WoLgID = @lg AND ${ownerSql('WoUsID')}`)
      .all({ lg: languageId, owner: ownerOf(ctx.user) }) as SimilarCandidate[];
    cached = { index: new SimilarIndex(rows), stale: new Set() };
    slot.set(ctx.services, cached);
  } else if (cached.stale.size) {
    const ids = [...cached.stale];
    cached.stale.clear();
    const rows = ctx.sqlite
      .prepare(`${CANDIDATE_SQL} WHERE WoID IN (SELECT value FROM json_each(@ids)) AND WoLgID = @lg AND ${ownerSql('WoUsID')}`)
      .all({ ids: JSON.stringify(ids), lg: languageId, owner: ownerOf(ctx.user) }) as SimilarCandidate[];
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
    if (input.exclude_id !== undefined && (!stored || stored.WoLgID !== language.LgID)) throw notFound('Term not found');
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
