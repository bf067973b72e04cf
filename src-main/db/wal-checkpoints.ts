// Runs in: main. Folds the write-ahead log back into the database file off the main thread, between requests
// and during long imports, never inside a request.
//
// SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past its threshold, so the request
// that happens to cross it waits for the copy: a 10 MB subtitle import waited ~100 ms more for it, a term save
// 10-30 ms, and each chapter commit of a 200-chapter book import past the threshold 30-40 ms; a checkpoint run
// between calls on the core's connection still held the loop for its fsync (30-55 ms on a slow disk). Here a
// worker thread checkpoints on a connection of its own (checkpoint-task.ts; PASSIVE: it never waits on the
// core's readers or writers, which go on committing) in the first pause between calls, and while calls run — a
// long import, or calls that never pause — every BUSY_EVERY_MS once the WAL has grown past BUSY_WAL_BYTES.
// Where no worker can start, the core's connection does the same itself. SQLite's own checkpoint stays as a
// backstop at a higher threshold, for writers that do not go through a call (schedules).
import fs from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { startWorkerService } from '../core/worker';
import type { CheckpointerReply } from './checkpoint-task';
import type { Sqlite } from './connection';

/** Pages in the WAL at which a commit still checkpoints on its own (4 KiB pages: 40 MB). */
export const BACKSTOP_WAL_PAGES = 10_000;
/** A pause this long after a call is when the checkpoint runs... */
const PAUSE_MS = 250;
/** ...and while calls run, the WAL's size is looked at this often... */
const BUSY_EVERY_MS = 500;
/**
 * ...and folded once it is this large. Not smaller: each checkpoint ends with an fsync that slows the core's own
 * writes on the same disk (at 1 MB a 100,000-term import took 9.2-9.9 s instead of 6.7-7.1 s).
 */
const BUSY_WAL_BYTES = 8 * 1024 * 1024;
/** How long closing waits for the checkpointer's connection to close (it may be finishing a checkpoint). */
const CLOSE_WAIT_MS = 5_000;

export interface WalCheckpointOptions {
  pauseMs: number;
  busyEveryMs: number;
  busyWalBytes: number;
  /** False: checkpoint on the core's connection (what happens anyway when the worker cannot start). */
  inWorker: boolean;
}

export interface WalCheckpoints {
  /** A call started: while calls run, a WAL past BUSY_WAL_BYTES is folded every BUSY_EVERY_MS. */
  callStarted(): void;
  /** A call ended: a checkpoint follows in the next pause (one per burst). */
  afterCall(): void;
  /** Before the database is closed or replaced: the checkpointer's connection is closed (reopened on demand). */
  release(): void;
  stop(): void;
}

/** For a connection whose checkpoints `startWalCheckpoints` runs: SQLite's own only past the backstop. */
export function deferCheckpoints(sqlite: Sqlite): void {
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_WAL_PAGES}`);
}

const walBytes = (sqlite: Sqlite) => fs.statSync(`${sqlite.name}-wal`, { throwIfNoEntry: false })?.size ?? 0;

/** The checkpointer thread of one database file: one checkpoint at a time, a request meanwhile runs after it. */
class CheckpointerThread {
  private worker: Worker;
  private closed = new Int32Array(new SharedArrayBuffer(4));
  private running = false;
  private again = false;
  /** The thread stopped on its own (it could not start, or failed): the caller falls back to its connection. */
  failed = false;

  constructor(
    readonly file: string,
    onError: (err: unknown) => void,
  ) {
    this.worker = startWorkerService('db.checkpointer', { file, closed: this.closed.buffer });
    // The worker bundle's entry also posts the task's end ({ kind: 'result' }) once closed: not a reply.
    this.worker.on('message', (reply: CheckpointerReply | { kind: 'result' }) => {
      if (reply.kind === 'result') return;
      this.running = false;
      // A lock met (a restore's exclusive moment) is only a checkpoint for later.
      if (reply.kind === 'failed' && !/locked|busy/i.test(reply.message)) onError(new Error(reply.message));
      if (this.again) this.checkpoint();
    });
    const stopped = (err?: unknown) => {
      if (Atomics.load(this.closed, 0) === 1) return;
      this.failed = true;
      if (err) onError(err);
    };
    this.worker.on('error', stopped);
    this.worker.on('exit', () => stopped());
  }

  checkpoint(): void {
    this.again = this.running;
    if (this.running) return;
    this.running = true;
    this.worker.postMessage('checkpoint');
  }

  /** Synchronous: the database may be closed or replaced right after (a connection left open would hold the old file). */
  closeSync(): void {
    if (!this.failed) {
      this.worker.postMessage('close');
      Atomics.wait(this.closed, 0, 0, CLOSE_WAIT_MS);
    }
    void this.worker.terminate();
  }
}

export function startWalCheckpoints(current: () => Sqlite, onError: (err: unknown) => void, options: Partial<WalCheckpointOptions> = {}): WalCheckpoints {
  const { pauseMs = PAUSE_MS, busyEveryMs = BUSY_EVERY_MS, busyWalBytes = BUSY_WAL_BYTES, inWorker = true } = options;
  let pauseTimer: NodeJS.Timeout | null = null;
  let busyTimer: NodeJS.Timeout | null = null;
  let inFlight = 0;
  let lastCallAt = 0;
  let thread: CheckpointerThread | null = null;
  let useThread = inWorker;
  const release = () => {
    thread?.closeSync();
    thread = null;
  };
  /** A PASSIVE checkpoint of the current database, on the checkpointer thread (started on first use). */
  const checkpoint = (onlyPastBytes: number) => {
    const sqlite = current();
    if (!sqlite.open) return;
    try {
      if (onlyPastBytes > 0 && walBytes(sqlite) < onlyPastBytes) return;
      if (thread && (thread.failed || thread.file !== sqlite.name)) {
        useThread = !thread.failed;
        release();
      }
      if (useThread) {
        thread ??= new CheckpointerThread(sqlite.name, onError);
        return thread.checkpoint();
      }
      // On the core's connection: an open transaction (a call awaiting mid-way) is left alone.
      if (!sqlite.inTransaction) sqlite.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      onError(err);
    }
  };
  const onPause = () => {
    const sinceCall = Date.now() - lastCallAt;
    if (inFlight > 0 || sinceCall < pauseMs) {
      // A call still running: look again a pause later (the busy checkpoints cover it meanwhile).
      pauseTimer = setTimeout(onPause, inFlight > 0 ? pauseMs : pauseMs - sinceCall).unref();
      return;
    }
    pauseTimer = null;
    checkpoint(0);
  };
  const onBusy = () => {
    if (inFlight === 0 && Date.now() - lastCallAt >= pauseMs) {
      // The calls have paused: the pause's checkpoint takes over.
      if (busyTimer) clearInterval(busyTimer);
      busyTimer = null;
      return;
    }
    checkpoint(busyWalBytes);
  };
  return {
    callStarted() {
      inFlight++;
      // Neither timer keeps a process alive; close() folds the whole WAL anyway.
      busyTimer ??= setInterval(onBusy, busyEveryMs).unref();
    },
    afterCall() {
      inFlight = Math.max(0, inFlight - 1);
      lastCallAt = Date.now();
      pauseTimer ??= setTimeout(onPause, pauseMs).unref();
    },
    release,
    stop() {
      if (pauseTimer) clearTimeout(pauseTimer);
      if (busyTimer) clearInterval(busyTimer);
      pauseTimer = busyTimer = null;
      release();
    },
  };
}
