// Runs in: main. The dictionaries module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { dictionaryHandlers } from './handlers';

export const dictionariesModule: Module = {
  name: 'dictionaries',
  handlers: dictionaryHandlers,
  listeners: {},
};

// What other modules may call (they import this file, never a file of the module).
export { firstDefinitions } from './service';
export { frequencyLists, rankedWords, type FrequencyList, type RankedWord } from './frequency';
