// Runs in: main. Media the mining tools send (storeMediaFile, a note's audio/picture): base64 `data` or a `url`
// fetched through the outbound guard (src-main/net); a local `path` is refused, since a web page or extension must
// never make Lectio read a file of this computer. Files go into the media store, typed from their bytes. A file is
// at most ANKICONNECT_MAX_MEDIA_BYTES, and one learner's tools store at most LECTIO_ANKICONNECT_MEDIA_MB_PER_DAY in
// a day (counted in memory, a rolling 24 hours): past either, nothing is stored and the tool is told why (issue 43).
import type { MediaItem } from '../../../src-shared/anki/connect/params';
import { ANKICONNECT_MAX_MEDIA_BYTES } from '../../../src-shared/contract/ankiconnect';
import { cacheSlot } from '../../core/services';
import { ownerOf } from '../../db/sql';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { download } from '../../net/download';
import { detectMediaType, isMediaType, storeMedia } from '../media';
import { AnkiConnectError } from './errors';
import * as repo from './repo';

export interface StoredMedia {
  mediaId: string;
  filename: string;
  role: 'audio' | 'picture';
}

/** Pictures as well as sound and video: a mined card's screenshot is an image. */
const acceptMined = (mime: string) => isMediaType(mime) || mime.startsWith('image/');
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
/** What each learner's tools stored lately: [when, bytes], oldest first. */
const storedLately = cacheSlot<Map<string, [number, number][]>>('ankiconnect.mediaStoredLately');

export const tooLarge = (filename: string) => new AnkiConnectError(msg('ankiconnect.mediaTooLarge', { filename, mb: ANKICONNECT_MAX_MEDIA_BYTES / MB }));

/** The bytes the learner's tools stored in the last 24 hours, and the list to add to. */
function storedToday(ctx: HandlerContext): { bytes: number; list: [number, number][] } {
  const all = storedLately.get(ctx.services) ?? storedLately.set(ctx.services, new Map());
  const key = String(ownerOf(ctx.user));
  const since = ctx.clock.now() - DAY_MS;
  const list = (all.get(key) ?? []).filter(([at]) => at > since);
  all.set(key, list);
  return { bytes: list.reduce((sum, [, n]) => sum + n, 0), list };
}

async function bytesOf(ctx: HandlerContext, item: MediaItem): Promise<Uint8Array<ArrayBuffer>> {
  if (item.path !== undefined && item.data === undefined && item.url === undefined)
    throw new AnkiConnectError(msg('ankiconnect.localPath', { filename: item.filename }));
  if (item.data !== undefined) {
    // Refused before it is decoded: base64 is 4 characters for 3 bytes.
    if (Math.floor((item.data.length * 3) / 4) > ANKICONNECT_MAX_MEDIA_BYTES + 3) throw tooLarge(item.filename);
    if (!BASE64.test(item.data)) throw new AnkiConnectError(msg('ankiconnect.badBase64', { filename: item.filename }));
    return new Uint8Array(Buffer.from(item.data, 'base64'));
  }
  if (item.url !== undefined) {
    try {
      return new Uint8Array((await download(ctx.services, item.url, { maxBytes: ANKICONNECT_MAX_MEDIA_BYTES })).bytes);
    } catch (err) {
      if (err instanceof AppError && err.extra.reason === 'too_large') throw tooLarge(item.filename);
      throw err;
    }
  }
  throw new AnkiConnectError(msg('ankiconnect.noMediaData', { filename: item.filename }));
}

/** Stores one file of the caller; its role is what its bytes are (picture for images, audio otherwise). */
export async function storeMediaItem(ctx: HandlerContext, item: MediaItem): Promise<StoredMedia> {
  return storeMediaBytes(ctx, item.filename, await bytesOf(ctx, item));
}

/** Stores bytes a tool sent or wrote (media-dir.ts) under its file name: size-capped, the day's budget, typed from the bytes. */
export async function storeMediaBytes(ctx: HandlerContext, filename: string, data: Uint8Array<ArrayBuffer>): Promise<StoredMedia> {
  if (data.length > ANKICONNECT_MAX_MEDIA_BYTES) throw tooLarge(filename);
  const today = storedToday(ctx);
  if (today.bytes + data.length > ctx.config.ankiConnectMediaMbPerDay * MB)
    throw new AnkiConnectError(msg('ankiconnect.mediaPerDay', { mb: ctx.config.ankiConnectMediaMbPerDay, filename }));
  const file = { filename, data };
  const type = await detectMediaType(file, acceptMined);
  const mediaId = await storeMedia(ctx, file, type);
  today.list.push([ctx.clock.now(), data.length]);
  return { mediaId, filename, role: type.mime.startsWith('image/') ? 'picture' : 'audio' };
}

/** The stored file a note's field names ([sound:x.mp3], <img src="x.jpg">), if storeMediaFile sent it. */
export function storedByName(ctx: HandlerContext, filename: string, role: 'audio' | 'picture'): StoredMedia | undefined {
  const row = repo.mediaIdByFileName(ctx.sqlite, ctx.user, filename);
  if (!row) return undefined;
  return { mediaId: row.MfID, filename, role: row.MfType.startsWith('image/') ? 'picture' : role };
}
