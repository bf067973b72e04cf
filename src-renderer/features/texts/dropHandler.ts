// Runs in: renderer. Listed in app/drop-handlers.ts. A .txt file dropped anywhere opens the new-text form with it.
import { fileExtension, type DropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { setPendingTextFile } from './pendingFile';
import { t } from '../../lib/i18n';

export const textFileDrop: DropHandler = {
  id: 'texts.txt',
  // Getters: read in the interface language of the moment the dialog asks.
  get label() {
    return t('drop.txtLabel');
  },
  get description() {
    return t('drop.txtDescription');
  },
  accepts: (file) => fileExtension(file.name) === '.txt',
  handle(files) {
    setPendingTextFile(files[0]);
    navigate('/texts/new?dropped=1');
  },
};
