// Runs in: main. Registry entries of the AnkiConnect server (issue 29). `ankiconnect.invoke` has no /api/v1 path: the
// HTTP adapter answers POST /ankiconnect (and the optional 127.0.0.1:8765) itself, establishes the caller from the
// Origin header and the key, and dispatches here (src-main/http/ankiconnect.ts).
import { ankiConnectContract } from '../../../src-shared/contract/ankiconnect';
import { implement } from '../../registry';
import { configure, status } from './port';
import { invoke } from './service';

export const ankiConnectHandlers = implement(ankiConnectContract, {
  'ankiconnect.invoke': (ctx, input) => invoke(ctx, input),
  'ankiconnect.status': (ctx) => status(ctx),
  'ankiconnect.configure': (ctx, input) => configure(ctx, input),
});
