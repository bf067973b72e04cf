import { describe, expect, it } from 'vitest';
import { ActiveTimeMeter } from './reading-time';

const S = 1000;

describe('active reading time', () => {
  it('counts time while the learner is present and has given input within the idle limit', () => {
    const m = new ActiveTimeMeter(0, 90 * S);
    for (let t = 1; t <= 30; t++) m.tick(t * S, true);
    expect(m.take(30)).toBe(30);
    expect(m.take(1)).toBe(0);
  });

  it('stops counting at the idle limit after the last input, and starts again with the next input', () => {
    const m = new ActiveTimeMeter(0, 90 * S);
    // The window stays open for an hour with no input: 90 s count, not 3600.
    for (let t = 1; t <= 3600; t++) m.tick(t * S, true);
    expect(m.take(1)).toBe(90);
    m.input(3600 * S);
    for (let t = 3601; t <= 3610; t++) m.tick(t * S, true);
    expect(m.take(1)).toBe(10);
  });

  it('does not count while the window is hidden or unfocused, and keeps fractions for the next report', () => {
    const m = new ActiveTimeMeter(0, 90 * S);
    m.tick(10 * S, false);
    expect(m.take(1)).toBe(0);
    m.input(10 * S);
    m.tick(11_500, true);
    expect(m.take(1)).toBe(1);
    m.tick(12 * S, true);
    expect(m.take(1)).toBe(1);
  });

  it('reports only once a full piece is gathered', () => {
    const m = new ActiveTimeMeter(0, 90 * S);
    m.tick(29 * S, true);
    expect(m.take(30)).toBe(0);
    m.tick(31 * S, true);
    expect(m.take(30)).toBe(31);
  });
});
