// Runs in: main. Every module's front door, combined: the handlers go into the one registry, the listeners are
// installed on the domain events by the core at start, and background jobs (`start`) run from the core's start to
// its close(). A new module adds its index.ts object to `modules`.
import type { JobHandlers } from '../core/jobs';
import type { Handler, Module } from '../registry';
import type { Listeners } from '../core/events';
import { languagesModule } from './languages';
import { settingsModule } from './settings';
import { reviewModule } from './review';
import { statisticsModule } from './statistics';
import { apkgModule } from './apkg';
import { ankiSyncModule } from './anki-sync';
import { dictionariesModule } from './dictionaries';
import { termsModule } from './terms';
import { tagsModule } from './tags';
import { lemmasModule } from './lemmas';
import { getTerm } from './terms';
import { textsModule } from './texts';
import { readerModule } from './reader';
import { textTagsModule } from './text-tags';
import { feedsModule } from './feeds';
import { libraryModule } from './library';
import { booksModule } from './books';
import { backupModule } from './backup';
import { migrateModule } from './migrate';
import { accountsModule } from './accounts';
import { timingsModule } from './timings';
import { mediaModule } from './media';
import { transcriptionModule } from './transcription';
import { youtubeModule } from './youtube';
import { webDictionariesModule } from './web-dictionaries';
import { annotateModule } from './annotate';
import { ankiConnectModule } from './ankiconnect';
import { translationModule } from './translation';

export const modules: Module[] = [
  languagesModule,
  settingsModule,
  reviewModule,
  statisticsModule,
  apkgModule,
  ankiSyncModule,
  dictionariesModule,
  termsModule,
  tagsModule,
  // Lemmas reads a family's terms through getTerm (passed in here, so lemmas never imports terms).
  lemmasModule({ getTerm }),
  textsModule,
  readerModule,
  textTagsModule,
  feedsModule,
  libraryModule,
  accountsModule,
  booksModule,
  backupModule,
  migrateModule,
  timingsModule,
  mediaModule,
  transcriptionModule,
  youtubeModule,
  webDictionariesModule,
  annotateModule,
  ankiConnectModule,
  translationModule,
];

export const allHandlers: Handler[] = modules.flatMap((m) => m.handlers);
export const allListeners: Listeners[] = modules.map((m) => m.listeners);
/** Every module's job handlers, one table (a kind is `<module>.<what>`, so two modules never name the same). */
export const allJobHandlers: JobHandlers = Object.assign({}, ...modules.map((m) => m.jobs ?? {})) as JobHandlers;
/** The modules with background work, which the core starts and its close() stops. */
export const backgroundModules: Module[] = modules.filter((m) => m.start);
