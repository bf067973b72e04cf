// Runs in: renderer. Listed in app/drop-handlers.ts. An .epub dropped anywhere on the window opens the book import (preview, then import).
import { fileExtension, type DropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { setPendingBookFile } from './pendingBook';
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
  accepts: (file) => fileExtension(file.name) === '.epub',
  handle(files) {
    setPendingBookFile(files[0]);
    navigate('/book/import');
  },
};
