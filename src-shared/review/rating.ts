// Runs in: any process. How a review answer (a new status) becomes an FSRS rating (SPEC rule 13: recorded only).
import { STATUS_IGNORED, STATUS_WELL_KNOWN } from '../contract/status';

/** FSRS grades, as ts-fsrs numbers them. */
export const RATING = { Again: 1, Hard: 2, Good: 3, Easy: 4 } as const;
export type ReviewRating = (typeof RATING)[keyof typeof RATING];
export const RATING_NAMES: Record<ReviewRating, string> = { 1: 'Again', 2: 'Hard', 3: 'Good', 4: 'Easy' };

/**
 * The rating of an answer that moves a term from status `from` to status `to`:
 * - 98 (ignored): no rating, the memory state is left alone;
 * - 99 (well known), or up by two or more: Easy;
 * - up by one: Good; staying at 5 (the top learning status) is also Good;
 * - staying at 2-4: Hard;
 * - going down, or answering 1: Again.
 * A term coming from 98/99 counts as coming from 5, so answering any learning status is a step down.
 */
export function ratingForAnswer(from: number, to: number): ReviewRating | null {
  if (to === STATUS_IGNORED) return null;
  if (to === STATUS_WELL_KNOWN) return RATING.Easy;
  const start = from > 5 ? 5 : from;
  if (to === 1 || to < start) return RATING.Again;
  if (to === start) return to === 5 ? RATING.Good : RATING.Hard;
  return to - start >= 2 ? RATING.Easy : RATING.Good;
}
