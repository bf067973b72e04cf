// Runs in: main. Every module's handlers, combined into the one registry. Modules add their line here.
import type { Handler } from '../registry';
import { languageHandlers } from './languages/handlers';
import { settingsHandlers } from './settings/handlers';
import { reviewHandlers } from './review/handlers';
import { activityHandlers } from './activity/handlers';
import { apkgHandlers } from './apkg/handlers';
import { dictionaryHandlers } from './dictionaries/handlers';
import { termHandlers } from './terms/handlers';
import { tagHandlers } from './tags/handlers';
import { lemmaHandlers } from './lemmas/handlers';
import { textHandlers } from './texts/handlers';
import { textTagHandlers } from './text-tags/handlers';
import { readerHandlers } from './reader/handlers';

export const allHandlers: Handler[] = [
  ...languageHandlers,
  ...settingsHandlers,
  ...reviewHandlers,
  ...activityHandlers,
  ...apkgHandlers,
  ...dictionaryHandlers,
  ...termHandlers,
  ...tagHandlers,
  ...lemmaHandlers,
  ...textHandlers,
  ...textTagHandlers,
  ...readerHandlers,
];
