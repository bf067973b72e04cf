// Runs in: main. Folds the write-ahead log back into the database file between requests, not inside them.
//
// SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past its threshold, so the request
// that happens to cross it waits for the copy: a 10 MB subtitle import waited ~100 ms more for it, a term save
// 10-30 ms. Here the core's connection checkpoints in the first pause between calls instead (PASSIVE: it never
// waits on a reader or a writer), or after at most two seconds of calls without a pause. SQLite's own
// checkpoint stays as a backstop at a higher threshold, for writers that do not go through a call (schedules).
import type { Sqlite } from './connection';

/** Pages in the WAL at which a commit still checkpoints on its own (4 KiB pages: 40 MB). */
export const BACKSTOP_WAL_PAGES = 10_000;
/** A pause this long after a call is when the checkpoint runs... */
const PAUSE_MS = 250;
/** ...or this long after the first call of a burst that never pauses. */
const MAX_DEFER_MS = 2_000;

export interface WalCheckpoints {
  /** A call ran: a checkpoint follows in the next pause (one per burst). */
  afterCall(): void;
  stop(): void;
}

/** For a connection whose checkpoints `startWalCheckpoints` runs: SQLite's own only past the backstop. */
export function deferCheckpoints(sqlite: Sqlite): void {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_WAL_PAGES}`);
}

export function startWalCheckpoints(current: () => Sqlite, onError: (err: unknown) => void, pauseMs = PAUSE_MS, maxDeferMs = MAX_DEFER_MS): WalCheckpoints {
  let timer: NodeJS.Timeout | null = null;
  let armedAt = 0;
  let lastCallAt = 0;
  const arm = (ms: number) => {
    timer = setTimeout(run, ms);
    // A pending checkpoint never keeps a process alive; close() folds the whole WAL anyway.
    timer.unref();
  };
  const run = () => {
    const now = Date.now();
    const sinceCall = now - lastCallAt;
    if (sinceCall < pauseMs && now - armedAt < maxDeferMs) return arm(pauseMs - sinceCall);
    timer = null;
    const sqlite = current();
    if (!sqlite.open) return;
    // An open transaction (a call awaiting mid-way) is left alone: the next call brings another turn.
    if (sqlite.inTransaction) return;
    try {
      sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      onError(err);
    }
  };
  return {
    afterCall() {
      lastCallAt = Date.now();
      if (timer) return;
      armedAt = lastCallAt;
      arm(pauseMs);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
