// Runs in: main. The optional listener on 127.0.0.1:8765 (AnkiConnect's own address) for tools that cannot be given
// another one. Loopback only, whatever Lectio's own host is; off until the learner turns it on in Settings. When
// the port is taken — Anki with AnkiConnect running, usually — it says so instead of failing the app.
import http, { type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnkiConnectPortControl, PortState } from '../modules/ankiconnect';
import { ANKICONNECT_PATH } from '../../src-shared/contract/ankiconnect';

export interface AnkiConnectPort extends AnkiConnectPortControl {
  close(): Promise<void>;
}

export function createAnkiConnectPort(handler: RequestListener, port: number, mainUrl: () => string | null): AnkiConnectPort {
  let server: http.Server | null = null;
  let state: PortState = { listening: false, error: null, port: null };
  // Switches arrive one after the other (a double click must not open two servers).
  let queue: Promise<unknown> = Promise.resolve();

  const open = () =>
    new Promise<PortState>((resolve) => {
      const s = http.createServer(handler);
      s.keepAliveTimeout = 5000;
      s.once('error', (err: NodeJS.ErrnoException) => {
        s.close();
        resolve({ listening: false, error: err.code === 'EADDRINUSE' || err.code === 'EACCES' ? 'in_use' : 'failed', port: null });
      });
      s.listen(port, '127.0.0.1', () => {
        server = s;
        resolve({ listening: true, error: null, port: (s.address() as AddressInfo).port });
      });
    });

  const shut = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = null;
      if (!s) return resolve();
      s.closeAllConnections();
      s.close(() => resolve());
    });

  return {
    state: () => state,
    url: () => {
      const base = mainUrl();
      return base && `${base}${ANKICONNECT_PATH}`;
    },
    set(enabled) {
      const next = queue.then(async () => {
        if (enabled && !server) state = await open();
        else if (!enabled) {
          await shut();
          state = { listening: false, error: null, port: null };
        }
        return state;
      });
      queue = next;
      return next;
    },
    close: () => shut(),
  };
}
