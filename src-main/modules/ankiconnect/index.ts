// Runs in: main. Front door of the AnkiConnect server (issue 29): Yomitan, asbplayer and mpvacious send mined words
// to Lectio as they would to Anki. A deck is a language, a note (and its card) is a term; writes go through terms.
import type { Module } from '../../registry';
import { ankiConnectHandlers } from './handlers';
import { followPortSetting } from './port';

export { ankiConnectPortSlot, portWanted, type AnkiConnectPortControl, type PortState } from './port';

export const ankiConnectModule: Module = {
  name: 'ankiconnect',
  handlers: ankiConnectHandlers,
  // The port is the computer's, its switch the library's: a restored (or emptied) library's setting is followed at once.
  listeners: { 'library.replaced': followPortSetting },
};
