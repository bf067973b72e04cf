// Runs in: main. Registry entries for books.
import { booksContract } from '../../../src-shared/contract/books';
import { implement } from '../../registry';
import * as service from './service';

export const bookHandlers = implement(booksContract, {
  'books.list': (ctx, { language_id }) => service.listBooks(ctx, language_id),
  'books.create': (ctx, input) => service.createBook(ctx, input),
  'books.preview': (ctx, input) => service.previewBook(ctx, input),
  'books.get': (ctx, { id }) => service.getBook(ctx, id),
  'books.delete': (ctx, { id }) => service.deleteBook(ctx, id),
  'books.progress': (ctx, { id, ...p }) => service.saveProgress(ctx, id, p),
  'books.cover': (ctx, { id }) => service.coverOf(ctx, id),
  'books.difficulty': (ctx, { id, chapter, limit }) => service.difficulty(ctx, id, chapter, limit),
  'books.addTerms': (ctx, { id, words }) => service.addTerms(ctx, id, words),
  'books.ofText': (ctx, { text_id }) => service.bookOfText(ctx, text_id),
});
