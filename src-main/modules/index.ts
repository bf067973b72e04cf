// Runs in: main. Every module's handlers, combined into the one registry. Modules add their line here.
import type { Handler } from '../registry';
import { languageHandlers } from './languages/handlers';
import { settingsHandlers } from './settings/handlers';

export const allHandlers: Handler[] = [
  ...languageHandlers,
  ...settingsHandlers,
];
