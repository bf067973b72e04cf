// Runs in: a worker thread (src-main/workers/entry.ts). The parsers of untrusted input that run off the main
// thread, by name. Each task is a plain function: structured-cloneable input in, structured-cloneable result out
// (or a Promise of it). Register one line per task; call it through runInWorker (src-main/core/worker.ts).

export interface WorkerTaskContext {
  /** Reports progress (0..1) and an optional stage label to the caller's onProgress. */
  progress(done: number, stage?: string): void;
}

type Task = (input: any, ctx: WorkerTaskContext) => unknown;

/** Loaded lazily so a worker only pays for the parser it runs. */
export const WORKER_TASKS: Record<string, () => Promise<Task>> = {
  /** Self-test of the harness (tests/unit/worker.test.ts). */
  'selftest.echo': async () => (input: unknown) => input,
  'selftest.spin': async () => () => {
    for (;;);
  },
  'selftest.allocate': async () => () => {
    const keep: unknown[] = [];
    for (;;) keep.push(new Array(1e6).fill({ x: Math.random() }));
  },
  'selftest.fail': async () => (input: { message: string }) => {
    throw new Error(input.message);
  },
  'selftest.progress': async () => (input: { steps: number }, ctx: WorkerTaskContext) => {
    for (let i = 1; i <= input.steps; i++) ctx.progress(i / input.steps, 'step');
    return input.steps;
  },
};

export type WorkerTaskName = keyof typeof WORKER_TASKS;
