// Runs in: renderer. Window-wide drop of dictionary files: opens the Dictionaries page and imports the
// file as a new dictionary of the current language.
import { registerDropHandler, fileExtension } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { DICTIONARY_EXTENSIONS, importDictionaryFile } from './store';

registerDropHandler({
  id: 'dictionaries',
  label: 'Import as a dictionary',
  description: 'CSV, TSV, JSON, StarDict or Yomitan (in .zip, .tar.gz, .tar.bz2, .tar.xz) for the current language',
  accepts: (file) => DICTIONARY_EXTENSIONS.includes(fileExtension(file.name)) || /\.tgz$/i.test(file.name),
  async handle(files) {
    const languageId = useApp.getState().currentLanguageId;
    if (languageId === null) {
      toast('error', 'Add a language first: dictionaries belong to a language.');
      navigate('/languages/new');
      return;
    }
    navigate('/local-dictionaries');
    for (const file of files) await importDictionaryFile(file, { languageId });
  },
});
