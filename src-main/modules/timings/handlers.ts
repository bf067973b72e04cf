// Runs in: main. Sentence timings of texts (GET/PUT /api/v1/texts/{id}/timings).
import { listeningContract } from '../../../src-shared/contract/listening';
import { implement } from '../../registry';
import * as service from './service';

const { 'texts.timings': get, 'texts.saveTimings': save } = listeningContract;

export const timingHandlers = implement(
  { 'texts.timings': get, 'texts.saveTimings': save },
  {
    'texts.timings': (ctx, { id }) => service.getTimings(ctx, id),
    'texts.saveTimings': (ctx, { id, timings }) => service.saveTimings(ctx, id, timings),
  },
);
