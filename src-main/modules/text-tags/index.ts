// Runs in: main. The text-tags module's front door: its endpoints, the domain events it listens to, and what other
// modules may call (text tags and text_tag_map are written only through here).
import type { Module } from '../../registry';
import { textTagHandlers } from './handlers';

export const textTagsModule: Module = {
  name: 'text-tags',
  handlers: textTagHandlers,
  listeners: {},
};
export { setTagsOfTexts } from './service';
