// Runs in: main. Media the mining tools send (storeMediaFile, a note's audio/picture): base64 `data` or a `url`
// fetched through the outbound guard (src-main/net); a local `path` is refused, since a web page or extension must
// never make Lectio read a file of this computer. Files go into the media store, typed from their bytes.
import type { MediaItem } from '../../../src-shared/anki/connect/params';
import { ANKICONNECT_MAX_BODY_BYTES } from '../../../src-shared/contract/ankiconnect';
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

async function bytesOf(ctx: HandlerContext, item: MediaItem): Promise<Uint8Array<ArrayBuffer>> {
  if (item.path !== undefined && item.data === undefined && item.url === undefined)
    throw new AnkiConnectError(msg('ankiconnect.localPath', { filename: item.filename }));
  if (item.data !== undefined) {
    if (!BASE64.test(item.data)) throw new AnkiConnectError(msg('ankiconnect.badBase64', { filename: item.filename }));
    return new Uint8Array(Buffer.from(item.data, 'base64'));
  }
  if (item.url !== undefined) return new Uint8Array((await download(ctx.services, item.url, { maxBytes: ANKICONNECT_MAX_BODY_BYTES })).bytes);
  throw new AnkiConnectError(msg('ankiconnect.noMediaData', { filename: item.filename }));
}

/** Stores one file of the caller; its role is what its bytes are (picture for images, audio otherwise). */
export async function storeMediaItem(ctx: HandlerContext, item: MediaItem): Promise<StoredMedia> {
  const data = await bytesOf(ctx, item);
  const file = { filename: item.filename, data };
  const type = await detectMediaType(file, acceptMined);
  const mediaId = await storeMedia(ctx, file, type);
  return { mediaId, filename: item.filename, role: type.mime.startsWith('image/') ? 'picture' : 'audio' };
}

/** The stored file a note's field names ([sound:x.mp3], <img src="x.jpg">), if storeMediaFile sent it. */
export function storedByName(ctx: HandlerContext, filename: string, role: 'audio' | 'picture'): StoredMedia | undefined {
  const row = repo.mediaIdByFileName(ctx.sqlite, ctx.user, filename);
  if (!row) return undefined;
  return { mediaId: row.MfID, filename, role: row.MfType.startsWith('image/') ? 'picture' : role };
}
