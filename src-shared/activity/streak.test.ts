import { describe, expect, it } from 'vitest';
import { calendarStart, computeStreak, fillCalendar, type DayCounts } from './streak';

const active = (...dates: string[]): DayCounts[] => dates.map((date) => ({ date, termsCreated: 1, termsReviewed: 0, textsRead: 0 }));

describe('streaks', () => {
  it('is empty without activity', () => {
    expect(computeStreak([], '2026-03-15')).toEqual({ current: 0, best: 0, lastActiveDate: null, activeToday: false });
  });

  it('counts consecutive days ending today', () => {
    const s = computeStreak(active('2026-03-13', '2026-03-14', '2026-03-15'), '2026-03-15');
    expect(s).toEqual({ current: 3, best: 3, lastActiveDate: '2026-03-15', activeToday: true });
  });

  it('stays alive when today is empty but yesterday was active', () => {
    const s = computeStreak(active('2026-03-13', '2026-03-14'), '2026-03-15');
    expect(s.current).toBe(2);
    expect(s.activeToday).toBe(false);
  });

  it('breaks after a gap of one empty day', () => {
    expect(computeStreak(active('2026-03-12', '2026-03-13'), '2026-03-15').current).toBe(0);
    const gap = computeStreak(active('2026-03-10', '2026-03-11', '2026-03-12', '2026-03-14', '2026-03-15'), '2026-03-15');
    expect(gap.current).toBe(2);
    expect(gap.best).toBe(3);
  });

  it('ignores days with zero counts and future days, runs across month ends', () => {
    const days: DayCounts[] = [
      ...active('2026-02-27', '2026-02-28', '2026-03-01'),
      { date: '2026-03-02', termsCreated: 0, termsReviewed: 0, textsRead: 0 },
      ...active('2026-03-20'),
    ];
    const s = computeStreak(days, '2026-03-02');
    expect(s).toMatchObject({ current: 3, best: 3, lastActiveDate: '2026-03-01' });
  });
});

describe('calendar', () => {
  it('fills every day of twelve months with zeros where nothing happened', () => {
    const from = calendarStart('2026-03-15', 12);
    expect(from).toBe('2025-04-01');
    const days = fillCalendar([{ date: '2026-03-14', termsCreated: 2, termsReviewed: 3, textsRead: 1 }], from, '2026-03-15');
    expect(days).toHaveLength(349);
    expect(days[0]).toEqual({
      date: '2025-04-01',
      termsCreated: 0,
      termsReviewed: 0,
      textsRead: 0,
      markedKnown: 0,
      markedIgnored: 0,
      wordsRead: 0,
      readingSeconds: 0,
      total: 0,
    });
    expect(days.at(-2)).toEqual({
      date: '2026-03-14',
      termsCreated: 2,
      termsReviewed: 3,
      textsRead: 1,
      markedKnown: 0,
      markedIgnored: 0,
      wordsRead: 0,
      readingSeconds: 0,
      total: 6,
    });
    expect(days.at(-1)!.date).toBe('2026-03-15');
  });
});
