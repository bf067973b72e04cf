// Runs in: main and worker threads (the restore prepares its database in one). The query planner's statistics
// (sqlite_stat1), gathered without holding up requests (issue 34).
//
// Without statistics SQLite guesses, and a guess that walks an owner's million terms froze the server for minutes;
// the hot queries have indexes that win the guess (schema/terms.ts), and statistics are kept fresh on top: at every
// open, after migrations, `PRAGMA optimize=0x10002` as SQLite recommends for long-lived connections (before the
// first request, so it may take its ~100 ms on a million terms); after large imports and every few hours,
// `refreshStatistics` runs the ANALYZE that `PRAGMA optimize` would run, one index at a time with the event loop
// free in between, so no request waits behind more than one index's sample. `analysis_limit` makes ANALYZE sample
// about that many rows of an index instead of reading all of it (milliseconds instead of seconds).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Sqlite } from './connection';

/** Rows ANALYZE samples per index (SQLite suggests 100–1000 for PRAGMA optimize). */
export const ANALYSIS_LIMIT = 400;
/** Periodic refresh, for libraries that grow by many small saves. */
const PERIOD_MS = 4 * 60 * 60_000;
/** An import's refresh waits this long: the learner's next requests after an import come first. */
const AFTER_IMPORT_DELAY_MS = 1_000;

/** At open, after migrations: statistics for every table that lacks them or has grown or shrunk much. */
export function optimizeAtOpen(sqlite: Sqlite): void {
  sqlite.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  sqlite.pragma('optimize = 0x10002');
}

/** The tables `PRAGMA optimize` would analyze now (0x1: only say what it would do; 0x10000: check every table). */
export function staleTables(sqlite: Sqlite): string[] {
  const rows = sqlite.prepare('PRAGMA optimize(0x10003)').all() as { optimize: string }[];
  return rows.flatMap((r) => {
    const m = /^ANALYZE "main"\."((?:[^"]|"")+)"$/.exec(r.optimize);
    return m ? [m[1].replace(/""/g, '"')] : [];
  });
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Gathers the statistics `PRAGMA optimize` finds missing or stale, one index per event-loop turn. `current` is read
 * again at every step: a restore may have replaced the connection (the new one was optimized at its open), and a
 * closed or mid-transaction connection is left alone.
 */
export async function refreshStatistics(current: () => Sqlite): Promise<number> {
  let analyzed = 0;
  const first = current();
  if (!first.open) return 0;
  first.pragma(`analysis_limit = ${ANALYSIS_LIMIT}`);
  for (const table of staleTables(first)) {
    const indexes = first.prepare('SELECT name FROM pragma_index_list(?)').pluck().all(table) as string[];
    // A table without an index gets its row count; one with indexes gets each index's sample (and the count).
    for (const target of indexes.length > 0 ? indexes : [table]) {
      await nextTurn();
      const sqlite = current();
      if (sqlite !== first || !sqlite.open || sqlite.inTransaction) return analyzed;
      sqlite.exec(`ANALYZE ${quoted(target)}`);
      analyzed++;
    }
  }
  return analyzed;
}

export interface Statistics {
  /** A large import changed many rows: refresh soon (once for a burst of imports). */
  afterImport(): void;
  stop(): void;
}

/**
 * Refreshes after imports and, with `periodic` (a core's background work: off in cores made with
 * `background: false`), every PERIOD_MS; failures are reported, never thrown at a request.
 */
export function startStatistics(current: () => Sqlite, onError: (err: unknown) => void, delayMs = AFTER_IMPORT_DELAY_MS, periodic = true): Statistics {
  let pending: NodeJS.Timeout | null = null;
  let running = false;
  const run = () => {
    pending = null;
    if (running) return;
    running = true;
    refreshStatistics(current)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const every = periodic ? setInterval(run, PERIOD_MS) : null;
  // Neither timer keeps a process alive: the next open optimizes anyway.
  every?.unref();
  return {
    afterImport() {
      if (pending) return;
      pending = setTimeout(run, delayMs);
      pending.unref();
    },
    stop() {
      if (every) clearInterval(every);
      if (pending) clearTimeout(pending);
      pending = null;
    },
  };
}
