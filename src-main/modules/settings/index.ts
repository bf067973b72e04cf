// Runs in: main. The settings module's front door: its endpoints, the domain events it listens to, and what other
// modules may call (settings are written only through here).
import type { Module } from '../../registry';
import { settingsHandlers } from './handlers';

export const settingsModule: Module = {
  name: 'settings',
  handlers: settingsHandlers,
  listeners: {},
};

// What other modules may call (they import this file, never a file of the module).
export { deleteUserSettings, getSetting, moveGlobalSettingsToUser, saveSetting, userToday } from './service';
