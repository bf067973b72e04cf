// Runs in: renderer. The English catalogue: the source of every key (other languages are typed against it).
import { anki } from './en/anki';
import { ankiSend } from './en/anki-send';
import { ankiconnect } from './en/ankiconnect';
import { accounts } from './en/accounts';
import { backup } from './en/backup';
import { books } from './en/books';
import { dictionaries } from './en/dictionaries';
import { extension } from './en/extension';
import { feeds } from './en/feeds';
import { frame } from './en/frame';
import { home } from './en/home';
import { languages } from './en/languages';
import { lemmas } from './en/lemmas';
import { migrate } from './en/migrate';
import { misc } from './en/misc';
import { panel } from './en/panel';
import { reader } from './en/reader';
import { review } from './en/review';
import { settings } from './en/settings';
import { statistics } from './en/statistics';
import { status } from './en/status';
import { terms } from './en/terms';
import { texts } from './en/texts';

export const en = {
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

export type MessageKey = keyof typeof en;
