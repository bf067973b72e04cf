// Runs in: renderer. Listed in app/drop-handlers.ts. Window-wide drop of an .apkg: asks whether it brings changes back from a Lectio export
// (re-import) or holds a deck built elsewhere (create-only import), then opens that screen with the file.
import type { DropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { chooseDialog } from '../../stores/ui';
import { isApkg, useAnki } from './store';
import { t } from '../../lib/i18n';

export const apkgDrop: DropHandler = {
  id: 'anki',
  // Getters: read in the interface language of the moment the dialog asks.
  get label() {
    return t('anki.importAnAnkiPackage');
  },
  get description() {
    return t('anki.apkgFrom');
  },
  accepts: isApkg,
  async handle(files) {
    const file = files[0];
    const choice = await chooseDialog({
      title: t('anki.importFile', { name: file.name }),
      message: t('anki.whatDoesThisAnki'),
      options: [
        {
          value: 'reimport',
          label: t('anki.changesToMyLectio'),
          description: t('anki.aDeckExportedFrom'),
        },
        { value: 'deck', label: t('anki.aDeckMadeElsewhere'), description: t('anki.createNewTermsFrom') },
      ],
    });
    if (choice === 'reimport') {
      navigate('/vocabulary/apkg/import');
      await useAnki.getState().runReimport(file);
    } else if (choice === 'deck') {
      useAnki.getState().setDeckFile(file);
      navigate('/anki/import-deck');
    }
  },
};
