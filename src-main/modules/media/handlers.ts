// Runs in: main. The media store's endpoint: a file served to its owner.
import { mediaContract } from '../../../src-shared/contract/media';
import { implement } from '../../registry';
import { mediaFile } from './store';

export const mediaHandlers = implement(mediaContract, {
  'media.get': (ctx, { media_id }) => mediaFile(ctx, media_id),
});
