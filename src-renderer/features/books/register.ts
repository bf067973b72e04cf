// Runs in: renderer. An .epub dropped anywhere on the window opens the book import (preview, then import).
import { fileExtension, registerDropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { setPendingBookFile } from './pendingBook';
import { t } from '../../lib/i18n';

registerDropHandler({
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
});
