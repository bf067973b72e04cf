// Runs in: main. Front door of the timings module (sentence timings of texts). Timings follow their
// sentences when a text is edited (text.changed).
import type { Module } from '../../registry';
import { timingHandlers } from './handlers';
import { remapAfterEdit } from './service';

export { getTimings, saveTimings, saveTimingsFromCues, saveTimingsFromSpans, saveTimingsOfParse } from './service';

export const timingsModule: Module = {
  name: 'timings',
  handlers: timingHandlers,
  listeners: { 'text.changed': (ctx, { textId }) => remapAfterEdit(ctx, textId) },
};
