// Runs in: any process. The media store's endpoint: a file kept with the library (a text's audio or video,
// a term's or a book's attachments), served to its owner with range requests.
import { z } from 'zod';
import { endpoint, returns, uploadedFile, uploadedTempFile, type MediaFileResult } from './endpoint';

/** Largest audio/video upload (bytes): streamed to a temporary file, never held in memory. */
export const MEDIA_MAX_BYTES = 500 * 1024 * 1024;

/** A file field that is streamed to disk over HTTP (large media) or sent as bytes over IPC. */
export const mediaUpload = z.union([uploadedTempFile, uploadedFile]);
export type MediaUpload = z.infer<typeof mediaUpload>;

/** A media file's id: 128 random bits in hex (the file's name on disk reveals nothing). */
export const mediaId = z.string().regex(/^[0-9a-f]{32}$/, 'Not a media id');

export const mediaContract = {
  'media.get': endpoint({
    method: 'GET',
    path: '/api/v1/media/:media_id',
    access: 'read',
    input: z.object({ media_id: mediaId }),
    output: returns<MediaFileResult>(),
  }),
};
