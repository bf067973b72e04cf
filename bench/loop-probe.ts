// Bench helper: how long the server keeps a page waiting while heavy work runs, asked over real HTTP the way a page
// polls (GET /api/v1/version every 10 ms, one after another — not a flood competing for the CPU). The poller runs
// in a worker thread of its own, as a page is a client of its own: the bench's main thread, which uploads and
// downloads the heavy bodies (a backup of 100+ MB), would otherwise delay its own samples while the server idles.
import { Worker } from 'node:worker_threads';
import { percentile } from './helpers';

// BENCH_SLOW_WAITS=<file>: each wait over 25 ms is appended as "<start µs> <wait ms>" on the monotonic clock that a
// `--cpu-prof` profile of the serve process (BENCH_SERVE_NODE_ARGS) also uses, so a slow wait can be matched with
// the samples that held it.
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
let running = true;
const samples = [];
parentPort.on('message', () => (running = false));
const ask = async () => {
  try {
    const res = await fetch(workerData.url + '/api/v1/version');
    await res.arrayBuffer();
  } catch {
    // A connection the server closed (a restore swaps the database under it): the wait still counts.
  }
};
(async () => {
  // The thread's first fetch loads the HTTP client (tens of ms in a fresh isolate): not a wait of the server's.
  await ask();
  parentPort.postMessage('ready');
  while (running) {
    const t = performance.now();
    const startedUs = process.hrtime.bigint() / 1000n;
    await ask();
    const wait = performance.now() - t;
    samples.push(wait);
    if (workerData.slowWaitsFile && wait > 25) fs.appendFileSync(workerData.slowWaitsFile, startedUs + ' ' + wait.toFixed(1) + '\\n');
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(samples);
})();
`;

/**
 * Asks GET /api/v1/version every 10 ms until stop(); each sample is one request's wait. Resolves once the poller
 * has made its first request, so the heavy work starts under a poller that is already asking.
 */
export async function pollVersion(url: string): Promise<{ stop(): Promise<number[]> }> {
  const worker = new Worker(POLLER, { eval: true, workerData: { url, slowWaitsFile: process.env.BENCH_SLOW_WAITS } });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (samples: number[]) => resolve(samples));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const samples = await done;
      await worker.terminate();
      return samples;
    },
  };
}

export const p99 = (samples: number[]) => Math.round(percentile(samples, 99) * 10) / 10;
/** The longest single wait: one request held behind a long block is one sample among hundreds, invisible in p99. */
export const longest = (samples: number[]) => Math.round(Math.max(0, ...samples) * 10) / 10;
