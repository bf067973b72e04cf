// Runs in: main. Front door of the youtube module (video metadata, captions, transcript import).
import type { Module } from '../../registry';
import { youtubeHandlers } from './handlers';

export { videoIdOf } from './video-id';

export const youtubeModule: Module = { name: 'youtube', handlers: youtubeHandlers, listeners: {} };
