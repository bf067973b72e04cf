// Runs in: main. Activity rules: which events count, on which day (the user's zone), streaks, calendar, dashboard.
import type { ActivityCalendar, ActivityDashboard, DailyGoal, LanguageStatusCounts, TodayActivity } from '../../../src-shared/contract/statistics';
import { addDays } from '../../../src-shared/activity/day';
import { calendarStart, computeStreak, dayFigures, fillCalendar, type Streak } from '../../../src-shared/activity/streak';
import { STATUS_IGNORED, TERM_STATUSES } from '../../../src-shared/contract/status';
import type { HandlerContext } from '../../core/context';
import type { DomainEvents } from '../../core/events';
import { ownerOf } from '../../db/scope';
import { dueTodayByLanguage } from '../review';
import { getSetting, userToday } from '../settings';
import * as repo from './repo';

/** Adds to today's counters of the acting user. Runs inside the emitter's transaction. */
export function recordActivity(ctx: HandlerContext, inc: repo.ActivityIncrement): void {
  const { today } = userToday(ctx);
  repo.addActivity(ctx.sqlite, ownerOf(ctx.user), today, inc);
}

// Listeners (declared in ./index.ts): created terms, review answers (any answer, 98 too) and finished texts
// count; a text finished again on the same day counts once.
// Terms made by "All known" / "Ignore all" are counted as marked known / marked ignored, not as created; terms
// moved in from another tool are years of earlier work, not today's.
export function countCreatedTerms(ctx: HandlerContext, e: DomainEvents['terms.changed']): void {
  if (e.kind !== 'created' || e.terms.length === 0 || e.source === 'moved-in') return;
  if (e.source !== 'mark-all') return recordActivity(ctx, { termsCreated: e.terms.length });
  const ignored = e.terms.filter((t) => t.WoStatus === STATUS_IGNORED).length;
  recordActivity(ctx, { markedKnown: e.terms.length - ignored, markedIgnored: ignored });
}
export function countReview(ctx: HandlerContext): void {
  recordActivity(ctx, { termsReviewed: 1 });
}
/** A finished text also adds its running words to the day's words read (once per text and day, like the text). */
export function countFinishedText(ctx: HandlerContext, e: DomainEvents['text.finished']): void {
  const owner = ownerOf(ctx.user);
  if (repo.markTextRead(ctx.sqlite, owner, e.textId, userToday(ctx).today))
    recordActivity(ctx, { textsRead: 1, wordsRead: repo.runningWords(ctx.sqlite, owner, e.textId) });
}

/** "Marked as read" taken back today: the text and its words no longer count for today (earlier days keep theirs). */
export function uncountFinishedText(ctx: HandlerContext, e: DomainEvents['text.unfinished']): void {
  const owner = ownerOf(ctx.user);
  if (repo.unmarkTextRead(ctx.sqlite, owner, e.textId, userToday(ctx).today))
    recordActivity(ctx, { textsRead: -1, wordsRead: -repo.runningWords(ctx.sqlite, owner, e.textId) });
}

/** Active reading time reported by the reader (it pauses itself while the learner is idle or away). */
export function addReadingTime(ctx: HandlerContext, seconds: number): TodayActivity {
  recordActivity(ctx, { readingSeconds: seconds });
  return today(ctx);
}

/** The optional daily goals (settings; 0 or empty = no goal). */
function dailyGoal(ctx: HandlerContext): DailyGoal {
  const read = (key: string) => {
    const n = Math.floor(Number(getSetting(ctx, key)));
    return Number.isFinite(n) && n > 0 ? n : null;
  };
  return { words: read('dailyGoalWords'), minutes: read('dailyGoalMinutes') };
}

export function today(ctx: HandlerContext): TodayActivity {
  const { today: date, timezone } = userToday(ctx);
  const row = repo.activityOn(ctx.sqlite, ownerOf(ctx.user), date);
  return { date, timezone, ...dayFigures(row), goal: dailyGoal(ctx) };
}

export function streak(ctx: HandlerContext): Streak & { today: string } {
  const { today: date } = userToday(ctx);
  return { ...computeStreak(repo.activeDays(ctx.sqlite, ownerOf(ctx.user)), date), today: date };
}

export function calendar(ctx: HandlerContext, months = 12): ActivityCalendar {
  const { today: to, timezone } = userToday(ctx);
  const from = calendarStart(to, months);
  const days = fillCalendar(repo.activityBetween(ctx.sqlite, ownerOf(ctx.user), from, to), from, to);
  const totals = { termsCreated: 0, termsReviewed: 0, textsRead: 0, markedKnown: 0, markedIgnored: 0, wordsRead: 0, readingSeconds: 0, activeDays: 0 };
  let max = 0;
  for (const d of days) {
    totals.termsCreated += d.termsCreated;
    totals.termsReviewed += d.termsReviewed;
    totals.textsRead += d.textsRead;
    totals.markedKnown += d.markedKnown;
    totals.markedIgnored += d.markedIgnored;
    totals.wordsRead += d.wordsRead;
    totals.readingSeconds += d.readingSeconds;
    if (d.total > 0) totals.activeDays++;
    if (d.total > max) max = d.total;
  }
  return { from, to, timezone, days, max, totals };
}

export function termsByLanguage(ctx: HandlerContext): LanguageStatusCounts[] {
  const due = dueTodayByLanguage(ctx);
  const byLanguage = new Map<number, LanguageStatusCounts>();
  for (const row of repo.termsByLanguageAndStatus(ctx.sqlite, ownerOf(ctx.user))) {
    let entry = byLanguage.get(row.LgID);
    if (!entry) {
      entry = {
        LgID: row.LgID,
        LgName: row.LgName,
        byStatus: Object.fromEntries(TERM_STATUSES.map((s) => [String(s), 0])),
        total: 0,
        dueToday: due.get(row.LgID) ?? 0,
      };
      byLanguage.set(row.LgID, entry);
    }
    if (row.WoStatus !== null) {
      entry.byStatus[String(row.WoStatus)] = (entry.byStatus[String(row.WoStatus)] ?? 0) + row.n;
      entry.total += row.n;
    }
  }
  return [...byLanguage.values()];
}

export function dashboard(ctx: HandlerContext): ActivityDashboard {
  const owner = ownerOf(ctx.user);
  const todayCounts = today(ctx);
  const from = addDays(todayCounts.date, -29);
  const languages = termsByLanguage(ctx);
  const cont = repo.continueReading(ctx.sqlite, owner);
  return {
    today: todayCounts,
    streak: streak(ctx),
    recent: fillCalendar(repo.activityBetween(ctx.sqlite, owner, from, todayCounts.date), from, todayCounts.date),
    languages,
    dueToday: languages.reduce((n, l) => n + l.dueToday, 0),
    continueReading: cont ? toContinue(cont) : null,
    recentTexts: repo.recentlyOpened(ctx.sqlite, owner, RECENT_TEXTS).map(toContinue),
  };
}

/** Texts listed under "Continue reading" on Home. */
const RECENT_TEXTS = 5;

function toContinue(row: repo.ContinueRow): NonNullable<ActivityDashboard['continueReading']> {
  return {
    TxID: row.TxID,
    TxTitle: row.TxTitle,
    TxLgID: row.TxLgID,
    LgName: row.LgName,
    TxOpenedAt: row.TxOpenedAt,
    position: row.TxPosition,
    // A text marked read is read whole, wherever it was reopened (a chapter reopened at the top showed "Read 0 %").
    progress: row.TxFinishedAt !== null ? 1 : row.lastOrder ? Math.min(1, Math.max(0, row.TxPosition / row.lastOrder)) : null,
  };
}
