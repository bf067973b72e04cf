// Bench helpers: a real core on a temp data dir, and timing utilities.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src-main/core/config';
import { createCore, type Core } from '../src-main/app/core';
import { silentLogger } from '../src-main/core/context';

export function benchCore(env: NodeJS.ProcessEnv = {}): Core & { dataDir: string; cleanup(): void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-bench-'));
  const core = createCore({ config: loadConfig({ NLP_SERVICE_URL: 'http://127.0.0.1:9', ...env }, { port: '0' }, dataDir), log: silentLogger });
  return Object.assign(core, {
    dataDir,
    cleanup() {
      core.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
export const now = () => process.hrtime.bigint();

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function timeIt<T>(fn: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const t = now();
  const value = await fn();
  return { ms: ms(t), value };
}

/** `npm run bench -- --quick` (BENCH_QUICK=1): each suite once at small sizes, to check that it still runs. */
export const benchQuick = (): boolean => process.env.BENCH_QUICK === '1';

/** A suite's size: `full` in a real run, `quick` in a quick one. */
export const sized = (full: number, quick: number): number => (benchQuick() ? quick : full);

/** CPU time (ms) another process (a server the bench started) has used so far: utime + stime of /proc/{pid}/stat, in
 * clock ticks of 10 ms. */
export const cpuMs = (pid: number) => {
  const fields = fs
    .readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
