// Runs in: renderer. Window-wide drop of an .apkg: asks whether it brings changes back from a Lectio export
// (re-import) or holds a deck built elsewhere (create-only import), then opens that screen with the file.
import { registerDropHandler } from '../../lib/drop';
import { navigate } from '../../lib/router';
import { chooseDialog } from '../../stores/ui';
import { isApkg, useAnki } from './store';

registerDropHandler({
  id: 'anki',
  label: 'Import an Anki package',
  description: '.apkg from Anki or AnkiDroid',
  accepts: isApkg,
  async handle(files) {
    const file = files[0];
    const choice = await chooseDialog({
      title: `Import ${file.name}`,
      message: 'What does this Anki package hold?',
      options: [
        {
          value: 'reimport',
          label: 'Changes to my Lectio terms',
          description: 'A deck exported from Lectio and studied in Anki: apply edits, tags and suspensions.',
        },
        { value: 'deck', label: 'A deck made elsewhere', description: 'Create new terms from its notes; existing terms stay as they are.' },
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
});
