// Runs in: main. Registry entries for pairing browser extensions (issue 28). `origin` of create and poll is the
// request's Origin header, put into the input by the HTTP adapter (src-main/http/pairing-origin.ts), never the body's.
import { EXTENSION_ORIGIN_RE, pairingContract } from '../../../src-shared/contract/extension';
import { forbidden } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import { implement } from '../../registry';
import { answerPairing, createPairing, pendingPairings, pollPairing } from './pairing';

function extensionOrigin(origin: string | undefined): string {
  if (!origin || !EXTENSION_ORIGIN_RE.test(origin)) throw forbidden(msg('pairing.notExtension', { origin: (origin ?? 'none').slice(0, 100) }));
  return origin;
}

export const pairingHandlers = implement(pairingContract, {
  'pairing.create': (ctx, { name, origin }) => createPairing(ctx, { name, origin: extensionOrigin(origin) }),
  'pairing.poll': (ctx, { id, secret, origin }) => pollPairing(ctx, { id, secret, origin: extensionOrigin(origin) }),
  'pairing.pending': (ctx, { id }) => pendingPairings(ctx, id),
  'pairing.answer': (ctx, input) => answerPairing(ctx, input),
});
