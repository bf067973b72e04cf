// Runs in: main. The anki-sync module's front door: Lectio as a client of a running Anki (AnkiConnect). It owns no
// table: terms are read and their statuses written through the terms module. Decisions: docs/anki.md "Sending to Anki".
import type { Module } from '../../registry';
import { ankiSyncHandlers } from './handlers';
import { sendOnSaveJob, sendSavedTerms } from './on-save';

export const ankiSyncModule: Module = {
  name: 'anki-sync',
  handlers: ankiSyncHandlers,
  listeners: {
    // Send-on-save (setting ankiSendOnSave): a job written with the save sends the terms after its commit.
    'terms.changed': sendSavedTerms,
  },
  jobs: { 'anki-sync.sendOnSave': sendOnSaveJob },
};
