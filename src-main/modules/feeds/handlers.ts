// Runs in: main. Registry entries for news feeds.
import { feedsContract } from '../../../src-shared/contract/feeds';
import { implement } from '../../registry';
import * as service from './service';

export const feedHandlers = implement(feedsContract, {
  'feeds.list': (ctx, { language_id }) => service.listFeeds(ctx, language_id),
  'feeds.get': (ctx, { id }) => service.getFeed(ctx, id),
  'feeds.create': (ctx, input) => service.createFeed(ctx, input),
  'feeds.update': (ctx, { id, ...patch }) => service.updateFeed(ctx, id, patch),
  'feeds.delete': (ctx, { id }) => service.deleteFeed(ctx, id),
  'feeds.articles': (ctx, { id, page, perPage, q }) => service.listArticles(ctx, id, page, perPage, q),
  'feeds.refresh': (ctx, { id }) => service.refreshFeed(ctx, id),
  'feeds.deleteArticles': (ctx, { id, article_ids }) => service.deleteArticles(ctx, id, article_ids),
  'feeds.importArticles': (ctx, { ids }) => service.importArticles(ctx, ids),
  'feeds.probe': (ctx, { url, charset }) => service.probe(ctx, url, charset),
  'feeds.previewArticle': (ctx, input) => service.previewArticle(ctx, input),
  'feeds.curated': (ctx, { language_id }) => service.listCurated(ctx, language_id),
  'feeds.exportOpml': (ctx) => service.exportOpml(ctx),
  'feeds.importOpml': (ctx, { file, language_id }) => service.importOpml(ctx, file, language_id),
});
