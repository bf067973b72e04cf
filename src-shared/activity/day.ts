// Runs in: any process. Calendar days in a time zone: "YYYY-MM-DD" keys, day arithmetic and local midnights.
// Conversions go through Intl (the platform's tz database); only whole-calendar-day arithmetic is done by hand,
// on UTC dates where every day has 24 hours.

/** A calendar day, e.g. "2026-03-15". Sorts and compares correctly as a string. */
export type DayKey = string;

const DAY_MS = 86_400_000;
const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows the zone name (e.g. "Europe/Berlin", "UTC"). */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone the user asked for when it is valid, else the system zone. */
export function resolveTimeZone(preferred: string | undefined): string {
  if (preferred && isValidTimeZone(preferred)) return preferred;
  return systemTimeZone();
}

// Asking Intl for the system zone builds a formatter (~0.3 ms): every term saved asks. The answer is kept for a
// minute, so a change of the machine's zone is still seen.
let systemZone: { zone: string; at: number } | null = null;
function systemTimeZone(): string {
  const now = Date.now();
  if (!systemZone || now - systemZone.at > 60_000) systemZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC', at: now };
  return systemZone.zone;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(ms)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  return { year: out.year, month: out.month, day: out.day, hour: out.hour, minute: out.minute, second: out.second };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const keyOf = (y: number, m: number, d: number): DayKey => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

function dayKeyUncached(ms: number, timeZone: string): DayKey {
  const w = wallClock(ms, timeZone);
  return keyOf(w.year, w.month, w.day);
}

// Every saved term asks for today's key (~0.1 ms through Intl). The last minute asked is kept per zone, when the
// day is the same at its first and its last millisecond: a day cannot change twice within a minute, so every
// instant of that minute has that day (exact even for zones whose offset has seconds).
const MINUTE_MS = 60_000;
const lastMinute = new Map<string, { minute: number; key: DayKey | null }>();

/** The calendar day that the instant `ms` falls on in `timeZone`. */
export function dayKey(ms: number, timeZone: string): DayKey {
  const minute = Math.floor(ms / MINUTE_MS);
  const cached = lastMinute.get(timeZone);
  if (cached?.minute === minute && cached.key !== null) return cached.key;
  const key = dayKeyUncached(ms, timeZone);
  const start = minute * MINUTE_MS;
  const sameAllMinute = dayKeyUncached(start, timeZone) === dayKeyUncached(start + MINUTE_MS - 1, timeZone);
  lastMinute.set(timeZone, { minute, key: sameAllMinute ? key : null });
  return key;
}

export function parseDayKey(key: string): { year: number; month: number; day: number } | null {
  const m = DAY_KEY.exec(key);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

function utcMidnight(key: DayKey): number {
  const p = parseDayKey(key);
  if (!p) throw new Error(`Not a day key: ${key}`);
  return Date.UTC(p.year, p.month - 1, p.day);
}

/** The day `n` calendar days after `key` (negative n goes back). */
export function addDays(key: DayKey, n: number): DayKey {
  const d = new Date(utcMidnight(key) + n * DAY_MS);
  return keyOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** Whole calendar days from `a` to `b` (positive when b is later). */
export function daysBetween(a: DayKey, b: DayKey): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

/** The first day of the month `n` months after the month of `key`. */
export function firstOfMonth(key: DayKey, n = 0): DayKey {
  const p = parseDayKey(key);
  if (!p) throw new Error(`Not a day key: ${key}`);
  const d = new Date(Date.UTC(p.year, p.month - 1 + n, 1));
  return keyOf(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/** Day of the week of a day key, 0 = Sunday .. 6 = Saturday (independent of any zone). */
export function weekday(key: DayKey): number {
  return new Date(utcMidnight(key)).getUTCDay();
}

/** Offset of the zone's wall clock from UTC at instant `ms`, in ms (e.g. +3_600_000 for CET). */
function zoneOffset(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The first instant of calendar day `key` in `timeZone`: local midnight, or the first existing local time
 * of that day where a DST change skips midnight.
 */
export function startOfDay(key: DayKey, timeZone: string): number {
  const wallMidnight = utcMidnight(key);
  let t = wallMidnight - zoneOffset(wallMidnight, timeZone);
  const second = wallMidnight - zoneOffset(t, timeZone);
  if (second !== t) t = second;
  // A skipped midnight lands us on the previous day or too late: step to the day's first existing hour.
  if (dayKey(t, timeZone) < key) {
    while (dayKey(t, timeZone) < key) t += 3_600_000;
    while (dayKey(t - 60_000, timeZone) === key) t -= 60_000;
  }
  return t;
}
