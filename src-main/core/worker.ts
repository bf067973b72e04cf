// Runs in: main. Runs a parser of untrusted input in a worker thread with a heap cap and a deadline, so a
// hostile file can cost at most that much memory and time and never stalls the main process (in the desktop
// app, the window's lifeline). On either limit the worker is terminated and the caller gets a plain refusal.
//
// The heap cap (resourceLimits) does not cover ArrayBuffer memory: parsers must still cap the bytes they
// inflate or allocate themselves (decompressed sizes, entries), and check them before allocating.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { threadId, Worker } from 'node:worker_threads';
import { AppError } from '../../src-shared/contract/errors';
import type { WorkerTaskName } from '../workers/tasks';
import { type Message, messageText, msg } from '../../src-shared/contract/messages';
import { writeIntentBuffer } from '../db/write-intent';

export interface WorkerLimits {
  /** V8 old-generation heap cap for the worker, MB. Default 256. */
  maxHeapMb?: number;
  /** Wall-clock deadline, ms. Default 30 s. */
  timeoutMs?: number;
  /** ArrayBuffers to move (not copy) into the worker, e.g. the upload's bytes. */
  transfer?: ArrayBuffer[];
  onProgress?: (done: number, stage?: string) => void;
  /** The refusal shown when a limit is hit. */
  tooComplexMessage?: Message;
}

const TOO_COMPLEX_MESSAGE = msg('request.tooComplex');
export const TOO_COMPLEX = messageText(TOO_COMPLEX_MESSAGE);

type WorkerMessage =
  | { kind: 'result'; result: unknown }
  | { kind: 'progress'; done: number; stage?: string }
  | { kind: 'error'; name: string; message: string; status?: number; extra?: Record<string, unknown> };

/** The worker's entry: the bundle beside the running bundle, or the TypeScript sources through tsx. */
function workerEntry(): { file: string; bundled: boolean } {
  const here = typeof __filename !== 'undefined' ? __filename : fileURLToPath(import.meta.url);
  if (!here.endsWith('.ts')) {
    // Packaged: dist/main/worker.cjs is unpacked beside the asar archive (electron-builder.yml asarUnpack).
    const bundled = path.join(path.dirname(here), 'worker.cjs').replace(/\.asar([\\/])/, '.asar.unpacked$1');
    if (fs.existsSync(bundled)) return { file: bundled, bundled: true };
  }
  const dev = devBundle(here);
  return dev ? { file: dev, bundled: true } : { file: path.join(path.dirname(here), '..', 'workers', 'bootstrap-dev.mjs'), bundled: false };
}

let devBundleFile: string | null | undefined;
/**
 * Development and tests (sources): the worker entry bundled once per process with esbuild into
 * node_modules/.cache (so packages resolve), instead of tsx loading hundreds of sources in every worker —
 * seconds per worker on a busy machine. Falls back to the tsx bootstrap when esbuild is missing.
 */
function devBundle(here: string): string | null {
  if (devBundleFile !== undefined) return devBundleFile;
  try {
    const root = path.resolve(path.dirname(here), '..', '..');
    const esbuild = createRequire(here)('esbuild') as typeof import('esbuild');
    const out = path.join(root, 'node_modules', '.cache', 'lectio-worker', `worker-${process.pid}-${threadId}.cjs`);
    esbuild.buildSync({
      entryPoints: [path.join(root, 'src-main', 'workers', 'entry.ts')],
      outfile: out,
      bundle: true,
      platform: 'node',
      // CommonJS keeps each package's require() inside the lazily initialised module that needs it, so a worker
      // loads only its own task's packages (an ESM bundle would hoist every import to the top).
      format: 'cjs',
      target: 'node20',
      packages: 'external',
      logLevel: 'silent',
      // import.meta is empty in CommonJS; the sources fall back to __filename / __dirname.
      logOverride: { 'empty-import-meta': 'silent' },
    });
    process.once('exit', () => fs.rmSync(out, { force: true }));
    devBundleFile = out;
  } catch {
    devBundleFile = null;
  }
  return devBundleFile;
}

/** A worker thread running `task` from the worker bundle, with a heap cap. */
function spawnWorker(task: WorkerTaskName, input: unknown, maxHeapMb: number, transfer: ArrayBuffer[] = []): Worker {
  const entry = workerEntry();
  return new Worker(entry.file, {
    // writeIntent: the counter of this thread's write transactions, which a worker writing to the same file gives way to.
    workerData: { task, input, writeIntent: writeIntentBuffer() },
    // A bundle needs no loader: without this the worker would inherit the parent's (tsx, vitest) and boot it again.
    ...(entry.bundled ? { execArgv: [] } : {}),
    transferList: transfer,
    resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, maxHeapMb / 8)), stackSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
}

/**
 * A long-lived worker for trusted work the main thread hands off (the WAL checkpointer): the task runs until it
 * returns, talking to the caller through the worker's messages. It never keeps the process alive.
 */
export function startWorkerService(task: WorkerTaskName, input: unknown, maxHeapMb = 32): Worker {
  const worker = spawnWorker(task, input, maxHeapMb);
  worker.unref();
  return worker;
}

export function runInWorker<T>(task: WorkerTaskName, input: unknown, limits: WorkerLimits = {}): Promise<T> {
  const { maxHeapMb = 256, timeoutMs = 30_000, transfer = [], onProgress, tooComplexMessage = TOO_COMPLEX_MESSAGE } = limits;
  return new Promise<T>((resolve, reject) => {
    const worker = spawnWorker(task, input, maxHeapMb, transfer);
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new AppError(422, tooComplexMessage, { reason: 'timeout' }))), timeoutMs);
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.kind === 'progress') onProgress?.(msg.done, msg.stage);
      else if (msg.kind === 'result') finish(() => resolve(msg.result as T));
      else
        finish(() =>
          reject(msg.name === 'AppError' && typeof msg.status === 'number' ? new AppError(msg.status, msg.message, msg.extra ?? {}) : new Error(msg.message)),
        );
    });
    worker.on('error', (err: Error & { code?: string }) => {
      // ERR_WORKER_OUT_OF_MEMORY: the heap cap was hit.
      finish(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError(422, tooComplexMessage, { reason: 'memory' }) : err));
    });
    worker.on('exit', (code) => finish(() => reject(new AppError(422, tooComplexMessage, { reason: `exit ${code}` }))));
  });
}
