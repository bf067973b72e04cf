// Runs in: a worker thread started by runInWorker (src-main/core/worker.ts). Runs one task and posts its
// result, its progress, or its error (message only: the main thread decides what the user sees).
import { parentPort, workerData } from 'node:worker_threads';
import { WORKER_TASKS } from './tasks';

interface Job {
  task: string;
  input: unknown;
}

async function run(): Promise<void> {
  const { task, input } = workerData as Job;
  const load = WORKER_TASKS[task];
  if (!load) throw new Error(`Unknown worker task: ${task}`);
  const fn = await load();
  const result = await fn(input, { progress: (done, stage) => parentPort!.postMessage({ kind: 'progress', done, stage }) });
  parentPort!.postMessage({ kind: 'result', result });
}

run().catch((err: unknown) => {
  const e = err as { name?: string; message?: string; status?: number; extra?: Record<string, unknown> };
  // AppErrors thrown by a parser keep their status and message: they are the user-facing refusal.
  parentPort!.postMessage({ kind: 'error', name: e?.name ?? 'Error', message: e?.message ?? String(err), status: e?.status, extra: e?.extra });
});
