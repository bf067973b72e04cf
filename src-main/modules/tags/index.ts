// Runs in: main. The tags module's front door: its endpoints, the domain events it listens to, and what other
// modules may call (term tags and word_tag_map are written only through here).
import type { Module } from '../../registry';
import { tagHandlers } from './handlers';

export const tagsModule: Module = {
  name: 'tags',
  handlers: tagHandlers,
  listeners: {},
};

// What other modules may call (they import this file, never a file of the module).
export { ensureTagIds, linkImportedTermTags, parseTagNames, replaceTagsOfTerms, setTermTags } from './service';
