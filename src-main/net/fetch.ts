// Runs in: main. The one way Lectio reaches the network (DESIGN §6): http/https URLs without credentials,
// DNS resolved by us and every address checked (so a name cannot point the request at loopback or the
// LAN), redirects followed by hand with each hop checked again, a deadline and a size cap. Tests reach
// their own 127.0.0.1 servers only through an explicit allowance object passed to the core, never an env switch.
// Compressed answers (gzip, br, deflate) are inflated here with the size cap applied to the inflated bytes, so a
// compression bomb stops at the cap; at most PER_HOST_LIMIT requests run against one host at a time.
import dns from 'node:dns';
import zlib from 'node:zlib';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import type { OutboundAllowance } from '../core/services';
import { isBlockedAddress } from './address';
import { APP_VERSION } from '../core/version';
import { type Message, messageText, msg } from '../../src-shared/contract/messages';
import { AppError } from '../../src-shared/contract/errors';

export const USER_AGENT = `Lectio/${APP_VERSION} (offline language-learning app; fetches feeds and articles its user asked for)`;
/** Requests running at once against one host (the rest wait their turn). */
export const PER_HOST_LIMIT = 4;

export type OutboundErrorCode = 'bad_url' | 'blocked' | 'too_many_redirects' | 'too_large' | 'timeout' | 'http_status' | 'network' | 'offline';

export class OutboundError extends Error {
  /** The message with its code, for an AppError that passes it on. */
  readonly text: Message;

  constructor(
    readonly code: OutboundErrorCode,
    message: Message,
    readonly status?: number,
  ) {
    super(messageText(message));
    this.name = 'OutboundError';
    this.text = message;
  }
}

export interface SafeFetchOptions {
  allowance: OutboundAllowance | null;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** Called as bytes arrive (total known when the server sent Content-Length). */
  onProgress?: (received: number, total: number | null) => void;
  /** Conditional request: the ETag / Last-Modified of the last answer. A 304 then resolves with notModified. */
  etag?: string;
  lastModified?: string;
}

export interface SafeResponse {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  contentType: string;
  headers: http.IncomingHttpHeaders;
  /** The body, already decompressed. */
  body: Buffer;
  /** True for a 304 answer to a conditional request (body empty). */
  notModified?: boolean;
}

export const FETCH_DEFAULTS = { timeoutMs: 30_000, maxBytes: 50 * 1024 * 1024, maxRedirects: 5 } as const;

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
const isAllowedTestHost = (url: URL, allowance: OutboundAllowance | null) =>
  !!allowance && allowance.allowHosts.map((h) => h.toLowerCase()).includes(hostOf(url));

/** Parses and checks a URL: http(s) only, no user:password, no blocked IP literal. */
export function validateUrl(raw: string, allowance: OutboundAllowance | null): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad_url', msg('net.badUrl', { url: raw.slice(0, 200) }));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('bad_url', msg('net.badScheme', { scheme: url.protocol }));
  if (url.username || url.password) throw new OutboundError('bad_url', msg('net.credentials'));
  if (!url.hostname) throw new OutboundError('bad_url', msg('net.noHost'));
  const host = hostOf(url);
  if (net.isIP(host) && isBlockedAddress(host) && !isAllowedTestHost(url, allowance)) {
    throw new OutboundError('blocked', msg('net.blockedAddress', { host }));
  }
  return url;
}

/** DNS lookup that refuses the whole name if any of its addresses is blocked. */
export function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isBlockedAddress(a.address));
      if (bad && !allowed) {
        return callback(new OutboundError('blocked', msg('net.blockedName', { name: hostname, address: bad.address })), '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/**
 * A failed connection said in words a learner can act on, never the system's text ("getaddrinfo ENOTFOUND …"):
 * no name resolution or no route is "offline" (the one error the screens offer Retry for), the rest by kind.
 */
export function networkError(host: string, err: unknown): OutboundError {
  const code = String((err as { code?: unknown }).code ?? '');
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'ENETUNREACH', 'ENETDOWN', 'EHOSTUNREACH', 'EHOSTDOWN'].includes(code))
    return new OutboundError('offline', msg('net.offline', { host }));
  if (code === 'ECONNREFUSED') return new OutboundError('network', msg('net.refused', { host }));
  if (['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE'].includes(code) || /socket hang up/i.test((err as Error).message ?? ''))
    return new OutboundError('network', msg('net.reset', { host }));
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return new OutboundError('network', msg('net.tls', { host }));
  return new OutboundError('network', msg('net.unreachable', { host }));
}

/**
 * The AppError a handler throws for a failed fetch: being offline is the same coded 503 everywhere (the screens
 * show it with Retry); any other failure becomes the caller's own message.
 */
export function outboundAppError(err: OutboundError, otherwise: Message, timeout?: Message): AppError {
  if (err.code === 'offline') return new AppError(503, err.text, { reason: 'offline' });
  if (err.code === 'timeout' && timeout) return new AppError(504, timeout);
  return new AppError(502, otherwise);
}

const running = new Map<string, number>();
const waiting = new Map<string, (() => void)[]>();

async function acquireHost(host: string): Promise<() => void> {
  if ((running.get(host) ?? 0) >= PER_HOST_LIMIT) await new Promise<void>((r) => waiting.set(host, [...(waiting.get(host) ?? []), r]));
  running.set(host, (running.get(host) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const n = (running.get(host) ?? 1) - 1;
    if (n <= 0) running.delete(host);
    else running.set(host, n);
    const queue = waiting.get(host);
    const next = queue?.shift();
    if (queue && queue.length === 0) waiting.delete(host);
    next?.();
  };
}

const tooLarge = (maxBytes: number) => new OutboundError('too_large', msg('net.tooLarge', { mb: Math.round(maxBytes / 1024 / 1024) }));

function decoderFor(encoding: string): zlib.Gunzip | zlib.BrotliDecompress | zlib.Inflate | null {
  const e = encoding.trim().toLowerCase();
  if (e === 'gzip' || e === 'x-gzip') return zlib.createGunzip();
  if (e === 'br') return zlib.createBrotliDecompress();
  if (e === 'deflate') return zlib.createInflate();
  return null;
}

function requestOnce(
  url: URL,
  opts: Required<Pick<SafeFetchOptions, 'maxBytes'>> & SafeFetchOptions,
  signal: AbortSignal,
): Promise<SafeResponse & { location?: string }> {
  return new Promise((resolve, reject) => {
    const allowed = isAllowedTestHost(url, opts.allowance);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        headers: {
          'user-agent': USER_AGENT,
          'accept-encoding': 'gzip, br, deflate',
          ...(opts.etag ? { 'if-none-match': opts.etag } : {}),
          ...(opts.lastModified ? { 'if-modified-since': opts.lastModified } : {}),
          ...opts.headers,
        },
        lookup: guardedLookup(allowed),
        // No pooled sockets: every request resolves and checks its address itself.
        agent: false,
        signal,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ url: url.href, status, contentType: '', headers: res.headers, body: Buffer.alloc(0), location: res.headers.location });
          return;
        }
        if (status === 304) {
          res.resume();
          resolve({
            url: url.href,
            status,
            contentType: String(res.headers['content-type'] ?? ''),
            headers: res.headers,
            body: Buffer.alloc(0),
            notModified: true,
          });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > opts.maxBytes) {
          res.destroy();
          reject(tooLarge(opts.maxBytes));
          return;
        }
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const inflater = encoding === 'identity' ? null : decoderFor(encoding);
        if (encoding !== 'identity' && !inflater) {
          res.destroy();
          reject(new OutboundError('network', msg('net.badEncoding', { host: url.host, encoding: encoding.slice(0, 40) })));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let raw = 0;
        let failed = false;
        const fail = (err: Error) => {
          if (failed) return;
          failed = true;
          res.destroy();
          inflater?.destroy();
          reject(err);
        };
        const take = (chunk: Buffer) => {
          if (failed) return;
          size += chunk.length;
          if (size > opts.maxBytes) return fail(tooLarge(opts.maxBytes));
          chunks.push(chunk);
        };
        const done = () => {
          if (!failed)
            resolve({ url: url.href, status, contentType: String(res.headers['content-type'] ?? ''), headers: res.headers, body: Buffer.concat(chunks) });
        };
        res.on('data', (chunk: Buffer) => {
          raw += chunk.length;
          if (raw > opts.maxBytes) return fail(tooLarge(opts.maxBytes));
          opts.onProgress?.(raw, Number.isFinite(declared) ? declared : null);
          if (inflater) inflater.write(chunk);
          else take(chunk);
        });
        if (inflater) {
          inflater.on('data', take);
          inflater.on('end', done);
          inflater.on('error', () => fail(new OutboundError('network', msg('net.damagedBody', { host: url.host, encoding }))));
          res.on('end', () => inflater.end());
        } else res.on('end', done);
        res.on('error', (err) => fail(err));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * GETs a URL safely. Throws OutboundError for refused URLs/addresses, too many redirects, oversize bodies,
 * timeouts, network failures and non-2xx answers.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const opts = { ...FETCH_DEFAULTS, ...options };
  // An option passed as undefined keeps its default (a missing deadline must never mean "no time at all").
  if (!(opts.timeoutMs > 0)) opts.timeoutMs = FETCH_DEFAULTS.timeoutMs;
  if (!(opts.maxBytes > 0)) opts.maxBytes = FETCH_DEFAULTS.maxBytes;
  if (!(opts.maxRedirects >= 0)) opts.maxRedirects = FETCH_DEFAULTS.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  try {
    let url = validateUrl(rawUrl, opts.allowance);
    for (let hop = 0; ; hop++) {
      let res: SafeResponse & { location?: string };
      const release = await acquireHost(url.host);
      try {
        res = await requestOnce(url, opts, controller.signal);
      } catch (err) {
        if (err instanceof OutboundError) throw err;
        if (controller.signal.aborted) throw new OutboundError('timeout', msg('net.timeout', { host: url.host, seconds: Math.round(opts.timeoutMs / 1000) }));
        const cause = (err as { cause?: unknown }).cause;
        if (cause instanceof OutboundError) throw cause;
        throw networkError(url.host, err);
      } finally {
        release();
      }
      if (res.location !== undefined) {
        if (hop >= opts.maxRedirects) throw new OutboundError('too_many_redirects', msg('net.redirects', { max: opts.maxRedirects }));
        url = validateUrl(new URL(res.location, url).href, opts.allowance);
        continue;
      }
      if (res.notModified && (opts.etag || opts.lastModified)) return res;
      if (res.status < 200 || res.status >= 300)
        throw new OutboundError('http_status', msg('net.httpStatus', { host: url.host, status: String(res.status) }), res.status);
      return res;
    }
  } finally {
    clearTimeout(timer);
  }
}
