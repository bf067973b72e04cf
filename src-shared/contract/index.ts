// Runs in: any process. Every endpoint of Lectio, by handler name. Modules add their contract here.
import { languagesContract } from './languages';
import { settingsContract } from './settings';

export const contract = {
  ...languagesContract,
  ...settingsContract,
};
export type Contract = typeof contract;
export type HandlerName = keyof Contract;
