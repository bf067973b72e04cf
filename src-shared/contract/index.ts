// Runs in: any process. Every endpoint of Lectio, by handler name. Modules add their contract here.
import { languagesContract } from './languages';
import { settingsContract } from './settings';
import { reviewContract } from './review';
import { statisticsContract } from './statistics';
import { apkgContract } from './apkg';
import { ankiSyncContract } from './anki-sync';
import { dictionariesContract } from './dictionaries';
import { termsContract } from './terms';
import { tagsContract } from './tags';
import { lemmasContract } from './lemmas';
import { textsContract, textTagsContract } from './texts';
import { readerContract } from './reader';
import { backupContract } from './backup';
import { migrateContract } from './migrate';
import { feedsContract } from './feeds';
import { libraryContract } from './library';
import { accountsContract } from './accounts';
import { booksContract } from './books';
import { listeningContract } from './listening';
import { mediaContract } from './media';
import { webDictionariesContract } from './web-dictionaries';
import { ankiConnectContract } from './ankiconnect';
import { extensionContract } from './extension';
import { translationContract } from './translation';

export const contract = {
  ...languagesContract,
  ...settingsContract,
  ...reviewContract,
  ...statisticsContract,
  ...apkgContract,
  ...ankiSyncContract,
  ...dictionariesContract,
  ...termsContract,
  ...tagsContract,
  ...lemmasContract,
  ...textsContract,
  ...textTagsContract,
  ...readerContract,
  ...backupContract,
  ...migrateContract,
  ...feedsContract,
  ...libraryContract,
  ...accountsContract,
  ...booksContract,
  ...listeningContract,
  ...mediaContract,
  ...webDictionariesContract,
  ...ankiConnectContract,
  ...extensionContract,
  ...translationContract,
};
export type Contract = typeof contract;
export type HandlerName = keyof Contract;
