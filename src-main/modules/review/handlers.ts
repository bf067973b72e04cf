// Runs in: main. Registry entries for review.
import { reviewContract } from '../../../src-shared/contract/review';
import { implement } from '../../registry';
import * as service from './service';

export const reviewHandlers = implement(reviewContract, {
  'review.config': (ctx, input) => service.reviewConfig(ctx, input),
  'review.nextWord': (ctx, input) => service.nextWord(ctx, input),
  'review.tableWords': (ctx, input) => service.tableWords(ctx, input),
  'review.tomorrowCount': (ctx, input) => service.tomorrowCount(ctx, input),
  'review.setStatus': (ctx, input) => service.answer(ctx, input),
  'review.memoryState': (ctx, { term_id }) => service.memoryState(ctx, term_id),
});
