// Bench helper: how long the server keeps a page waiting while heavy work runs, asked over real HTTP the way a page
// polls (GET /api/v1/version every 10 ms, one after another — not a flood competing for the CPU).
import { ms, now, percentile } from './helpers';

/** Asks GET /api/v1/version every 10 ms until stop(); each sample is one request's wait. */
export function pollVersion(url: string): { stop(): Promise<number[]> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = now();
      try {
        const res = await fetch(`${url}/api/v1/version`);
        await res.arrayBuffer();
      } catch {
        // A connection the server closed (a restore swaps the database under it): the wait still counts.
      }
      samples.push(ms(t));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

export const p99 = (samples: number[]) => Math.round(percentile(samples, 99) * 10) / 10;
/** The longest single wait: one request held behind a long block is one sample among hundreds, invisible in p99. */
export const longest = (samples: number[]) => Math.round(Math.max(0, ...samples) * 10) / 10;
