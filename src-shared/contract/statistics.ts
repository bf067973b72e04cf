// Runs in: any process. Activity endpoints: daily counts, streaks, the 12-month calendar and the home dashboard.
import { z } from 'zod';
import { endpoint, returns } from './endpoint';
import type { CalendarDay, Streak } from '../activity/streak';

/** Words known now (single-word terms at 5 or 99), by the day they reached that status: the curve's points. */
export interface KnownWordsCurve {
  timezone: string;
  /** Known words now. */
  total: number;
  /** One a day, oldest first, the last one today: known words at the end of that day. */
  points: { date: string; known: number }[];
}

export interface TodayActivity {
  date: string;
  timezone: string;
  termsCreated: number;
  termsReviewed: number;
  textsRead: number;
  /** Terms created by "All known" / "Ignore all" (not in termsCreated, not in total). */
  markedKnown: number;
  markedIgnored: number;
  /** Running words of the texts marked read today. */
  wordsRead: number;
  /** Active reading time today (the reader pauses it while the learner is idle). */
  readingSeconds: number;
  total: number;
  goal: DailyGoal;
}

/** Optional daily goals (settings dailyGoalWords / dailyGoalMinutes); null = none set. */
export interface DailyGoal {
  words: number | null;
  minutes: number | null;
}

/** At most this many seconds per report: the reader reports every 30 s, so a larger figure is not reading time. */
export const READING_TIME_MAX_REPORT_SECONDS = 120;

export interface ActivityCalendar {
  from: string;
  to: string;
  timezone: string;
  days: CalendarDay[];
  /** Highest daily total in the range (for scaling a heat map). */
  max: number;
  totals: {
    termsCreated: number;
    termsReviewed: number;
    textsRead: number;
    markedKnown: number;
    markedIgnored: number;
    wordsRead: number;
    readingSeconds: number;
    activeDays: number;
  };
}

export interface LanguageStatusCounts {
  LgID: number;
  LgName: string;
  /** Terms per status: keys 1-5, 98, 99. */
  byStatus: Record<string, number>;
  total: number;
  dueToday: number;
}

export interface ContinueReading {
  TxID: number;
  TxTitle: string;
  TxLgID: number;
  LgName: string;
  TxOpenedAt: number;
  /** The saved reading position (Ti2Order of the first word in view; 0 = the start). */
  position: number;
  /** 0..1: the reading position over the text's length; null when the text is not parsed. */
  progress: number | null;
}

export interface ActivityDashboard {
  today: TodayActivity;
  streak: Streak;
  /** The last 30 days, oldest first. */
  recent: CalendarDay[];
  languages: LanguageStatusCounts[];
  dueToday: number;
  continueReading: ContinueReading | null;
  /** The texts opened last (up to 5, most recent first), read to the end or not. */
  recentTexts: ContinueReading[];
}

export const statisticsContract = {
  'activity.dashboard': endpoint({
    method: 'GET',
    path: '/api/v1/activity/dashboard',
    access: 'read',
    input: z.object({}),
    output: returns<ActivityDashboard>(),
  }),
  'activity.streak': endpoint({
    method: 'GET',
    path: '/api/v1/activity/streak',
    access: 'read',
    input: z.object({}),
    output: returns<Streak & { today: string }>(),
  }),
  'activity.calendar': endpoint({
    method: 'GET',
    path: '/api/v1/activity/calendar',
    access: 'read',
    input: z.object({ months: z.coerce.number().int().min(1).max(24).optional() }),
    output: returns<ActivityCalendar>(),
  }),
  /** Known words over the last `days` days (statistics page; issue 50). */
  'activity.knownWords': endpoint({
    method: 'GET',
    path: '/api/v1/activity/known-words',
    access: 'read',
    input: z.object({
      days: z.coerce.number().int().min(7).max(3660).optional(),
      language_id: z.coerce.number().int().positive().optional(),
    }),
    output: returns<KnownWordsCurve>(),
  }),
  'activity.today': endpoint({ method: 'GET', path: '/api/v1/activity/today', access: 'read', input: z.object({}), output: returns<TodayActivity>() }),
  /** Adds active reading time to today (the reader sends it in small pieces while the learner reads). */
  'activity.readingTime': endpoint({
    method: 'POST',
    path: '/api/v1/activity/reading-time',
    access: 'vocabulary',
    input: z.object({ seconds: z.coerce.number().int().min(1).max(READING_TIME_MAX_REPORT_SECONDS) }),
    output: returns<TodayActivity>(),
  }),
};
