// Runs in: main. Covers stored before they were media files (files under <dataDir>/covers/, BkCoverPath) moved into
// the media store, so a book's cover is one of its pictures (issue 45): the same store, owner, backup and deletion.
// Migration 0028 queues one books.moveCovers job per owner that has any; the job moves them a few a slice. A cover
// file that is missing or not a picture is let go (the book shows none, as it would have).
import fs from 'node:fs';
import path from 'node:path';
import type { JobHandler } from '../../core/jobs';
import type { HandlerContext } from '../../core/context';
import { imageInfo } from '../../../src-shared/image/header';
import { storeMedia } from '../media';
import * as repo from './repo';
import { coversDir } from './reading';

/** Moves one cover; returns false when none is left. */
async function moveOneCover(ctx: HandlerContext): Promise<boolean> {
  const row = repo.nextLegacyCover(ctx.sqlite, ctx.user);
  if (!row) return false;
  const file = path.join(coversDir(ctx), path.basename(row.BkCoverPath));
  let data: Uint8Array<ArrayBuffer> | null = null;
  try {
    data = new Uint8Array(await fs.promises.readFile(file));
  } catch {
    data = null;
  }
  const info = data && imageInfo(data);
  const mediaId = data && info ? await storeMedia(ctx, { filename: `cover.${info.ext}`, data }, { mime: info.mime, ext: info.ext }) : null;
  repo.setCoverMedia(ctx.sqlite, ctx.user, row.BkID, mediaId);
  await fs.promises.rm(file, { force: true });
  return true;
}

export const moveCoversJob: JobHandler<'books.moveCovers'> = {
  async run(ctx) {
    while (await moveOneCover(ctx)) if (ctx.job.slices.spent() && !(await ctx.job.slices.yield())) return;
  },
};
