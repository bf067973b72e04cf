// Runs in: main. Registry entries for term tags.
import { tagsContract } from '../../../src-shared/contract/tags';
import { implement } from '../../registry';
import * as service from './service';

export const tagHandlers = implement(tagsContract, {
  'tags.list': (ctx, { q }) => service.listTags(ctx, q),
  'tags.get': (ctx, { id }) => service.getTag(ctx, id),
  'tags.create': (ctx, fields) => service.createTag(ctx, fields),
  'tags.createForm': (ctx, fields) => {
    service.createTag(ctx, fields);
    return { $redirect: '/tags' };
  },
  'tags.update': (ctx, { id, ...patch }) => service.updateTag(ctx, id, patch),
  'tags.delete': (ctx, { id }) => ({ success: true as const, deleted: service.deleteTag(ctx, id) }),
});
