// Runs in: main. Registry entries for books.
import { booksContract } from '../../../src-shared/contract/books';
import { implement } from '../../registry';
import { addLanguageTerms, bookCoverage, languageCoverage, textCoverage } from './coverage';
import { nextWords } from './next-words';
import * as reading from './reading';
import * as service from './service';

export const bookHandlers = implement(booksContract, {
  'books.list': (ctx, { language_id }) => reading.listBooks(ctx, language_id),
  'books.create': (ctx, input) => service.createBook(ctx, input),
  'books.preview': (ctx, input) => service.previewBook(ctx, input),
  'books.get': (ctx, { id }) => reading.getBook(ctx, id),
  'books.delete': (ctx, { id }) => service.deleteBook(ctx, id),
  'books.progress': (ctx, { id, ...p }) => reading.saveProgress(ctx, id, p),
  'books.cover': (ctx, { id }) => reading.coverOf(ctx, id),
  'books.difficulty': (ctx, { id, chapter, limit }) => reading.difficulty(ctx, id, chapter, limit),
  'books.coverage': (ctx, { id, chapter, limit }) => bookCoverage(ctx, id, chapter, limit),
  'books.textCoverage': (ctx, { id, limit }) => textCoverage(ctx, id, limit),
  'books.languageCoverage': (ctx, { id, limit }) => languageCoverage(ctx, id, limit),
  'books.nextWords': (ctx, { id, dictionary, limit }) => nextWords(ctx, id, dictionary, limit),
  'books.addLanguageTerms': (ctx, { id, words }) => addLanguageTerms(ctx, id, words),
  'books.addTerms': (ctx, { id, words }) => reading.addTerms(ctx, id, words),
  'books.pictures': (ctx, { id, shown }) => reading.setPictures(ctx, id, shown),
  'books.ofText': (ctx, { text_id }) => reading.bookOfText(ctx, text_id),
});
