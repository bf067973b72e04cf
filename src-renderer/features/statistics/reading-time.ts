// Runs in: renderer. Active reading time: the reader counts seconds only while the learner is there — the window
// visible and focused, and some input (key, pointer, wheel, scroll) within the idle limit — and reports them to
// the activity module in small pieces. Leaving the reader open over lunch adds nothing.
import { useEffect } from 'react';
import { api } from '../../api/client';

/** With no input for this long the learner is taken to be away; reading a long page rarely takes longer. */
export const IDLE_MS = 90_000;
/** Seconds gathered before a report (the server takes at most READING_TIME_MAX_REPORT_SECONDS). */
export const REPORT_EVERY_S = 30;

/** The counting rule, free of the DOM and timers, so it can be tested with made-up instants. */
export class ActiveTimeMeter {
  private lastInput: number;
  private lastTick: number;
  private pendingMs = 0;

  constructor(
    now: number,
    private readonly idleMs = IDLE_MS,
  ) {
    this.lastInput = now;
    this.lastTick = now;
  }

  input(now: number): void {
    this.lastInput = now;
  }

  /** Adds the time since the last tick that falls before the idle limit, when the learner can be reading. */
  tick(now: number, present: boolean): void {
    const activeUntil = Math.min(now, this.lastInput + this.idleMs);
    if (present && activeUntil > this.lastTick) this.pendingMs += activeUntil - this.lastTick;
    this.lastTick = now;
  }

  /** Whole seconds gathered so far, taken out of the meter (the remainder stays for the next report). */
  take(minSeconds: number): number {
    const seconds = Math.floor(this.pendingMs / 1000);
    if (seconds < minSeconds || seconds === 0) return 0;
    this.pendingMs -= seconds * 1000;
    return seconds;
  }
}

const INPUT_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'scroll', 'touchstart'] as const;

/** Counts active reading time while `active` (the reader has a text open) and reports it every 30 s and on leaving. */
export function useReadingTime(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const meter = new ActiveTimeMeter(Date.now());
    const present = () => document.visibilityState === 'visible' && document.hasFocus();
    const report = (min: number) => {
      const seconds = meter.take(min);
      // Best effort: a lost report loses at most half a minute of a statistic.
      if (seconds > 0) api.call('activity.readingTime', { seconds }).catch(() => undefined);
    };
    const onInput = () => meter.input(Date.now());
    const onHide = () => {
      meter.tick(Date.now(), true);
      if (document.visibilityState === 'hidden') report(1);
    };
    const timer = window.setInterval(() => {
      meter.tick(Date.now(), present());
      report(REPORT_EVERY_S);
    }, 1000);
    for (const e of INPUT_EVENTS) window.addEventListener(e, onInput, { passive: true, capture: true });
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.clearInterval(timer);
      for (const e of INPUT_EVENTS) window.removeEventListener(e, onInput, { capture: true });
      document.removeEventListener('visibilitychange', onHide);
      meter.tick(Date.now(), present());
      report(1);
    };
  }, [active]);
}
