// Runs in: main. How long a request's body may take to arrive. Node's own requestTimeout is one number for every
// request: 120 s stops a slow trickle, and also a 500 MB audiobook or a 2 GB Anki deck sent over a household's
// Wi-Fi. Here a body may take 120 s, or as long as its declared size needs at 256 KB/s, whichever is longer; and
// it may never go 30 s without a byte. Headers keep Node's headersTimeout (15 s).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestBodyDone } from './body';

export interface ArrivalLimits {
  /** Every body may take this long. */
  requestMs: number;
  /** A larger declared body may take as long as it needs at this rate. */
  minBytesPerSecond: number;
  /** Longest wait for the next byte of a body. */
  stallMs: number;
}

export const ARRIVAL_LIMITS: ArrivalLimits = { requestMs: 120_000, minBytesPerSecond: 256 * 1024, stallMs: 30_000 };

/** The time a body of `declared` bytes may take to arrive. */
export const arrivalAllowanceMs = (declared: number, limits: ArrivalLimits): number =>
  Math.max(limits.requestMs, Math.ceil((Math.max(0, declared) / limits.minBytesPerSecond) * 1000));

/** Watches the body of one request: past its allowance or a stall, the client gets 408 and the connection is closed. */
export function watchArrival(req: IncomingMessage, res: ServerResponse, limits: ArrivalLimits): void {
  if (requestBodyDone(req)) return;
  const socket = req.socket;
  const declared = Number(req.headers['content-length'] ?? 0);
  const timedOut = () => {
    done();
    // The rest of the body is not waited for: the connection closes once the answer is out.
    if (res.headersSent) return void socket.destroy();
    res.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
    res.end(JSON.stringify({ error: 'The request took too long to arrive' }), () => socket.destroy());
  };
  const deadline = setTimeout(timedOut, arrivalAllowanceMs(Number.isFinite(declared) ? declared : 0, limits));
  deadline.unref();
  const done = () => {
    clearTimeout(deadline);
    req.off('timeout', timedOut);
    socket.setTimeout(0);
    req.off('end', done);
    req.off('close', done);
  };
  // Through the request, not the socket: with a listener on the request, Node leaves the socket open for the 408.
  req.setTimeout(limits.stallMs);
  req.once('timeout', timedOut);
  req.once('end', done);
  req.once('close', done);
}
