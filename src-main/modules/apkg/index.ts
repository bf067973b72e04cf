// Runs in: main. The apkg module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { apkgHandlers } from './handlers';

export const apkgModule: Module = {
  name: 'apkg',
  handlers: apkgHandlers,
  listeners: {},
};
