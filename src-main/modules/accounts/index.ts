// Runs in: main. Front door of the accounts module: its handlers, and what the HTTP adapter's authenticate step calls.
export { userHandlers } from './handlers';
export { pairingHandlers } from './pairing-handlers';
export { sessionUser, rememberUser, tokenUser, isPairedOrigin, SESSION_IDLE_MS, SESSION_ABSOLUTE_MS, REMEMBER_MS } from './service';
export { ACCOUNT_FAILURES_FACTOR, requireAdmin } from './common';
export { requestPairingFor } from './pairing';
