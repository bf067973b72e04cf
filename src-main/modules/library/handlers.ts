// Runs in: main. Registry entries for online libraries and web articles.
import { libraryContract } from '../../../src-shared/contract/library';
import { implement } from '../../registry';
import * as service from './service';

export const libraryHandlers = implement(libraryContract, {
  'library.fromUrl': (ctx, { url, language_id }) => service.fromUrl(ctx, url, language_id),
  'library.gutenberg': (ctx, q) => service.searchGutenberg(ctx, q),
  'library.kidsSearch': (ctx, q) => service.searchKids(ctx, q),
  'library.extractEpubUrl': (ctx, { url }) => service.extractEpubUrl(ctx, url),
  'library.preview': (ctx, { url, language_id }) => service.preview(ctx, url, language_id),
  'library.readerLevel': (ctx, { language_id }) => service.readerLevel(ctx, language_id),
  'library.import': (ctx, input) => service.importBook(ctx, input),
});
