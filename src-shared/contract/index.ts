// Runs in: any process. Every endpoint of Lectio, by handler name. Modules add their contract here.
import { languagesContract } from './languages';
import { settingsContract } from './settings';
import { reviewContract } from './review';
import { activityContract } from './activity';
import { apkgContract } from './apkg';
import { dictionariesContract } from './dictionaries';
import { termsContract } from './terms';
import { tagsContract } from './tags';
import { lemmasContract } from './lemmas';
import { textsContract, textTagsContract } from './texts';
import { readerContract } from './reader';

export const contract = {
  ...languagesContract,
  ...settingsContract,
  ...reviewContract,
  ...activityContract,
  ...apkgContract,
  ...dictionariesContract,
  ...termsContract,
  ...tagsContract,
  ...lemmasContract,
  ...textsContract,
  ...textTagsContract,
  ...readerContract,
};
export type Contract = typeof contract;
export type HandlerName = keyof Contract;
