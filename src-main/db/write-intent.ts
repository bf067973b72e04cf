// Runs in: the thread that owns the core's connection (announces its writes) and the dictionary import worker
// (gives way to them). SQLite lets one writer at a time into the file, and a writer that finds the lock taken
// only polls for it (1, 2, 5 … then every 100 ms): a worker writing in slices with short gaps between them can
// keep a waiting save out for seconds, because its polls keep landing inside the next slice. So the core's
// thread counts its open write transactions in shared memory, and the worker, between small batches of rows,
// commits early when the count is above zero and starts its next slice only once the count is back to zero.
import { workerData } from 'node:worker_threads';

/** This thread's open write transactions (transact in db/sql.ts). Workers it starts get the buffer. */
const announced = new Int32Array(new SharedArrayBuffer(4));

/** The starting thread's counter, in a worker started by runInWorker (null elsewhere). */
const parentWrites: Int32Array | null =
  (workerData as { writeIntent?: SharedArrayBuffer } | null)?.writeIntent instanceof SharedArrayBuffer
    ? new Int32Array((workerData as { writeIntent: SharedArrayBuffer }).writeIntent)
    : null;

/** Handed to every worker (core/worker.ts): the counter its writes give way to. */
export function writeIntentBuffer(): SharedArrayBuffer {
  return announced.buffer as SharedArrayBuffer;
}

/** Runs a write transaction of this thread, counted while it waits for the lock and while it runs. */
export function announcingWrite<T>(fn: () => T): T {
  Atomics.add(announced, 0, 1);
  try {
    return fn();
  } finally {
    if (Atomics.sub(announced, 0, 1) === 1) Atomics.notify(announced, 0);
  }
}

/** In a worker: the thread that started it is waiting for, or inside, a write transaction. */
export function parentIsWriting(): boolean {
  return parentWrites !== null && Atomics.load(parentWrites, 0) > 0;
}

/**
 * In a worker, between its own transactions: blocks until the starting thread has no write open, or `maxMs`
 * passed (so a steady stream of saves slows an import down, never stops it).
 */
export function waitForParentWrites(maxMs: number): void {
  if (!parentWrites) return;
  const deadline = performance.now() + maxMs;
  for (;;) {
    const open = Atomics.load(parentWrites, 0);
    const left = deadline - performance.now();
    if (open === 0 || left <= 0) return;
    Atomics.wait(parentWrites, 0, open, left);
  }
}
