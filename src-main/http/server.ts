// Runs in: main. The HTTP adapter: loopback server for the browser app, extensions and scripts.
// A request runs through named steps, each answering or handing on (handle() at the bottom):
//   request line (431 too many headers, 400 bad percent-encoding) → loopback socket (single-user) → Host guard
//   → static assets / redirects / token → route (405, 404) → pages → authenticate → rate limit
//   → CSRF + Origin (headers) → Content-Length vs the route's limit → body (streamed, hard cap) → dispatch.
// Nothing before readBody reads a body byte; an early refusal closes the connection so no more is read.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AppError, type ErrorBody, type ErrorText } from '../../src-shared/contract/errors';
import { LEGACY_REDIRECTS } from '../../src-shared/contract/pages';
import type { Core } from '../app/core';
import { toErrorResult } from '../core/errors';
import { discardTempUploads, parseBody, parseQuery } from './body';
import { contentSecurityPolicy, detectOrigin, InvalidHostError, isAllowedHost, type RequestOrigin } from './origin';
import { RateLimiter } from './rate-limit';
import { RouteTable } from './routes';
import { csrfTokenFor, isValidCsrf, loadSessionSecret, newSessionId, parseCookies, SESSION_COOKIE, sessionCookie } from './session';
import { StaticFiles } from './static';
import { appendCookie, Authenticator, WWW_AUTHENTICATE, type AuthOutcome } from './auth';
import { isLoopbackAddress } from '../net/address';
import type { CurrentUser } from '../db/scope';
import { bodyLimit, formatBytes, isMultipart, requestBodyDone } from './body';
import { BODY_BUDGET, BodyBudget, type BodyBudgetLimits } from './body-budget';
import { sendHandlerResult, sendJson } from './respond';
import type { RouteMatch } from './routes';
import { msg } from '../../src-shared/contract/messages';
import { ARRIVAL_LIMITS, watchArrival, type ArrivalLimits } from './arrival';
import { capConnectionsPerClient } from './connections';
import { isPairingOpen, withHeaderOrigin } from './pairing-origin';
import { ANKICONNECT_PATH, ANKICONNECT_PORT } from '../../src-shared/contract/ankiconnect';
import { handleAnkiConnect } from './ankiconnect';
import { ankiConnectPortListener, createAnkiConnectPort } from './ankiconnect-port';
import { ankiConnectPortSlot, portWanted } from '../modules/ankiconnect';

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export interface HttpServerOptions {
  rendererDir: string;
  /** Concurrent connections one client address may hold (serve mode); over it, new ones are closed. Default 64. */
  maxConnectionsPerClient?: number;
  /** Whole request headers must arrive within this (slow clients). Default 15 s. */
  headersTimeoutMs?: number;
  /** How long a body may take to arrive (arrival.ts): by default 120 s, or its declared size at 256 KB/s, and never a 30 s stall. */
  arrival?: Partial<ArrivalLimits>;
  /** Compress large JSON answers to loopback clients too (tests; by default only clients on other machines get them compressed). */
  compressLoopback?: boolean;
  /** Body bytes held in memory at once, per caller and in all (body-budget.ts). */
  bodyBudget?: BodyBudgetLimits;
  /** The AnkiConnect port the learner may turn on (default 8765; tests choose a free one). */
  ankiConnectPort?: number;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LEGACY_PREFIX = '/api.php/v1';
/** Deprecated routes are removed in the next major version; this is the date we announce. */
export const SUNSET_DATE = 'Fri, 01 Jan 2027 00:00:00 GMT';
/** More header lines than this answer 431 (Node itself answers 431 past 16 KB of headers). */
export const MAX_HEADER_COUNT = 100;
/** A body whose CSRF token can only be found inside it is read up to this much before it is refused. */
export const TOKENLESS_BODY_BYTES = 1024 * 1024;

export interface LectioHttpServer {
  server: http.Server;
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

/** True when a request may come from this socket address: any address with accounts, loopback only without. */
export function isAllowedSocket(remoteAddress: string | undefined, config: Pick<Core['config'], 'multiUserEnabled'>): boolean {
  if (config.multiUserEnabled) return true;
  return remoteAddress !== undefined && isLoopbackAddress(remoteAddress);
}

/** The decoded path, or null when its percent-encoding is malformed (answered 400). */
export function decodePathname(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

const sendError = (res: ServerResponse, status: number, message: string, head: boolean, extra: Record<string, unknown> = {}) =>
  sendJson(res, status, { error: message, ...extra } satisfies ErrorBody, head);

function deprecationHeaders(res: ServerResponse, successor: string) {
  res.setHeader('Deprecation', 'true');
  res.setHeader('Sunset', SUNSET_DATE);
  res.setHeader('Link', `<${successor}>; rel="successor-version"`);
}

export function createHttpServer(core: Core, options: HttpServerOptions): LectioHttpServer {
  const routes = new RouteTable(core.registry);
  const staticFiles = new StaticFiles(options.rendererDir);
  const secret = loadSessionSecret(core.config.dataDir);
  const arrivalLimits: ArrivalLimits = { ...ARRIVAL_LIMITS, ...options.arrival };
  const authn = new Authenticator(core, secret);
  const apiLimiter = new RateLimiter(core.config.rateLimitApiPerMinute, 60_000);
  // The web interface itself (requests carrying the page's session-bound CSRF token) clicks through
  // words far faster than a script should: it gets ten times the budget, still per IP.
  const appPageLimiter = new RateLimiter(core.config.rateLimitApiPerMinute * 10, 60_000);
  const transcribeLimiter = new RateLimiter(core.config.rateLimitTranscribePer15Minutes, 15 * 60_000);
  const bodyBudget = new BodyBudget(options.bodyBudget ?? BODY_BUDGET);
  let boundPort = 0;

  /** What the steps of one request share. */
  interface RequestState {
    req: IncomingMessage;
    res: ServerResponse;
    method: string;
    head: boolean;
    url: URL;
    pathname: string;
    origin: RequestOrigin;
    cookies: Record<string, string>;
    sessionId: string | undefined;
    authed: AuthOutcome;
    match: Extract<RouteMatch, { kind: 'handler' }>;
    user: CurrentUser;
    /** The client's address for budgets: the socket's, or with TRUST_PROXY the one the proxy appended. */
    ip: string;
    body: Record<string, unknown>;
    /** Whether the X-CSRF-TOKEN header is this session's token (asked by the rate limit and the CSRF check). */
    headerTokenValid?: boolean;
  }
  // Bearer calls carry no cookies; nor do an extension's two pairing calls, whose Origin is checked instead (issue 28).
  const skipsCsrf = (s: RequestState) => authn.skipsCsrf(s.authed) || isPairingOpen(s.match.route.handler);
  const headerTokenValid = (s: RequestState) => (s.headerTokenValid ??= isValidCsrf(secret, s.sessionId, s.req.headers['x-csrf-token']));
  /** A step answers (returns true: the request is done) or lets the next one run. */
  type Step = (s: RequestState) => boolean | Promise<boolean>;

  /** Refuses early without reading the body: the connection is closed after the answer so no more is read. */
  function refuse(s: Pick<RequestState, 'req' | 'res' | 'head'>, status: number, message: ErrorText, extra: Record<string, unknown> = {}): true {
    if (!requestBodyDone(s.req)) s.res.setHeader('Connection', 'close');
    const coded = new AppError(status, message, extra);
    sendError(s.res, status, coded.message, s.head, coded.extra);
    return true;
  }

  // ---- steps, in order --------------------------------------------------------------------------------

  /** 431 for too many header lines; 400 for a path whose percent-encoding is malformed. */
  const checkRequestLine: Step = (s) => {
    if (s.req.rawHeaders.length / 2 > MAX_HEADER_COUNT) return refuse(s, 431, `Too many request headers (limit ${MAX_HEADER_COUNT})`);
    if (decodePathname(s.url.pathname) === null) return refuse(s, 400, 'Malformed URL: invalid percent-encoding in the path');
    return false;
  };

  /** Loopback means loopback: without accounts, the socket's real address must be loopback, whatever Host says. */
  const checkSocket: Step = (s) => {
    if (isAllowedSocket(s.req.socket.remoteAddress, core.config)) return false;
    return refuse(s, 403, 'Lectio answers this computer only in single-user mode (the connection does not come from a loopback address)');
  };

  /** DNS-rebinding guard: the Host (and a trusted forwarded host) must be a loopback name or the configured host. */
  const checkHost: Step = (s) => {
    if (!isAllowedHost(s.req.headers.host ?? '', core.config) || !isAllowedHost(s.origin.host, core.config)) {
      return refuse(s, 403, 'Host not allowed: Lectio answers loopback names only (set APP_URL to serve another host)');
    }
    return false;
  };

  /** Built renderer assets, legacy redirects and the token endpoint need nothing more. */
  const serveStaticAndRedirects: Step = (s) => {
    const { res, method, head, pathname, url } = s;
    if ((method === 'GET' || head) && !pathname.startsWith('/api/')) {
      const asset = staticFiles.file(pathname);
      if (asset) {
        res.writeHead(200, {
          'Content-Type': asset.type,
          'Content-Length': asset.body.length,
          'Cache-Control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        res.end(head ? undefined : asset.body);
        return true;
      }
    }
    const legacy = LEGACY_REDIRECTS.find((r) => r.path === pathname);
    if (legacy && (method === 'GET' || head)) {
      const target = legacy.to(url.searchParams);
      if (legacy.deprecated) deprecationHeaders(res, target);
      res.writeHead(301, { Location: target });
      res.end();
      return true;
    }
    // Token for scripts and extensions: GET it (cookie + token), then send X-CSRF-TOKEN.
    if (pathname === '/api/v1/csrf-token' && (method === 'GET' || head)) {
      sendJson(res, 200, { csrf_token: ensureSession(s) }, head);
      return true;
    }
    return false;
  };

  /** Per-client budgets: the API, the app page (10×), transcription, and the sign-in routes. */
  const rateLimit: Step = (s) => {
    const { res, method, pathname, ip } = s;
    if (pathname.startsWith('/api/v1/')) {
      const isTranscribe = method === 'POST' && pathname === '/api/v1/whisper/transcribe';
      const fromAppPage = headerTokenValid(s);
      // Signed in (multi-user): the budget is the account's, so a class behind one NAT address is not throttled
      // together; before sign-in it is the client address's.
      const caller = core.config.multiUserEnabled && s.authed.user ? `user:${s.authed.user.id}` : `ip:${ip}`;
      const wait = isTranscribe ? transcribeLimiter.hit(caller) : (fromAppPage ? appPageLimiter : apiLimiter).hit(caller);
      if (wait > 0) {
        res.setHeader('Retry-After', String(wait));
        return refuse(s, 429, msg('request.tooManyRequests'), { retry_after: wait });
      }
    }
    const authWait = authn.limitAuth(method, pathname, ip);
    if (authWait > 0) {
      res.setHeader('Retry-After', String(authWait));
      return refuse(s, 429, msg('request.tooManyAttempts'), { retry_after: authWait });
    }
    return false;
  };

  /**
   * CSRF and Origin, from the headers, before any body byte is read. A foreign Origin (or Sec-Fetch-Site
   * cross-site) is refused; an X-CSRF-TOKEN header is checked here. A form may carry its token in the body
   * (_csrf_token) instead: then the body is read only up to TOKENLESS_BODY_BYTES, and a multipart body must
   * name the token before its first file (readBody enforces both). Token-authenticated calls skip both checks.
   */
  const checkCsrfAndOrigin: Step = (s) => {
    if (!STATE_CHANGING.has(s.method) || skipsCsrf(s)) return false;
    const origin = firstHeader(s.req.headers.origin);
    if (origin !== undefined && origin !== s.origin.origin)
      return refuse(s, 403, `Cross-site request refused (Origin ${origin.slice(0, 100)} is not this app)`);
    if (firstHeader(s.req.headers['sec-fetch-site']) === 'cross-site') return refuse(s, 403, msg('request.crossSite'));
    const header = s.req.headers['x-csrf-token'];
    if (header !== undefined && !headerTokenValid(s)) return refuse(s, 403, msg('request.csrf'));
    return false;
  };

  /** Authenticate (issue 14): who is calling, from the headers; gate the route. The body is not read yet. */
  const authenticate: Step = (s) => {
    const verdict = authn.gate(
      s.authed,
      { kind: 'handler', name: s.match.route.handler.name, access: s.match.route.handler.access },
      s.method,
      s.pathname,
      s.url.search,
    );
    if (verdict.kind === 'login') {
      s.res.writeHead(302, { Location: verdict.location, 'Cache-Control': 'no-store', ...(requestBodyDone(s.req) ? {} : { Connection: 'close' }) });
      s.res.end();
      return true;
    }
    if (verdict.kind === 'unauthorized') {
      s.res.setHeader('WWW-Authenticate', WWW_AUTHENTICATE);
      const foreign = s.authed.foreignOrigin;
      return refuse(s, 401, foreign === undefined ? msg('request.authRequired') : msg('request.foreignOrigin', { origin: foreign.slice(0, 100) }));
    }
    if (verdict.kind === 'passwordChange') return refuse(s, 403, msg('accounts.passwordChangeRequired'));
    const missing = authn.missingScope(s.authed, s.match.route.handler.access);
    if (missing) return refuse(s, 403, msg('request.tokenScope', { scope: missing }));
    s.user = verdict.user;
    return false;
  };

  /**
   * Content-Length against the route's limit, before any body byte is read; then the bytes the body will hold in
   * memory against its caller's and the server's budget (an upload streamed to disk holds none).
   */
  const checkDeclaredLength: Step = (s) => {
    if (!STATE_CHANGING.has(s.method)) return false;
    const { upload } = s.match.route.handler;
    const limit = bodyLimit(s.req, s.match.route.handler);
    const declared = Number(firstHeader(s.req.headers['content-length']) ?? NaN);
    const chunked = s.req.headers['transfer-encoding'] !== undefined;
    if (!chunked && !(declared > 0)) return false;
    if (declared > limit) {
      // Name the limit the learner can act on: the file's, not the file plus the form's allowance.
      if (upload) return refuse(s, 413, msg('request.earlyFileTooLarge', { mb: Math.round(upload.maxBytes / 1024 / 1024) }));
      return refuse(s, 413, msg('request.bodyTooLarge', { limit: formatBytes(limit) }));
    }
    if (upload && isMultipart(s.req)) return false;
    const held = chunked || !Number.isFinite(declared) ? limit : declared;
    const release = bodyBudget.reserve(s.user.id !== null ? `user:${s.user.id}` : `ip:${s.ip}`, held);
    if (!release) {
      s.res.setHeader('Retry-After', '1');
      return refuse(s, 429, msg('request.bodiesInFlight'), { retry_after: 1 });
    }
    s.res.once('close', release);
    return false;
  };

  /** The body, streamed with a hard cap (413 the moment it is passed); the token found in it is checked here. */
  const readBody: Step = async (s) => {
    if (!STATE_CHANGING.has(s.method)) return false;
    const upload = s.match.route.handler.upload;
    const needsBodyToken = !skipsCsrf(s) && s.req.headers['x-csrf-token'] === undefined;
    s.body = await parseBody(s.req, upload && { dir: path.join(core.config.dataDir, 'tmp'), maxBytes: upload.maxBytes }, {
      maxBytes: needsBodyToken ? Math.min(TOKENLESS_BODY_BYTES, bodyLimit(s.req, s.match.route.handler)) : bodyLimit(s.req, s.match.route.handler),
      tokenBeforeFiles: needsBodyToken ? (token) => isValidCsrf(secret, s.sessionId, token) : undefined,
    });
    if (upload) s.res.once('close', () => void discardTempUploads(s.body));
    if (needsBodyToken && !isValidCsrf(secret, s.sessionId, s.body._csrf_token)) return refuse(s, 403, msg('request.csrf'));
    delete s.body._csrf_token;
    return false;
  };

  /** The handler through the registry, and its answer. */
  const dispatch: Step = async (s) => {
    const { req, res, head, origin } = s;
    const { route, params } = s.match;
    if (route.handler.deprecatedSuccessor) deprecationHeaders(res, route.handler.deprecatedSuccessor);
    const merged = { ...parseQuery(s.url.search), ...s.body, ...params };
    const input = isPairingOpen(route.handler) ? withHeaderOrigin(req, merged) : merged;
    const result = authn.finish(
      res,
      await core.dispatch(route.handler.name, input, s.user, 'http', {
        secure: origin.secure,
        origin: origin.origin,
        ip: s.ip,
        csrfToken: s.sessionId ? csrfTokenFor(secret, s.sessionId) : undefined,
        auth: s.authed.auth,
      }),
      origin.secure,
    );
    await sendHandlerResult(req, res, result, head, options.compressLoopback ?? false);
    return true;
  };

  const STEPS: readonly Step[] = [authenticate, rateLimit, checkCsrfAndOrigin, checkDeclaredLength, readBody, dispatch];

  function ensureSession(s: Pick<RequestState, 'res' | 'sessionId' | 'origin'>): string {
    if (!s.sessionId) {
      s.sessionId = newSessionId();
      appendCookie(s.res, sessionCookie(s.sessionId, s.origin.secure));
    }
    return csrfTokenFor(secret, s.sessionId);
  }

  /** Runs the steps for one request: each either answers or hands on. */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const head = method === 'HEAD';
    watchArrival(req, res, arrivalLimits);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://placeholder');
    } catch {
      refuse({ req, res, head }, 400, 'Malformed URL');
      return;
    }
    const early = { req, res, head, url } as RequestState;
    if (checkRequestLine(early) || checkSocket(early)) return;

    let origin: RequestOrigin;
    try {
      origin = detectOrigin(req, core.config, boundPort);
    } catch (err) {
      if (err instanceof InvalidHostError) {
        refuse({ req, res, head }, 400, 'Invalid host header');
        return;
      }
      throw err;
    }
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(origin.secure));
    const s = { req, res, method, head, url, pathname: url.pathname, origin, body: {}, ip: authn.clientIp(req) } as RequestState;
    if (checkHost(s)) return;
    // AnkiConnect (issue 29) speaks its own protocol: its envelope, errors, key and CORS (src-main/http/ankiconnect.ts).
    if (s.pathname === ANKICONNECT_PATH) {
      await handleAnkiConnect(core, req, res, {
        ownOrigin: origin.origin,
        secure: origin.secure,
        ip: req.socket.remoteAddress ?? 'unknown',
        budget: bodyBudget,
      });
      return;
    }

    // Legacy prefix: answer as /api/v1 and announce the successor.
    if (s.pathname === LEGACY_PREFIX || s.pathname.startsWith(LEGACY_PREFIX + '/')) {
      s.pathname = '/api/v1' + s.pathname.slice(LEGACY_PREFIX.length);
      deprecationHeaders(res, s.pathname + url.search);
    }
    s.cookies = parseCookies(req);
    s.sessionId = s.cookies[SESSION_COOKIE];
    // Authenticate (issue 14, src-main/http/auth.ts): Bearer token, session or remember-me cookie; headers only.
    s.authed = authn.authenticate(req, res, s.cookies, origin);
    if (s.authed.sessionId) s.sessionId = s.authed.sessionId;
    if (authn.cors(req, res, method, origin.origin)) return;
    if (serveStaticAndRedirects(s)) return;

    const match = routes.resolve(method, s.pathname);
    if (match.kind === 'method-not-allowed') {
      res.setHeader('Allow', match.allowed.join(', '));
      refuse(s, 405, `Method ${method} not allowed`);
      return;
    }
    if (match.kind === 'not-found') {
      // A browser asking for an unknown page gets the app (404), which shows its not-found page with a way back.
      const wantsPage = (method === 'GET' || head) && !s.pathname.startsWith('/api/') && (s.req.headers.accept ?? '').includes('text/html');
      if (wantsPage) {
        const html = staticFiles.page(ensureSession(s)); // sets the session cookie: before the head is written
        res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(head ? undefined : html);
        return;
      }
      refuse(s, 404, msg('common.notFound'));
      return;
    }
    if (match.kind === 'page') {
      const verdict = authn.gate(s.authed, match, method, s.pathname, url.search);
      if (verdict.kind === 'login') {
        res.writeHead(302, { Location: verdict.location, 'Cache-Control': 'no-store' });
        res.end();
      } else if (verdict.kind === 'unauthorized') {
        res.setHeader('WWW-Authenticate', WWW_AUTHENTICATE);
        refuse(s, 401, msg('request.authRequired'));
      } else if (verdict.kind === 'passwordChange') {
        refuse(s, 403, msg('accounts.passwordChangeRequired'));
      } else {
        const html = staticFiles.page(ensureSession(s));
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(head ? undefined : html);
      }
      return;
    }
    s.match = match;
    for (const step of STEPS) {
      // Most steps answer synchronously: only a promise is awaited (each await is a turn of the microtask queue).
      const done = step(s);
      if (typeof done === 'boolean' ? done : await done) return;
    }
  }

  const server = http.createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? 15_000,
      // Bodies are timed per request by their size (watchArrival), not by one number for all.
      requestTimeout: 0,
      // How often the two timeouts above are checked (Node's default is 30 s).
      connectionsCheckingInterval: Math.min(1000, options.headersTimeoutMs ?? 1000),
      // Past 16 KB of headers Node answers 431 itself; checkRequestLine answers 431 past MAX_HEADER_COUNT lines.
      maxHeaderSize: 16 * 1024,
    },
    (req, res) => {
      handle(req, res).catch((err: unknown) => {
        const head = req.method === 'HEAD';
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if (!requestBodyDone(req)) res.setHeader('Connection', 'close');
        // One mapping for both adapters (core/errors.ts): SQL text and stack traces are logged, never sent.
        const { status, error, extra } = toErrorResult(err, core.log, `${req.method} ${req.url}`);
        if (status === 429 && typeof extra.retry_after === 'number') res.setHeader('Retry-After', String(extra.retry_after));
        return sendError(res, status, error, head, extra);
      });
    },
  );
  server.keepAliveTimeout = 5000;
  // No silent cut at Node's 2000 header lines: checkRequestLine counts them all (within 16 KB) and answers 431.
  server.maxHeadersCount = 0;

  capConnectionsPerClient(server, options.maxConnectionsPerClient ?? 64);

  // The learner's optional second address, 127.0.0.1:8765 (src-main/http/ankiconnect-port.ts).
  const ankiPort = createAnkiConnectPort(
    ankiConnectPortListener(core, arrivalLimits, MAX_HEADER_COUNT, () => ankiPort.state().port ?? ANKICONNECT_PORT, bodyBudget),
    options.ankiConnectPort ?? ANKICONNECT_PORT,
    // Lectio's own address as this computer reaches it (APP_URL when one is set).
    () => (boundPort ? (core.config.appUrl?.origin ?? `http://127.0.0.1:${boundPort}`) : null),
  );
  ankiConnectPortSlot.set(core.services, ankiPort);

  return {
    server,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          boundPort = (server.address() as AddressInfo).port;
          // The learner's AnkiConnect port opens with the app (a taken port is reported in Settings, not fatal).
          const wanted = !core.config.multiUserEnabled && portWanted(core.context());
          void (wanted ? ankiPort.set(true) : Promise.resolve()).then(() => resolve(boundPort));
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        void ankiPort.close();
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
