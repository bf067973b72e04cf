// Runs in: main. The tags module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { tagHandlers } from './handlers';

export const tagsModule: Module = {
  name: 'tags',
  handlers: tagHandlers,
  listeners: {},
};

// What other modules may call (they import this file, never a file of the module).
export { ensureTagIds, parseTagNames, setTermTags } from './service';
