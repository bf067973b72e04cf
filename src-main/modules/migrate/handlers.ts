// Runs in: main. Import-from-another-tool endpoints → service.
import { migrateContract } from '../../../src-shared/contract/migrate';
import { implement } from '../../registry';
import { dismissInterruptedMoves, interruptedMoves } from './interrupted';
import { importFile } from './service';

export const migrateHandlers = implement(migrateContract, {
  'import.lwt': (ctx, input) => importFile(ctx, 'lwt', input),
  'import.lute': (ctx, input) => importFile(ctx, 'lute', input),
  'import.interrupted': (ctx) => ({ moves: interruptedMoves(ctx) }),
  'import.dismissInterrupted': (ctx) => {
    dismissInterruptedMoves(ctx);
    return { success: true as const };
  },
});
