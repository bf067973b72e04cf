// Runs in: renderer. Listed in app/drop-handlers.ts. Window-wide drop of dictionary files: opens the Dictionaries page and imports the
// file as a new dictionary of the current language.
import { fileExtension, type DropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { DICTIONARY_EXTENSIONS, importDictionaryFile } from './store';
import { t } from '../../lib/i18n';

export const dictionaryDrop: DropHandler = {
  id: 'dictionaries',
  // Getters: read in the interface language of the moment the dialog asks.
  get label() {
    return t('dict.importAsADictionary');
  },
  get description() {
    return t('dict.csvTsvJsonStardict');
  },
  accepts: (file) => DICTIONARY_EXTENSIONS.includes(fileExtension(file.name)) || /\.tgz$/i.test(file.name),
  async handle(files) {
    const languageId = useApp.getState().currentLanguageId;
    if (languageId === null) {
      toast('error', t('dict.addALanguageFirst'));
      navigate('/languages/new');
      return;
    }
    navigate('/local-dictionaries');
    for (const file of files) await importDictionaryFile(file, { languageId });
  },
};
