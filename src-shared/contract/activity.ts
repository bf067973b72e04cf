// Runs in: any process. Activity endpoints: daily counts, streaks, the 12-month calendar and the home dashboard.
import { z } from 'zod';
import { endpoint, returns } from './endpoint';
import type { CalendarDay, Streak } from '../activity/streak';

export interface TodayActivity {
  date: string;
  timezone: string;
  termsCreated: number;
  termsReviewed: number;
  textsRead: number;
  /** Terms created by "All known" / "Ignore all" (not in termsCreated, not in total). */
  markedKnown: number;
  markedIgnored: number;
  total: number;
}

export interface ActivityCalendar {
  from: string;
  to: string;
  timezone: string;
  days: CalendarDay[];
  /** Highest daily total in the range (for scaling a heat map). */
  max: number;
  totals: { termsCreated: number; termsReviewed: number; textsRead: number; markedKnown: number; markedIgnored: number; activeDays: number };
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
}

export const activityContract = {
  'activity.dashboard': endpoint({ method: 'GET', path: '/api/v1/activity/dashboard', input: z.object({}), output: returns<ActivityDashboard>() }),
  'activity.streak': endpoint({ method: 'GET', path: '/api/v1/activity/streak', input: z.object({}), output: returns<Streak & { today: string }>() }),
  'activity.calendar': endpoint({
    method: 'GET',
    path: '/api/v1/activity/calendar',
    input: z.object({ months: z.coerce.number().int().min(1).max(24).optional() }),
    output: returns<ActivityCalendar>(),
  }),
  'activity.today': endpoint({ method: 'GET', path: '/api/v1/activity/today', input: z.object({}), output: returns<TodayActivity>() }),
};
