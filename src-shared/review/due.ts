// Runs in: any process. The classic due rule of LWT-family apps: a learning term (status 1-5) comes back for review
// after an interval that grows with its status, counted in calendar days from its last status change.
import { addDays, dayKey, daysBetween, startOfDay, type DayKey } from '../activity/day';

export type LearningStatus = 1 | 2 | 3 | 4 | 5;
export const LEARNING_STATUS_LIST: readonly LearningStatus[] = [1, 2, 3, 4, 5];

/**
 * LWT's "today score" is ((2.4^s + s − d − 1) / s − 2.4) / 0.14325248 for status s and d whole days since the
 * status changed; a term is tested when the score drops below 0, i.e. when d > 2.4^s − 1.4·s − 1.
 * The smallest whole d satisfying that is the interval: 1, 2, 9, 27 and 72 days for statuses 1-5.
 */
export function lwtIntervalDays(status: LearningStatus): number {
  return Math.floor(Math.pow(2.4, status) - 1.4 * status - 1 + 1e-9) + 1;
}

export const REVIEW_INTERVAL_DAYS: Readonly<Record<LearningStatus, number>> = {
  1: lwtIntervalDays(1),
  2: lwtIntervalDays(2),
  3: lwtIntervalDays(3),
  4: lwtIntervalDays(4),
  5: lwtIntervalDays(5),
};

export const isLearningStatus = (s: number): s is LearningStatus => s >= 1 && s <= 5 && Number.isInteger(s);

/**
 * Whether a term is due on calendar day `on` (in the user's zone), given when its status last changed.
 * A new term (status 1, never answered in a review) is due at once, so a newcomer's first review has something in it.
 */
export function isDueOn(status: number, statusChangedMs: number, on: DayKey, timeZone: string, opts: { neverReviewed?: boolean } = {}): boolean {
  if (!isLearningStatus(status)) return false;
  if (status === 1 && opts.neverReviewed) return true;
  return daysBetween(dayKey(statusChangedMs, timeZone), on) >= REVIEW_INTERVAL_DAYS[status];
}

/**
 * Per status, the instant before which a status change makes the term due on day `on`: the start of day
 * (on − interval + 1). "Due" is then `WoStatusChanged < threshold[WoStatus]`, one index range per status.
 */
export function dueThresholds(on: DayKey, timeZone: string): Record<LearningStatus, number> {
  // The review loop asks for the same day again and again; the Intl look-ups behind startOfDay are the cost.
  const key = `${on}|${timeZone}`;
  const cached = thresholdCache.get(key);
  if (cached) return { ...cached };
  const out = {} as Record<LearningStatus, number>;
  for (const s of LEARNING_STATUS_LIST) out[s] = startOfDay(addDays(on, 1 - REVIEW_INTERVAL_DAYS[s]), timeZone);
  if (thresholdCache.size >= 16) thresholdCache.clear();
  thresholdCache.set(key, out);
  return { ...out };
}
const thresholdCache = new Map<string, Record<LearningStatus, number>>();
