import { describe, expect, it } from 'vitest';
import { addDays, dayKey, daysBetween, firstOfMonth, isValidTimeZone, parseDayKey, resolveTimeZone, startOfDay, weekday } from './day';

describe('day keys', () => {
  it('takes the calendar day in the given zone', () => {
    const t = Date.UTC(2026, 2, 15, 23, 30); // 23:30 UTC
    expect(dayKey(t, 'UTC')).toBe('2026-03-15');
    expect(dayKey(t, 'Europe/Berlin')).toBe('2026-03-16'); // 00:30 CET
    expect(dayKey(t, 'America/New_York')).toBe('2026-03-15'); // 19:30 EDT
    expect(dayKey(Date.UTC(2026, 2, 15, 3), 'America/Los_Angeles')).toBe('2026-03-14');
  });

  it('adds days across month, year and leap day', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-01-01', '2027-01-01')).toBe(365);
    expect(daysBetween('2026-03-10', '2026-03-08')).toBe(-2);
  });

  it('finds month starts and weekdays', () => {
    expect(firstOfMonth('2026-03-15')).toBe('2026-03-01');
    expect(firstOfMonth('2026-03-15', -11)).toBe('2025-04-01');
    expect(weekday('2026-03-15')).toBe(0); // a Sunday
  });

  it('validates day keys and zones', () => {
    expect(parseDayKey('2026-02-30')).toBeNull();
    expect(parseDayKey('2026-2-3')).toBeNull();
    expect(parseDayKey('2026-02-03')).toEqual({ year: 2026, month: 2, day: 3 });
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(resolveTimeZone('Mars/Olympus')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(resolveTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
  });

  it('finds local midnight, also on DST change days', () => {
    expect(startOfDay('2026-03-15', 'UTC')).toBe(Date.UTC(2026, 2, 15));
    expect(startOfDay('2026-03-15', 'Asia/Tokyo')).toBe(Date.UTC(2026, 2, 14, 15));
    // Berlin switches to summer time on 2026-03-29 at 02:00; midnight still exists at UTC+1.
    expect(startOfDay('2026-03-29', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23));
    expect(startOfDay('2026-03-30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 22));
    // Santiago skips from 00:00 to 01:00 on 2026-09-06: the day starts at 01:00 local (04:00 UTC).
    const santiago = startOfDay('2026-09-06', 'America/Santiago');
    expect(dayKey(santiago, 'America/Santiago')).toBe('2026-09-06');
    expect(dayKey(santiago - 1, 'America/Santiago')).toBe('2026-09-05');
  });
});

describe('dayKey within a minute (it keeps the last minute asked per zone)', () => {
  it('is exact when a zone’s midnight falls inside a UTC minute (Monrovia, 1960: UTC−0:44:30)', () => {
    // Local midnight of 1960-06-02 in Monrovia is 00:44:30 UTC: asked second by second, forwards then backwards.
    const minute = Date.UTC(1960, 5, 2, 0, 44);
    const expected = (s: number) => (s < 30 ? '1960-06-01' : '1960-06-02');
    for (let s = 0; s < 60; s++) expect(dayKey(minute + s * 1000, 'Africa/Monrovia')).toBe(expected(s));
    for (let s = 59; s >= 0; s--) expect(dayKey(minute + s * 1000, 'Africa/Monrovia')).toBe(expected(s));
  });

  it('answers each zone for itself, minute after minute', () => {
    const t = Date.UTC(2026, 2, 15, 23, 59, 30);
    expect(dayKey(t, 'UTC')).toBe('2026-03-15');
    expect(dayKey(t, 'Europe/Berlin')).toBe('2026-03-16');
    expect(dayKey(t + 1000, 'UTC')).toBe('2026-03-15');
    expect(dayKey(t + 30_000, 'UTC')).toBe('2026-03-16');
    expect(dayKey(t + 30_000, 'Europe/Berlin')).toBe('2026-03-16');
  });
});
