// Runs in: main. The media store: an upload (streamed temp file over HTTP, bytes over IPC) is typed from its
// bytes (file-type; by default audio/*, video/*, application/ogg only, whatever its name says), moved to
// <dataDir>/media/<random id>.<ext> and served to its owner with range requests (/api/v1/media/{id}).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError, notFound } from '../../../src-shared/contract/errors';
import { UploadedTempFile, type MediaFileResult } from '../../../src-shared/contract/endpoint';
import { MEDIA_MAX_BYTES, type MediaUpload } from '../../../src-shared/contract/media';
import type { HandlerContext } from '../../core/context';
import { emit } from '../../core/events';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

export const mediaUrl = (id: string) => `/api/v1/media/${id}`;
export const mediaIdOfUrl = (url: string): string | null => /^\/api\/v1\/media\/([0-9a-f]{32})$/.exec(url)?.[1] ?? null;

const mediaDir = (ctx: HandlerContext) => path.join(ctx.config.dataDir, 'media');
const mediaPath = (ctx: HandlerContext, row: Pick<repo.MediaRow, 'MfID' | 'MfExt'>) => path.join(mediaDir(ctx), `${row.MfID}.${row.MfExt}`);

export const isMediaType = (mime: string) => mime.startsWith('audio/') || mime.startsWith('video/') || mime === 'application/ogg';

const sizeOf = (file: MediaUpload) => (file instanceof UploadedTempFile ? file.size : file.data.byteLength);

/**
 * Detects the type from the bytes; refuses anything `accept` does not take (415, nothing stored). The default
 * takes audio and video, what a text plays.
 */
export async function detectMediaType(file: MediaUpload, accept: (mime: string) => boolean = isMediaType): Promise<{ mime: string; ext: string }> {
  if (sizeOf(file) > MEDIA_MAX_BYTES) throw new AppError(413, msg('import.fileLargerThan', { mb: MEDIA_MAX_BYTES / 1024 / 1024 }));
  if (sizeOf(file) === 0) throw new AppError(400, msg('listening.emptyFile', { name: file.filename }));
  // file-type loads on first use (its import alone takes ~0.3 s of a start).
  const { fileTypeFromBuffer, fileTypeFromFile } = await import('file-type');
  const type = file instanceof UploadedTempFile ? await fileTypeFromFile(file.path) : await fileTypeFromBuffer(file.data);
  if (!type || !accept(type.mime)) {
    throw new AppError(
      415,
      type ? msg('listening.notMedia', { name: file.filename, mime: type.mime }) : msg('listening.unknownMedia', { name: file.filename }),
    );
  }
  return { mime: type.mime, ext: type.ext };
}

/** Stores an upload as a media file of the caller (after detectMediaType). Returns its id. */
export async function storeMedia(ctx: HandlerContext, file: MediaUpload, type: { mime: string; ext: string }): Promise<string> {
  const row: repo.MediaRow = {
    MfID: randomBytes(16).toString('hex'),
    MfFileName: file.filename.slice(0, 255),
    MfType: type.mime,
    MfExt: type.ext,
    MfSize: sizeOf(file),
  };
  const target = mediaPath(ctx, row);
  await fs.promises.mkdir(mediaDir(ctx), { recursive: true });
  if (file instanceof UploadedTempFile) {
    try {
      await fs.promises.rename(file.path, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fs.promises.copyFile(file.path, target);
      await fs.promises.rm(file.path, { force: true });
    }
  } else await fs.promises.writeFile(target, file.data, { mode: 0o600 });
  repo.insertMedia(ctx.sqlite, ctx.user, row, ctx.clock.now());
  return row.MfID;
}

export function mediaFile(ctx: HandlerContext, id: string): MediaFileResult & { filename: string } {
  const row = repo.selectMedia(ctx.sqlite, ctx.user, id);
  if (!row) throw notFound(msg('listening.mediaNotFound'));
  return { $media: true, path: mediaPath(ctx, row), contentType: row.MfType, size: row.MfSize, filename: row.MfFileName };
}

export async function deleteMedia(ctx: HandlerContext, id: string): Promise<void> {
  const row = repo.selectMedia(ctx.sqlite, ctx.user, id);
  if (!row) return;
  emit(ctx, 'media.deleting', { ids: [id] });
  repo.deleteMedia(ctx.sqlite, ctx.user, id);
  await fs.promises.rm(mediaPath(ctx, row), { force: true });
}

/** Media older than this that nothing uses is removed (at the next upload of its owner). */
export const ORPHAN_AFTER_MS = 60 * 60 * 1000;

/** Deletes the caller's orphaned media files (a deleted text's audio): rows first, then the files. */
export async function sweepOrphanMedia(ctx: HandlerContext): Promise<number> {
  const orphans = repo.orphanMedia(ctx.sqlite, ctx.user, ctx.clock.now() - ORPHAN_AFTER_MS);
  if (orphans.length) emit(ctx, 'media.deleting', { ids: orphans.map((row) => row.MfID) });
  for (const row of orphans) {
    repo.deleteMedia(ctx.sqlite, ctx.user, row.MfID);
    await fs.promises.rm(mediaPath(ctx, row), { force: true });
  }
  return orphans.length;
}
