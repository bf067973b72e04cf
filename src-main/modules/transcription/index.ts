// Runs in: main. Front door of the transcription module: whisper jobs and subtitle import. Their media files live
// in the media module; a deleted one is let go of here.
import type { Module } from '../../registry';
import { transcriptionHandlers } from './handlers';
import { releaseJobMedia } from './repo';

export const transcriptionModule: Module = {
  name: 'transcription',
  handlers: transcriptionHandlers,
  listeners: { 'media.deleting': (ctx, { ids }) => releaseJobMedia(ctx.sqlite, ctx.user, ids) },
};
