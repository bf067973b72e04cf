// Runs in: main. Time source handed to handlers, so tests can freeze it, and "today" in a time zone.
import { dayKey, resolveTimeZone } from '../../src-shared/activity/day';

export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
export const fixedClock = (ms: number): Clock & { set(ms: number): void; advance(ms: number): void } => {
  let t = ms;
  return { now: () => t, set: (v) => (t = v), advance: (d) => (t += d) };
};

/**
 * Today's day key (YYYY-MM-DD) in a zone: the `timezone` setting when it names a valid zone, else the system's.
 * The settings module's `userToday(ctx)` passes the user's setting.
 */
export function todayIn(clock: Clock, timeZoneSetting: string | undefined): { today: string; timezone: string } {
  const timezone = resolveTimeZone(timeZoneSetting);
  return { today: dayKey(clock.now(), timezone), timezone };
}

/**
 * Loads the time-zone data (ICU) before the server listens: the first "today" otherwise costs 20-45 ms, and the
 * first request to need it (a term saved, a text created) would wait that long behind it.
 */
export function warmTimeZones(): void {
  todayIn(systemClock, undefined);
}
