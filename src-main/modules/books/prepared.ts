// Runs in: main. A book file's preview kept for its import (issue 45: a book is read once per import). The
// preview parses the file in the worker, which checks the pictures and writes them to a folder of their own; that
// result waits here under a random id, and the import sends the id instead of the file: nothing is uploaded,
// parsed or checked a second time. Kept per core in a cache slot (a restore or "Empty database" forgets them: the
// owner's ids may mean someone else in the new library), at most PREPARED_PER_OWNER per owner and PREPARED_MAX in
// all (each holds a book's text), for PREPARED_KEEP_MS; an entry is taken once. Its pictures' folder goes with it
// (and `cleanUpAfterStart` removes one a stopped process left).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import type { Source } from './source';

/** How long a preview waits for its import: the learner reads the chapter list, unticks a few, picks a language. */
export const PREPARED_KEEP_MS = 30 * 60_000;
/** Previews kept per owner: the newest; an older one is forgotten (its import sends the file again). */
export const PREPARED_PER_OWNER = 2;
/** Previews kept in all (a household's learners together): each holds a book's whole text in memory. */
export const PREPARED_MAX = 8;

interface PreparedBook {
  id: string;
  owner: number | null;
  source: Source;
  /** The uploaded file's name, the book's BkSourceURI. */
  filename: string;
  /** Where the worker wrote the checked pictures (`source.book.images[].file`). */
  imagesDir: string;
  expires: number;
}

const preparedSlot = cacheSlot<Map<string, PreparedBook>>('books.prepared');

function preparedOf(ctx: HandlerContext): Map<string, PreparedBook> {
  return preparedSlot.get(ctx.services) ?? preparedSlot.set(ctx.services, new Map());
}

function forget(all: Map<string, PreparedBook>, entry: PreparedBook): void {
  all.delete(entry.id);
  fs.rmSync(entry.imagesDir, { recursive: true, force: true });
}

function forgetExpired(ctx: HandlerContext, all: Map<string, PreparedBook>): void {
  const now = ctx.clock.now();
  for (const entry of [...all.values()]) if (entry.expires <= now) forget(all, entry);
}

/** A fresh folder for the worker to write a preview's pictures into. */
export function preparedImagesDir(ctx: HandlerContext): string {
  return path.join(ctx.config.dataDir, 'tmp', `book-prepared-${randomBytes(8).toString('hex')}`);
}

/** Keeps a preview's parse for its import; returns the id the import sends. The oldest beyond either cap goes. */
export function keepPrepared(ctx: HandlerContext, source: Source, filename: string, imagesDir: string): string {
  const all = preparedOf(ctx);
  forgetExpired(ctx, all);
  const owner = ctx.user.id;
  // The map keeps insertion order, oldest first: room is made for the new one by forgetting from the front.
  const overflow = <T>(list: T[], cap: number) => list.slice(0, Math.max(0, list.length - cap + 1));
  for (const old of overflow(
    [...all.values()].filter((e) => e.owner === owner),
    PREPARED_PER_OWNER,
  ))
    forget(all, old);
  for (const old of overflow([...all.values()], PREPARED_MAX)) forget(all, old);
  const id = randomBytes(16).toString('hex');
  all.set(id, { id, owner, source, filename, imagesDir, expires: ctx.clock.now() + PREPARED_KEEP_MS });
  return id;
}

/**
 * Takes the caller's kept preview (once). Unknown, expired, taken before or another owner's: 410 with what to do —
 * the import page then sends the file itself. The caller removes `imagesDir` when it is done with the pictures.
 */
export function takePrepared(ctx: HandlerContext, id: string): { source: Source; filename: string; imagesDir: string } {
  const all = preparedOf(ctx);
  forgetExpired(ctx, all);
  const entry = all.get(id);
  if (!entry || entry.owner !== ctx.user.id) throw new AppError(410, msg('book.previewGone'));
  all.delete(id);
  return entry;
}
