// Runs in: main. The review module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { reviewHandlers } from './handlers';

export const reviewModule: Module = {
  name: 'review',
  handlers: reviewHandlers,
  listeners: {},
};

// What other modules may call (they import this file, never a file of the module).
export { dueTodayByLanguage } from './service';
