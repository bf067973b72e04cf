// Runs in: main. Front door of the transcription module: whisper jobs, subtitle import, media files.
import type { Module } from '../../registry';
import { transcriptionHandlers } from './handlers';

export { mediaUrl, mediaIdOfUrl } from './media';

export const transcriptionModule: Module = { name: 'transcription', handlers: transcriptionHandlers, listeners: {} };
