// Runs in: renderer. A .txt file dropped anywhere opens the new-text form with it.
import { fileExtension, registerDropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { setPendingTextFile } from './pendingFile';

registerDropHandler({
  id: 'texts.txt',
  label: 'New text from this file',
  description: 'Plain text (.txt), read as UTF-8',
  accepts: (file) => fileExtension(file.name) === '.txt',
  handle(files) {
    setPendingTextFile(files[0]);
    navigate('/texts/new?dropped=1');
  },
});
