// Runs in: main. The text-tags module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { textTagHandlers } from './handlers';

export const textTagsModule: Module = {
  name: 'text-tags',
  handlers: textTagHandlers,
  listeners: {},
};
