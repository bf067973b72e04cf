// Runs in: renderer. The Spanish catalogue. Typed as a Catalogue, so a key missing here fails the type check.
import type { Catalogue } from './index';
import { anki } from './es/anki';
import { ankiSend } from './es/anki-send';
import { ankiconnect } from './es/ankiconnect';
import { accounts } from './es/accounts';
import { backup } from './es/backup';
import { books } from './es/books';
import { dictionaries } from './es/dictionaries';
import { extension } from './es/extension';
import { feeds } from './es/feeds';
import { frame } from './es/frame';
import { home } from './es/home';
import { languages } from './es/languages';
import { lemmas } from './es/lemmas';
import { migrate } from './es/migrate';
import { misc } from './es/misc';
import { panel } from './es/panel';
import { reader } from './es/reader';
import { review } from './es/review';
import { settings } from './es/settings';
import { statistics } from './es/statistics';
import { status } from './es/status';
import { terms } from './es/terms';
import { texts } from './es/texts';

export const es: Catalogue = {
  ...anki,
  ...ankiSend,
  ...ankiconnect,
  ...accounts,
  ...backup,
  ...books,
  ...dictionaries,
  ...extension,
  ...feeds,
  ...frame,
  ...home,
  ...languages,
  ...lemmas,
  ...migrate,
  ...misc,
  ...panel,
  ...reader,
  ...review,
  ...settings,
  ...statistics,
  ...status,
  ...terms,
  ...texts,
};
