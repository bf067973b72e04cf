// Runs in: renderer. The English catalogue: the source of every key (other languages are typed against it).
import { accounts } from './en/accounts';
import { anki } from './en/anki';
import { ankiSend } from './en/anki-send';
import { translation } from './en/translation';
import { readAloud } from './en/read-aloud';
import { ankiconnect } from './en/ankiconnect';
import { backup } from './en/backup';
import { books } from './en/books';
import { dictionaries } from './en/dictionaries';
import { extension } from './en/extension';
import { feeds } from './en/feeds';
import { frame } from './en/frame';
import { home } from './en/home';
import { languages } from './en/languages';
import { lemmas } from './en/lemmas';
import { listening } from './en/listening';
import { migrate } from './en/migrate';
import { openLibrary } from './en/open-library';
import { panel } from './en/panel';
import { reader } from './en/reader';
import { review } from './en/review';
import { settings } from './en/settings';
import { statistics } from './en/statistics';
import { status } from './en/status';
import { tags } from './en/tags';
import { terms } from './en/terms';
import { texts } from './en/texts';

export const en = {
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

export type MessageKey = keyof typeof en;
