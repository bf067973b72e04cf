// Runs in: main. The optional listener on 127.0.0.1:8765 (AnkiConnect's own address) for tools that cannot be given
// another one. Loopback only, whatever Lectio's own host is; off until the learner turns it on in Settings. When
// the port is taken — Anki with AnkiConnect running, usually — it says so instead of failing the app.
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnkiConnectPortControl, PortState } from '../modules/ankiconnect';
import { ANKICONNECT_PATH } from '../../src-shared/contract/ankiconnect';
import { replyError } from '../../src-shared/anki/connect/protocol';
import type { Core } from '../app/core';
import { toErrorResult } from '../core/errors';
import { isLoopbackAddress } from '../net/address';
import { handleAnkiConnect } from './ankiconnect';
import { watchArrival, type ArrivalLimits } from './arrival';
import { requestBodyDone } from './body';
import type { BodyBudget } from './body-budget';
import { isAllowedHost } from './origin';
import { sendJson } from './respond';

/** Loopback names only, whatever Lectio's own host is (a DNS-rebinding page names its own host). */
const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

/**
 * The port's requests: AnkiConnect only (at /, as tools expect, and at /ankiconnect), behind the guards of Lectio's
 * own port — header count, loopback socket, loopback Host — each refusal an AnkiConnect answer.
 */
export function ankiConnectPortListener(core: Core, arrival: ArrivalLimits, maxHeaders: number, portOf: () => number, budget: BodyBudget): RequestListener {
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, error: string) => {
    if (!requestBodyDone(req)) res.setHeader('Connection', 'close');
    sendJson(res, status, replyError(error), false);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    watchArrival(req, res, arrival);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.rawHeaders.length / 2 > maxHeaders) return refuse(req, res, 431, `Too many request headers (limit ${maxHeaders})`);
    if (!isLoopbackAddress(req.socket.remoteAddress ?? '')) return refuse(req, res, 403, 'The AnkiConnect port answers this computer only');
    const host = req.headers.host ?? '';
    if (!LOOPBACK_HOST.test(host) || !isAllowedHost(host, core.config))
      return refuse(req, res, 403, 'Host not allowed: the AnkiConnect port answers loopback names only');
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/' && path !== ANKICONNECT_PATH) return refuse(req, res, 404, 'Not found: AnkiConnect answers at /');
    await handleAnkiConnect(core, req, res, { ownOrigin: `http://127.0.0.1:${portOf()}`, secure: false, ip: req.socket.remoteAddress ?? 'unknown', budget });
  };
  return (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      const { status, error } = toErrorResult(err, core.log, `${req.method} ${req.url} (AnkiConnect port)`);
      refuse(req, res, status, error);
    });
  };
}

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
