// Runs in: main. The known-words-over-time curve of the statistics page (issue 50): for each of the last `days`
// days, how many of the words known now (single-word terms at 5 or 99) had reached that status by the day's end,
// in the user's time zone. Lectio keeps no history of statuses: a word known once and forgotten since is not on
// the curve, and a word's day is its latest status change (docs/api.md, "Activity").
import type { KnownWordsCurve } from '../../../src-shared/contract/statistics';
import { addDays, startOfDay } from '../../../src-shared/activity/day';
import type { HandlerContext } from '../../core/context';
import { ownerOf } from '../../db/scope';
import { userToday } from '../settings';
import * as repo from './repo';

export function knownWordsCurve(ctx: HandlerContext, days: number, languageId?: number): KnownWordsCurve {
  const { today, timezone } = userToday(ctx);
  const since = repo.knownSince(ctx.sqlite, ownerOf(ctx.user), languageId ?? null);
  const points: KnownWordsCurve['points'] = [];
  let i = 0;
  for (let d = days - 1; d >= 0; d--) {
    const date = addDays(today, -d);
    const end = startOfDay(addDays(date, 1), timezone);
    while (i < since.length && since[i] < end) i++;
    points.push({ date, known: i });
  }
  return { timezone, total: since.length, points };
}
