// Runs in: renderer. Listed in app/drop-handlers.ts. An .epub, .pdf, .fb2 or Kindle book (.mobi, .azw3) dropped anywhere on the window opens the book import (preview, then import).
import type { DropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { isBookFile, setPendingBookFile } from './pendingBook';
import { t } from '../../lib/i18n';

export const epubDrop: DropHandler = {
  id: 'books.epub',
  // Getters: read in the interface language of the moment the dialog asks.
  get label() {
    return t('drop.epubLabel');
  },
  get description() {
    return t('drop.epubDescription');
  },
  // A .txt dropped is a text (the texts' handler), not a book.
  accepts: (file) => isBookFile(file.name),
  handle(files) {
    setPendingBookFile(files[0]);
    navigate('/book/import');
  },
};
