// Runs in: main. YouTube endpoints: configured, caption list, video metadata + transcript, import.
import { listeningContract } from '../../../src-shared/contract/listening';
import { implement } from '../../registry';
import * as service from './service';

const c = listeningContract;

export const youtubeHandlers = implement(
  {
    'youtube.configured': c['youtube.configured'],
    'youtube.list': c['youtube.list'],
    'youtube.video': c['youtube.video'],
    'youtube.import': c['youtube.import'],
  },
  {
    'youtube.configured': (ctx) => service.configured(ctx),
    'youtube.list': (ctx, { video_id }) => service.listCaptions(ctx, video_id),
    'youtube.video': (ctx, { video_id, lang }) => service.video(ctx, video_id, lang),
    'youtube.import': (ctx, input) => service.importVideo(ctx, input),
  },
);
