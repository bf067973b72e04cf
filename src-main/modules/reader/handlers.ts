// Runs in: main. Registry entries for the reader and its deprecated query-parameter routes.
import { readerContract } from '../../../src-shared/contract/reader';
import { STATUS_IGNORED, STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';
import { implement } from '../../registry';
import { getTerm } from '../terms';
import * as service from './service';
import { correctWords } from './corrections';
import { readerView } from './view';
import { readingItemsPayload } from './words-payload';

export const readerHandlers = implement(readerContract, {
  'reader.view': (ctx, { id }) => readerView(ctx, id),
  'reader.words': (ctx, { id, view }) => readingItemsPayload(ctx, id, view),
  'reader.correctWords': (ctx, { id, parts }) => correctWords(ctx, id, parts),
  'reader.quickTerm': (ctx, input) => service.quickTerm(ctx, input),
  'reader.multiCreate': (ctx, fields) => service.createMultiword(ctx, fields),
  'reader.multiUpdate': (ctx, { id, ...patch }) => service.updateMultiword(ctx, id, patch),
  'reader.markAllKnown': (ctx, { id }) => service.markAll(ctx, id, STATUS_WELL_KNOWN),
  'reader.markKnownUntil': (ctx, { id, order }) => service.markAll(ctx, id, STATUS_WELL_KNOWN, order),
  'reader.markAllIgnored': (ctx, { id }) => service.markAll(ctx, id, STATUS_IGNORED),
  'legacy.wordShow': (ctx, { wid }) => getTerm(ctx, wid),
  'legacy.termStatus': (ctx, { wid, status }) => service.setStatusLegacy(ctx, wid, status),
});
