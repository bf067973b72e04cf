// Runs in: main. Front door of the media store: files kept with the library (a text's audio or video, and what
// other modules attach), typed from their bytes, owner-scoped, under <dataDir>/media/. Modules that keep a media
// id listen to 'media.deleting' to let go of it.
import type { Module } from '../../registry';
import { mediaHandlers } from './handlers';

export { mediaUrl, mediaIdOfUrl, isMediaType, detectMediaType, storeMedia, mediaFile, deleteMedia, sweepOrphanMedia, ORPHAN_AFTER_MS } from './store';

export const mediaModule: Module = { name: 'media', handlers: mediaHandlers, listeners: {} };
