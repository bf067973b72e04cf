// Runs in: main. Import-from-another-tool endpoints → service.
import { migrateContract } from '../../../src-shared/contract/migrate';
import { implement } from '../../registry';
import { importFile } from './service';

export const migrateHandlers = implement(migrateContract, {
  'import.lwt': (ctx, input) => importFile(ctx, 'lwt', input),
  'import.lute': (ctx, input) => importFile(ctx, 'lute', input),
});
