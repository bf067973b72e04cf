// Runs in: main. Backup endpoints → service.
import { backupContract } from '../../../src-shared/contract/backup';
import type { FileResult } from '../../../src-shared/contract/endpoint';
import { implement } from '../../registry';
import * as service from './service';

export const backupHandlers = implement(backupContract, {
  // Over HTTP the archive is a DiskFileResult: the adapter streams it from disk, the client receives the same FileResult.
  'backup.download': (ctx) => service.download(ctx) as Promise<FileResult>,
  'backup.saveNow': (ctx) => service.saveNow(ctx),
  'backup.restore': (ctx, input) => service.restore(ctx, input.file),
  'backup.settings': (ctx) => service.settings(ctx),
  'backup.saveSettings': (ctx, input) => service.saveSettings(ctx, input),
  'backup.empty': (ctx, input) => service.empty(ctx, input.confirm),
});
