// The worker harness: results, errors, progress, and both limits (deadline and heap) end in a refusal
// while the main thread stays free.
import { describe, expect, it } from 'vitest';
import { runInWorker, TOO_COMPLEX } from '../../src-main/core/worker';
import { AppError } from '../../src-shared/contract/errors';

describe('runInWorker', () => {
  it('returns the task result', async () => {
    expect(await runInWorker('selftest.echo', { a: [1, 2], b: new Uint8Array([3]) })).toEqual({ a: [1, 2], b: new Uint8Array([3]) });
  });

  it('passes errors on, keeping AppError status', async () => {
    await expect(runInWorker('selftest.fail', { message: 'bad file' })).rejects.toThrow('bad file');
  });

  it('reports progress', async () => {
    const seen: number[] = [];
    expect(await runInWorker('selftest.progress', { steps: 4 }, { onProgress: (d) => seen.push(d) })).toBe(4);
    expect(seen).toEqual([0.25, 0.5, 0.75, 1]);
  });

  it('terminates a task past its deadline, and the main thread keeps running', async () => {
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const err = await runInWorker('selftest.spin', {}, { timeoutMs: 300 }).catch((e: unknown) => e);
    clearInterval(ticker);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe(TOO_COMPLEX);
    expect((err as AppError).status).toBe(422);
    expect(ticks).toBeGreaterThan(5);
  });

  it('terminates a task over its heap cap', async () => {
    const err = await runInWorker('selftest.allocate', {}, { maxHeapMb: 32, timeoutMs: 20_000 }).catch((e: unknown) => e);
    expect((err as AppError).message).toBe(TOO_COMPLEX);
  }, 30_000);
});
