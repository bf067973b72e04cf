import { describe, expect, it } from 'vitest';
import { dueThresholds, isDueOn, lwtIntervalDays, REVIEW_INTERVAL_DAYS } from './due';
import { RATING, ratingForAnswer } from './rating';
import { hasMarkedTerm, maskSentence, plainSentence, splitSentence } from './cloze';

describe('due rule', () => {
  it('derives the LWT intervals from its score formula', () => {
    expect([1, 2, 3, 4, 5].map((s) => lwtIntervalDays(s as 1))).toEqual([1, 2, 9, 27, 72]);
    // Cross-check against the score itself: negative on the interval day, not the day before.
    const score = (s: number, d: number) => ((Math.pow(2.4, s) + s - d - 1) / s - 2.4) / 0.14325248;
    for (const s of [1, 2, 3, 4, 5] as const) {
      expect(score(s, REVIEW_INTERVAL_DAYS[s])).toBeLessThan(0);
      expect(score(s, REVIEW_INTERVAL_DAYS[s] - 1)).toBeGreaterThanOrEqual(0);
    }
  });

  it('counts calendar days in the user zone, not 24-hour spans', () => {
    const lateEvening = Date.UTC(2026, 2, 14, 22, 0); // 23:00 in Berlin on the 14th
    expect(isDueOn(1, lateEvening, '2026-03-15', 'Europe/Berlin')).toBe(true);
    expect(isDueOn(1, lateEvening, '2026-03-14', 'Europe/Berlin')).toBe(false);
    expect(isDueOn(2, lateEvening, '2026-03-15', 'Europe/Berlin')).toBe(false);
    expect(isDueOn(2, lateEvening, '2026-03-16', 'Europe/Berlin')).toBe(true);
    // 23:30 UTC is already the next day in Berlin: changed "today", so not due.
    expect(isDueOn(1, Date.UTC(2026, 2, 14, 23, 30), '2026-03-15', 'Europe/Berlin')).toBe(false);
  });

  it('never makes 98 or 99 due', () => {
    expect(isDueOn(98, 0, '2026-03-15', 'UTC')).toBe(false);
    expect(isDueOn(99, 0, '2026-03-15', 'UTC')).toBe(false);
  });

  it('gives thresholds that agree with isDueOn', () => {
    const t = dueThresholds('2026-03-15', 'America/New_York');
    for (const s of [1, 2, 3, 4, 5] as const) {
      expect(isDueOn(s, t[s] - 1, '2026-03-15', 'America/New_York')).toBe(true);
      expect(isDueOn(s, t[s], '2026-03-15', 'America/New_York')).toBe(false);
    }
  });
});

describe('answer to rating', () => {
  it('maps status moves to FSRS grades', () => {
    expect(ratingForAnswer(3, 98)).toBeNull();
    expect(ratingForAnswer(1, 99)).toBe(RATING.Easy);
    expect(ratingForAnswer(1, 3)).toBe(RATING.Easy);
    expect(ratingForAnswer(2, 3)).toBe(RATING.Good);
    expect(ratingForAnswer(3, 3)).toBe(RATING.Hard);
    expect(ratingForAnswer(5, 5)).toBe(RATING.Good);
    expect(ratingForAnswer(4, 2)).toBe(RATING.Again);
    expect(ratingForAnswer(1, 1)).toBe(RATING.Again);
    expect(ratingForAnswer(3, 1)).toBe(RATING.Again);
    expect(ratingForAnswer(99, 4)).toBe(RATING.Again);
    expect(ratingForAnswer(98, 5)).toBe(RATING.Good);
  });
});

describe('cloze', () => {
  it('splits, masks and strips braces', () => {
    const s = 'Ich habe {Hunger} heute.';
    expect(splitSentence(s)).toEqual([
      { text: 'Ich habe ', isTerm: false },
      { text: 'Hunger', isTerm: true },
      { text: ' heute.', isTerm: false },
    ]);
    expect(maskSentence(s)).toBe('Ich habe […] heute.');
    expect(plainSentence(s)).toBe('Ich habe Hunger heute.');
    expect(hasMarkedTerm(s)).toBe(true);
  });

  it('leaves unbalanced or empty braces as text', () => {
    expect(maskSentence('a {b c')).toBe('a {b c');
    expect(hasMarkedTerm('no braces')).toBe(false);
    expect(maskSentence('{x} and {y}')).toBe('[…] and […]');
    expect(plainSentence('a {} b')).toBe('a  b');
  });
});

describe('new terms are due at once (issue 20)', () => {
  it('a status-1 term never reviewed is due today; a reviewed one waits its day', async () => {
    const { isDueOn } = await import('./due');
    const now = Date.UTC(2026, 2, 15, 12);
    expect(isDueOn(1, now, '2026-03-15', 'UTC', { neverReviewed: true })).toBe(true);
    expect(isDueOn(1, now, '2026-03-15', 'UTC')).toBe(false);
    expect(isDueOn(2, now, '2026-03-15', 'UTC', { neverReviewed: true })).toBe(false);
  });
});
