// Runs in: main. The languages module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { languageHandlers } from './handlers';

export const languagesModule: Module = {
  name: 'languages',
  handlers: languageHandlers,
  listeners: {},
};

// What other modules may call (they import this file, never a file of the module).
export { createLanguage, deleteLanguage, findLanguage, getLanguage, listLanguages, parsingLanguage, type ParsingLanguage } from './service';
export { findPreset } from './presets';
export { saveWordCorrection } from './word-corrections';
export { withWordCorrections } from './service';
