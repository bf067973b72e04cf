// Runs in: main. The user's time zone (setting `timezone`, else the system zone) and today's day key in it.
import { dayKey, resolveTimeZone } from '../../../src-shared/activity/day';
import type { HandlerContext } from '../../core/context';
import { getSetting } from '../settings/service';

export function userTimeZone(ctx: Pick<HandlerContext, 'sqlite' | 'user'>): string {
  return resolveTimeZone(getSetting(ctx, 'timezone'));
}

export function userToday(ctx: Pick<HandlerContext, 'sqlite' | 'user' | 'clock'>): { today: string; timezone: string } {
  const timezone = userTimeZone(ctx);
  return { today: dayKey(ctx.clock.now(), timezone), timezone };
}
