// Runs in: main. Registry entries for text tags (/api/v1/text-tags).
import { textTagsContract } from '../../../src-shared/contract/texts';
import { implement } from '../../registry';
import * as repo from './repo';
import * as service from './service';

export const textTagHandlers = implement(textTagsContract, {
  'textTags.list': (ctx) => repo.listTextTags(ctx.sqlite, ctx.user),
  'textTags.create': (ctx, { T2Text, T2Comment }) => service.createTextTag(ctx, T2Text, T2Comment),
  'textTags.update': (ctx, { id, ...patch }) => service.updateTextTag(ctx, id, patch),
  'textTags.delete': (ctx, { id }) => ({ success: true as const, deleted: service.deleteTextTag(ctx, id) }),
});
