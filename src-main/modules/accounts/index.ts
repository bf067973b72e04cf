// Runs in: main. Front door of the accounts module: its endpoints (accounts, sessions, paired apps), and what the
// HTTP adapter's authenticate step calls.
import type { Module } from '../../registry';
import { userHandlers } from './handlers';
import { pairingHandlers } from './pairing-handlers';
import { resetMailJob } from './credentials';

export const accountsModule: Module = {
  name: 'accounts',
  handlers: [...userHandlers, ...pairingHandlers],
  listeners: {},
  // The password-reset mail, sent after the answer (credentials.ts).
  jobs: { 'accounts.resetMail': resetMailJob },
};

export { sessionUser, rememberUser, tokenUser, isPairedOrigin, SESSION_IDLE_MS, SESSION_ABSOLUTE_MS, REMEMBER_MS } from './service';
export { ACCOUNT_FAILURES_FACTOR, requireAdmin } from './common';
export { requestPairingFor } from './pairing';
