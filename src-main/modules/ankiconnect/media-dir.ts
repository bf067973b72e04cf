// Runs in: main. The folder a tool writes its media into (mpvacious asks getMediaDirPath, writes its audio clip and
// snapshot there with ffmpeg, then names them in addNote / updateNoteFields as [sound:x.mp3] and <img src="x.jpg">):
// <dataDir>/ankiconnect-media/<account>. When a note names a file, Lectio reads it from that folder only — a bare
// file name (no separator, no "..", no absolute path), a regular file (never a symbolic link: O_NOFOLLOW), at most
// ANKICONNECT_MAX_MEDIA_BYTES — stores it as storeMediaFile would (typed from its bytes, the day's budget) and
// removes it from the folder, which thus holds only what a tool wrote and no note has named yet. Files no note named
// within a day (the clips of a refused note) are removed when a tool next asks for the folder, so it never grows.
import fs from 'node:fs';
import path from 'node:path';
import { ANKICONNECT_MAX_MEDIA_BYTES } from '../../../src-shared/contract/ankiconnect';
import type { HandlerContext } from '../../core/context';
import { ownerOf } from '../../db/sql';
import { storeMediaBytes, tooLarge, type StoredMedia } from './media';

/** This account's media folder (created on first ask). */
export function mediaDirOf(ctx: HandlerContext): string {
  const owner = ownerOf(ctx.user);
  return path.join(ctx.config.dataDir, 'ankiconnect-media', owner === null ? 'local' : `user-${owner}`);
}

/** A file no note has named for this long is left over (a refused note's clip), never about to be named. */
export const MEDIA_DIR_KEEP_MS = 24 * 60 * 60 * 1000;

export async function mediaDirPath(ctx: HandlerContext): Promise<string> {
  const dir = mediaDirOf(ctx);
  await fs.promises.mkdir(dir, { recursive: true });
  await removeLeftovers(ctx, dir);
  return dir;
}

/** Removes the folder's regular files older than MEDIA_DIR_KEEP_MS (lstat: a link is removed, never followed). */
async function removeLeftovers(ctx: HandlerContext, dir: string): Promise<void> {
  const before = ctx.clock.now() - MEDIA_DIR_KEEP_MS;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() && !entry.isSymbolicLink()) continue;
    const file = path.join(dir, entry.name);
    const stat = await fs.promises.lstat(file).catch(() => undefined);
    if (stat && stat.mtimeMs < before) await fs.promises.rm(file, { force: true });
  }
}

/** Whether a name a field gives can only mean a file directly inside the folder. */
export const isBareFileName = (name: string): boolean =>
  name.length > 0 && name.length <= 255 && name !== '.' && name !== '..' && !/[/\\\0]/.test(name) && !path.isAbsolute(name) && path.basename(name) === name;

/**
 * The file a note names, read from the account's folder and stored; undefined when the folder has no such file
 * (the name may be a file storeMediaFile sent). Too large or of a type Lectio does not keep: the tool is told.
 */
export async function storeFromMediaDir(ctx: HandlerContext, filename: string): Promise<StoredMedia | undefined> {
  if (!isBareFileName(filename)) return undefined;
  const file = path.join(mediaDirOf(ctx), filename);
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return undefined;
    if (stat.size > ANKICONNECT_MAX_MEDIA_BYTES) throw tooLarge(filename);
    bytes = new Uint8Array(stat.size);
    const { bytesRead } = await handle.read(bytes, 0, stat.size, 0);
    if (bytesRead !== stat.size) bytes = bytes.slice(0, bytesRead);
  } finally {
    await handle.close();
  }
  const stored = await storeMediaBytes(ctx, filename, bytes);
  await fs.promises.rm(file, { force: true });
  return stored;
}
