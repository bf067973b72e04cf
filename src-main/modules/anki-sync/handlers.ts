// Runs in: main. Registry entries for Lectio as an AnkiConnect client: check the connection, send terms, read statuses back.
import { ankiSyncContract } from '../../../src-shared/contract/anki-sync';
import { implement } from '../../registry';
import { anki, ankiTarget } from './connection';
import { sendToAnki } from './send';
import { pullStatuses } from './statuses';

export const ankiSyncHandlers = implement(ankiSyncContract, {
  'ankiSync.check': async (ctx) => {
    const target = ankiTarget(ctx);
    return { version: await anki.invoke<number>(target, 'version'), url: target.url };
  },
  'ankiSync.send': (ctx, input) => sendToAnki(ctx, input),
  'ankiSync.pullStatuses': (ctx, { language_id }) => pullStatuses(ctx, language_id),
});
