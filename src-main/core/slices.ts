// Runs in: main. The one way long work shares the event loop: it runs in slices of a time budget and gives the loop
// a turn between them, so requests are answered meanwhile (issue 34). A slice ends when its budget is spent (time,
// not rows: a row of a million-term library costs far more than one of an empty one), and before each new slice
// the work asks whether it should go on at all (its library swapped by a restore, its core closed).
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A slice's time budget: what a request may wait behind background work (the job runner's default). */
export const SLICE_MS = 10;

export interface Slicer {
  /** True once this slice has used its budget. */
  spent(): boolean;
  /**
   * Gives the event loop a turn when the slice is spent (at once with `force`) and starts a new slice; resolves
   * false when the work must stop (see `goOn`), true otherwise.
   */
  yield(force?: boolean): Promise<boolean>;
}

/**
 * A slicer for one piece of long work: `budgetMs` a slice (SLICE_MS unless the work measured another), `goOn` asked
 * after each turn given away (a job's `current()`: false once a restore swapped its library or the core closed).
 */
export function slicer(budgetMs: number = SLICE_MS, goOn: () => boolean = () => true): Slicer {
  let started = performance.now();
  return {
    spent: () => performance.now() - started >= budgetMs,
    async yield(force = false) {
      if (!force && performance.now() - started < budgetMs) return goOn();
      await nextTurn();
      started = performance.now();
      return goOn();
    },
  };
}

/**
 * One turn of the event loop given away, for work that counts its own slices (rows a turn, a text a turn): the one
 * way a module yields, so no module imports timers itself (tests/unit/no-timer-escapes.test.ts).
 */
export const yieldToEventLoop = (): Promise<void> => nextTurn();
