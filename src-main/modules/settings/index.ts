// Runs in: main. The settings module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { settingsHandlers } from './handlers';

export const settingsModule: Module = {
  name: 'settings',
  handlers: settingsHandlers,
  listeners: {},
};

// What other modules may call (they import this file, never a file of the module).
export { getSetting, saveSetting, userToday } from './service';
