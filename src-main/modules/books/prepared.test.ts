// Kept previews (prepared.ts) without a server: each learner keeps their two newest, and the core keeps at most
// PREPARED_MAX in all (each holds a book's whole text), the oldest forgotten first with its pictures' folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../core/context';
import { fixedClock } from '../../core/clock';
import { keepPrepared, PREPARED_MAX, PREPARED_PER_OWNER, takePrepared } from './prepared';
import type { Source } from './source';

const services = { cache: new Map() };
const clock = fixedClock(1_000_000);
const ctxOf = (owner: number) => ({ services, clock, user: { id: owner } }) as unknown as HandlerContext;
const source = { book: { chapters: [] }, hash: 'h' } as unknown as Source;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-prepared-'));
/** Keeps a preview for `owner`, its pictures' folder made as the worker would. */
function keep(owner: number): { id: string; dir: string } {
  const dir = fs.mkdtempSync(path.join(root, 'book-prepared-'));
  clock.advance(1);
  return { id: keepPrepared(ctxOf(owner), source, 'b.epub', dir), dir };
}

describe('kept previews', () => {
  it(`keep a learner's ${PREPARED_PER_OWNER} newest and ${PREPARED_MAX} in all, forgetting the oldest with its folder`, () => {
    const first = keep(1);
    const second = keep(1);
    const third = keep(1);
    expect(fs.existsSync(first.dir)).toBe(false);
    expect(() => takePrepared(ctxOf(1), first.id)).toThrow();
    // Other learners fill the core: the oldest kept ones go first, whoever made them.
    const others = Array.from({ length: PREPARED_MAX - 1 }, (_, i) => keep(10 + i));
    expect(fs.existsSync(second.dir)).toBe(false);
    expect(() => takePrepared(ctxOf(1), second.id)).toThrow();
    expect(takePrepared(ctxOf(1), third.id).imagesDir).toBe(third.dir);
    for (const o of others) expect(fs.existsSync(o.dir)).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
