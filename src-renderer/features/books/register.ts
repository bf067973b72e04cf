// Runs in: renderer. An .epub dropped anywhere on the window opens the book import (preview, then import).
import { fileExtension, registerDropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { setPendingBookFile } from './pendingBook';

registerDropHandler({
  id: 'books.epub',
  label: 'Import as a book',
  description: 'EPUB: chapters become texts, with progress and a difficulty preview',
  accepts: (file) => fileExtension(file.name) === '.epub',
  handle(files) {
    setPendingBookFile(files[0]);
    navigate('/book/import');
  },
});
