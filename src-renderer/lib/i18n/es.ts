// Runs in: renderer. The Spanish catalogue. Typed as a Catalogue, so a key missing here fails the type check.
import type { Catalogue } from './index';
import { accounts } from './es/accounts';
import { anki } from './es/anki';
import { ankiSend } from './es/anki-send';
import { translation } from './es/translation';
import { readAloud } from './es/read-aloud';
import { ankiconnect } from './es/ankiconnect';
import { backup } from './es/backup';
import { books } from './es/books';
import { dictionaries } from './es/dictionaries';
import { extension } from './es/extension';
import { feeds } from './es/feeds';
import { frame } from './es/frame';
import { home } from './es/home';
import { languages } from './es/languages';
import { lemmas } from './es/lemmas';
import { listening } from './es/listening';
import { migrate } from './es/migrate';
import { openLibrary } from './es/open-library';
import { panel } from './es/panel';
import { reader } from './es/reader';
import { review } from './es/review';
import { settings } from './es/settings';
import { statistics } from './es/statistics';
import { status } from './es/status';
import { tags } from './es/tags';
import { terms } from './es/terms';
import { texts } from './es/texts';

export const es: Catalogue = {
  ...accounts,
  ...anki,
  ...ankiSend,
  ...translation,
  ...readAloud,
  ...ankiconnect,
  ...backup,
  ...books,
  ...dictionaries,
  ...extension,
  ...feeds,
  ...frame,
  ...home,
  ...languages,
  ...lemmas,
  ...listening,
  ...migrate,
  ...openLibrary,
  ...panel,
  ...reader,
  ...review,
  ...settings,
  ...statistics,
  ...status,
  ...tags,
  ...terms,
  ...texts,
};
