// Runs in: main. The books module's front door: its endpoints, and the events that make its cached per-chapter
// counts stale (chapters are ordinary texts, kept in step by the texts module; books only count them).
import type { Module } from '../../registry';
import { bookHandlers } from './handlers';
import { clearCountsCache, refreshProgressOfChapter } from './reading';
import { moveCoversJob } from './cover-move';
import { parseChaptersJob } from './parse-chapters';

export const booksModule: Module = {
  name: 'books',
  handlers: bookHandlers,
  listeners: {
    'terms.changed': clearCountsCache,
    'language.parsingChanged': clearCountsCache,
    'text.changed': clearCountsCache,
    'text.finished': refreshProgressOfChapter,
    'text.unfinished': refreshProgressOfChapter,
  },
  jobs: { 'books.moveCovers': moveCoversJob, 'books.parseChapters': parseChaptersJob },
};

// What other modules may call (they import this file, never a file of the module).
export { bookFromTexts, createBook } from './service';
export { refreshProgress as refreshBookProgress } from './reading';
export { parseEpubOffThread } from './formats';
export { picturesOfText } from './reading';
