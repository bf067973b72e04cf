// Runs in: a worker thread (src-main/workers/tasks.ts 'db.checkpointer', started by wal-checkpoints.ts). Folds the
// live database's write-ahead log into its file on a connection of its own, so the copy and the fsync that ends
// it (30-50 ms each on a slow disk) never hold the main thread. PASSIVE: it never waits on the core's readers or
// writers, which go on committing while it copies. Lives until told to close; closing answers through shared
// memory, since the core closes it synchronously before it closes or replaces the database.
import Database from 'better-sqlite3';
import { parentPort } from 'node:worker_threads';

export interface CheckpointerInput {
  file: string;
  /** Int32Array over it: [0] becomes 1 once the connection is closed. */
  closed: SharedArrayBuffer;
}

export type CheckpointerRequest = 'checkpoint' | 'close';
export type CheckpointerReply = { kind: 'checkpointed' } | { kind: 'failed'; message: string };

export function runCheckpointer(input: CheckpointerInput): Promise<void> {
  const port = parentPort!;
  // No busy wait: a checkpoint that meets a lock is tried again at the next request.
  const db = new Database(input.file, { fileMustExist: true, timeout: 0 });
  const closed = new Int32Array(input.closed);
  return new Promise<void>((resolve) => {
    const onRequest = (request: CheckpointerRequest) => {
      if (request === 'close') {
        port.off('message', onRequest);
        db.close();
        Atomics.store(closed, 0, 1);
        Atomics.notify(closed, 0);
        resolve();
        return;
      }
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
        port.postMessage({ kind: 'checkpointed' } satisfies CheckpointerReply);
      } catch (err) {
        port.postMessage({ kind: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies CheckpointerReply);
      }
    };
    port.on('message', onRequest);
  });
}
