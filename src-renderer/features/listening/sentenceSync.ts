// Runs in: renderer (pure helpers). Which sentence is spoken at a time, and timing edits of the manual mode.
import type { SentenceTimingDto } from '../../../src-shared/contract/listening';

/** The sentence order spoken at time t: the last timing starting at or before t (null before the first). */
export function sentenceAt(timings: readonly SentenceTimingDto[], t: number): number | null {
  let lo = 0;
  let hi = timings.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (timings[mid].start <= t + 0.05) {
      found = timings[mid].order;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Sets (or replaces) the start of a sentence; ends follow the next start. Keeps starts in order. */
export function markStart(timings: readonly SentenceTimingDto[], order: number, start: number): SentenceTimingDto[] {
  const rest = timings.filter((t) => t.order !== order);
  const next = [...rest, { order, start: Math.max(0, Math.round(start * 1000) / 1000), end: start }].sort((a, b) => a.order - b.order);
  // A start earlier than a preceding one cannot be: later sentences marked before are dropped.
  const clean: SentenceTimingDto[] = [];
  for (const t of next) if (!clean.length || t.start >= clean[clean.length - 1].start || t.order === order) clean.push(t);
  const ordered = clean.filter((t, i) => i === 0 || t.start >= clean[i - 1].start);
  return ordered.map((t, i) => ({ ...t, end: ordered[i + 1]?.start ?? Math.max(t.end, t.start) }));
}

/** Moves a sentence's start by delta seconds, not past its neighbours. */
export function nudge(timings: readonly SentenceTimingDto[], order: number, delta: number): SentenceTimingDto[] {
  const i = timings.findIndex((t) => t.order === order);
  if (i < 0) return [...timings];
  const lo = i > 0 ? timings[i - 1].start : 0;
  const hi = i + 1 < timings.length ? timings[i + 1].start : Infinity;
  const start = Math.min(hi, Math.max(lo, Math.round((timings[i].start + delta) * 1000) / 1000));
  return timings.map((t, k) => (k === i ? { ...t, start, end: Math.max(t.end, start) } : k === i - 1 ? { ...t, end: start } : t));
}
