// Runs in: main. Registry entries of the annotate module (issue 28): POST /api/v1/annotate.
import { annotateContract } from '../../../src-shared/contract/extension';
import { implement } from '../../registry';
import { annotate } from './service';

export const annotateHandlers = implement(annotateContract, {
  'annotate.blocks': (ctx, input) => annotate(ctx, input),
});
