// Runs in: any process. Streaks and the calendar grid, computed from the days on which the learner was active.
import { addDays, daysBetween, firstOfMonth, type DayKey } from './day';

export interface DayCounts {
  date: DayKey;
  termsCreated: number;
  termsReviewed: number;
  textsRead: number;
  /** Terms created by "All known" / "Ignore all": shown apart, not part of the day's total (optional in old callers). */
  markedKnown?: number;
  markedIgnored?: number;
  /** Running words of texts marked read, and active reading time (optional in old callers). */
  wordsRead?: number;
  readingSeconds?: number;
}

export interface CalendarDay extends DayCounts {
  markedKnown: number;
  markedIgnored: number;
  wordsRead: number;
  readingSeconds: number;
  /** termsCreated + termsReviewed + textsRead. */
  total: number;
}

export interface Streak {
  /** Consecutive active days ending today or yesterday; 0 when the last active day is older. */
  current: number;
  best: number;
  /** The most recent day with any activity, or null when there is none. */
  lastActiveDate: DayKey | null;
  /** True when today already counts (the streak is safe for today). */
  activeToday: boolean;
}

export const dayTotal = (d: Omit<DayCounts, 'date'>) => d.termsCreated + d.termsReviewed + d.textsRead;

/** A day's figures as shown (calendar cell, today's tile): every count, 0 where the day has no row, and the total. */
export function dayFigures(row: Omit<DayCounts, 'date'> | undefined): Omit<CalendarDay, 'date'> {
  const counts = { termsCreated: row?.termsCreated ?? 0, termsReviewed: row?.termsReviewed ?? 0, textsRead: row?.textsRead ?? 0 };
  return {
    ...counts,
    markedKnown: row?.markedKnown ?? 0,
    markedIgnored: row?.markedIgnored ?? 0,
    wordsRead: row?.wordsRead ?? 0,
    readingSeconds: row?.readingSeconds ?? 0,
    total: dayTotal(counts),
  };
}

/**
 * Streaks from the active days. A day is active when it has any count. The current streak stays alive while the
 * last active day is today or yesterday: today is not over, so an empty today does not break it yet.
 */
export function computeStreak(days: readonly DayCounts[], today: DayKey): Streak {
  const active = [...new Set(days.filter((d) => dayTotal(d) > 0 && d.date <= today).map((d) => d.date))].sort();
  if (active.length === 0) return { current: 0, best: 0, lastActiveDate: null, activeToday: false };
  let best = 1;
  let run = 1;
  for (let i = 1; i < active.length; i++) {
    run = daysBetween(active[i - 1], active[i]) === 1 ? run + 1 : 1;
    if (run > best) best = run;
  }
  const last = active[active.length - 1];
  const alive = daysBetween(last, today) <= 1;
  return { current: alive ? run : 0, best, lastActiveDate: last, activeToday: last === today };
}

/** First day shown by a calendar of `months` months ending with today's month. */
export function calendarStart(today: DayKey, months: number): DayKey {
  return firstOfMonth(today, -(months - 1));
}

/** Every day from `from` to `to` inclusive, with zero counts for days that have no record. */
export function fillCalendar(days: readonly DayCounts[], from: DayKey, to: DayKey): CalendarDay[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const out: CalendarDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    out.push({ date: d, ...dayFigures(byDate.get(d)) });
  }
  return out;
}
