// Runs in: main. Registry entries for Anki packages: export, re-import, and the create-only deck import.
import { apkgContract } from '../../../src-shared/contract/apkg';
import { implement } from '../../registry';
import { importDeck } from './deck-import';
import * as service from './service';

export const apkgHandlers = implement(apkgContract, {
  'apkg.export': (ctx, { lang_id }) => service.exportPackage(ctx, lang_id),
  'apkg.exportSelection': (ctx, { lang_id, marked }) => service.exportPackage(ctx, lang_id, marked ?? []),
  'apkg.reimport': (ctx, { file }) => service.reimportPackage(ctx, file),
  'apkg.inspect': (ctx, { file }) => service.inspectPackage(ctx, file),
  'apkg.importDeck': (ctx, input) => importDeck(ctx, input),
});
