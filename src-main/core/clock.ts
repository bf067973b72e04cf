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
 * Loads the time-zone data (ICU) ahead of the first "today": the first term saved after start otherwise waits
 * 20-25 ms for it. Called once the server listens, on a timer that never keeps the process alive.
 */
export function warmTimeZones(delayMs = 200): void {
  setTimeout(() => todayIn(systemClock, undefined), delayMs).unref();
}
