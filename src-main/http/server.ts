// Runs in: main. The HTTP adapter: loopback server for the browser app, extensions and scripts.
// Order of checks per request: Host guard → method allowlist (405) → route (404) → rate limit →
// body → CSRF → dispatch through the registry → response.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { AppError, type ErrorBody } from '../../src-shared/contract/errors';
import { isFileResult, isHtmlResult, isJsonTextResult, isMediaFileResult, isRedirectResult } from '../../src-shared/contract/endpoint';
import { LEGACY_REDIRECTS } from '../../src-shared/contract/pages';
import type { Core } from '../app/core';
import { describeZodError } from '../app/core';
import { discardTempUploads, parseBody, parseQuery } from './body';
import { contentSecurityPolicy, detectOrigin, InvalidHostError, isAllowedHost, type RequestOrigin } from './origin';
import { sendMediaFile } from './range';
import { RateLimiter } from './rate-limit';
import { RouteTable } from './routes';
import { csrfTokenFor, isValidCsrf, loadSessionSecret, newSessionId, parseCookies, SESSION_COOKIE, sessionCookie } from './session';
import { StaticFiles } from './static';
import { appendCookie, Authenticator, WWW_AUTHENTICATE } from './auth';

export interface HttpServerOptions {
  rendererDir: string;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LEGACY_PREFIX = '/api.php/v1';
/** Deprecated routes are removed in the next major version; this is the date we announce. */
export const SUNSET_DATE = 'Fri, 01 Jan 2027 00:00:00 GMT';

export interface LectioHttpServer {
  server: http.Server;
  listen(port: number, host: string): Promise<number>;
  close(): Promise<void>;
}

function sendJson(res: ServerResponse, status: number, body: unknown, head: boolean) {
  const text = isJsonTextResult(body) ? body.$json : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

const sendError = (res: ServerResponse, status: number, message: string, head: boolean, extra: Record<string, unknown> = {}) =>
  sendJson(res, status, { error: message, ...extra } satisfies ErrorBody, head);

function isDatabaseError(err: unknown): boolean {
  const name = (err as { name?: string; code?: string })?.name ?? '';
  const code = (err as { code?: string })?.code ?? '';
  return name === 'SqliteError' || code.startsWith('SQLITE_');
}

function deprecationHeaders(res: ServerResponse, successor: string) {
  res.setHeader('Deprecation', 'true');
  res.setHeader('Sunset', SUNSET_DATE);
  res.setHeader('Link', `<${successor}>; rel="successor-version"`);
}

export function createHttpServer(core: Core, options: HttpServerOptions): LectioHttpServer {
  const routes = new RouteTable(core.registry);
  const staticFiles = new StaticFiles(options.rendererDir);
  const secret = loadSessionSecret(core.config.dataDir);
  const authn = new Authenticator(core, secret);
  const apiLimiter = new RateLimiter(core.config.rateLimitApiPerMinute, 60_000);
  // The web interface itself (requests carrying the page's session-bound CSRF token) clicks through
  // words far faster than a script should: it gets ten times the budget, still per IP.
  const appPageLimiter = new RateLimiter(core.config.rateLimitApiPerMinute * 10, 60_000);
  const transcribeLimiter = new RateLimiter(core.config.rateLimitTranscribePer15Minutes, 15 * 60_000);
  let boundPort = 0;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const head = method === 'HEAD';
    const url = new URL(req.url ?? '/', 'http://placeholder');
    let pathname = url.pathname;

    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');

    let origin: RequestOrigin;
    try {
      origin = detectOrigin(req, core.config, boundPort);
    } catch (err) {
      if (err instanceof InvalidHostError) return sendError(res, 400, 'Invalid host header', head);
      throw err;
    }
    res.setHeader('Content-Security-Policy', contentSecurityPolicy(origin.secure));
    const hostToCheck = origin.host;
    if (!isAllowedHost(req.headers.host ?? '', core.config) || !isAllowedHost(hostToCheck, core.config)) {
      return sendError(res, 403, 'Host not allowed: Lectio answers loopback names only (set APP_URL to serve another host)', head);
    }

    // Legacy prefix: answer as /api/v1 and announce the successor.
    if (pathname === LEGACY_PREFIX || pathname.startsWith(LEGACY_PREFIX + '/')) {
      pathname = '/api/v1' + pathname.slice(LEGACY_PREFIX.length);
      deprecationHeaders(res, pathname + url.search);
    }

    const cookies = parseCookies(req);
    let sessionId = cookies[SESSION_COOKIE];
    const ensureSession = () => {
      if (!sessionId) {
        sessionId = newSessionId();
        appendCookie(res, sessionCookie(sessionId, origin.secure));
      }
      return csrfTokenFor(secret, sessionId);
    };

    // Authenticate (issue 14, src-main/http/auth.ts): Bearer token, session or remember-me cookie; headers only.
    const authed = authn.authenticate(req, res, cookies, origin.secure);
    if (authed.sessionId) sessionId = authed.sessionId;
    if (authn.cors(req, res, method, origin.origin)) return;

    // Built renderer assets.
    if ((method === 'GET' || head) && !pathname.startsWith('/api/')) {
      const asset = staticFiles.file(pathname);
      if (asset) {
        res.writeHead(200, {
          'Content-Type': asset.type,
          'Content-Length': asset.body.length,
          'Cache-Control': asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        res.end(head ? undefined : asset.body);
        return;
      }
    }

    // Old routes that redirect to their successors.
    const legacy = LEGACY_REDIRECTS.find((r) => r.path === pathname);
    if (legacy && (method === 'GET' || head)) {
      const target = legacy.to(url.searchParams);
      if (legacy.deprecated) deprecationHeaders(res, target);
      res.writeHead(301, { Location: target });
      res.end();
      return;
    }

    // Token for scripts and extensions: GET it (cookie + token), then send X-CSRF-TOKEN.
    if (pathname === '/api/v1/csrf-token' && (method === 'GET' || head)) {
      return sendJson(res, 200, { csrf_token: ensureSession() }, head);
    }

    const match = routes.resolve(method, pathname);
    if (match.kind === 'method-not-allowed') {
      res.setHeader('Allow', match.allowed.join(', '));
      return sendError(res, 405, `Method ${method} not allowed`, head);
    }
    if (match.kind === 'not-found') return sendError(res, 404, 'Not found', head);
    const verdict = authn.gate(authed, match.kind === 'page' ? match : { kind: 'handler', name: match.route.handler.name }, method, pathname, url.search);
    if (verdict.kind === 'login') {
      res.writeHead(302, { Location: verdict.location, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (verdict.kind === 'unauthorized') {
      res.setHeader('WWW-Authenticate', WWW_AUTHENTICATE);
      return sendError(res, 401, 'Authentication required', head);
    }
    if (match.kind === 'page') {
      const html = staticFiles.page(ensureSession());
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(head ? undefined : html);
      return;
    }

    const ip = req.socket.remoteAddress ?? 'unknown';
    if (pathname.startsWith('/api/v1/')) {
      const isTranscribe = method === 'POST' && pathname === '/api/v1/whisper/transcribe';
      const fromAppPage = isValidCsrf(secret, sessionId, req.headers['x-csrf-token']);
      const wait = isTranscribe ? transcribeLimiter.hit(ip) : (fromAppPage ? appPageLimiter : apiLimiter).hit(ip);
      if (wait > 0) {
        res.setHeader('Retry-After', String(wait));
        return sendError(res, 429, 'Too many requests; try again later', head, { retry_after: wait });
      }
    }

    const authWait = authn.limitAuth(method, pathname, authn.clientIp(req));
    if (authWait > 0) {
      res.setHeader('Retry-After', String(authWait));
      return sendError(res, 429, 'Too many attempts; try again later', head, { retry_after: authWait });
    }

    const upload = match.route.handler.upload;
    const body = STATE_CHANGING.has(method) ? await parseBody(req, upload && { dir: path.join(core.config.dataDir, 'tmp'), maxBytes: upload.maxBytes }) : {};
    if (upload) res.once('close', () => void discardTempUploads(body));
    if (STATE_CHANGING.has(method)) {
      const token = req.headers['x-csrf-token'] ?? body._csrf_token;
      if (!authn.skipsCsrf(authed) && !isValidCsrf(secret, sessionId, token)) return sendError(res, 403, 'Invalid or missing CSRF token', head);
      delete body._csrf_token;
    }

    const { route, params } = match;
    if (route.handler.deprecatedSuccessor) deprecationHeaders(res, route.handler.deprecatedSuccessor);
    const input = { ...parseQuery(url.search), ...body, ...params };
    const result = authn.finish(
      res,
      await core.dispatch(route.handler.name, input, verdict.user, 'http', {
        secure: origin.secure,
        origin: origin.origin,
        ip,
        csrfToken: sessionId ? csrfTokenFor(secret, sessionId) : undefined,
        auth: authed.auth,
      }),
      origin.secure,
    );

    if (isMediaFileResult(result)) return sendMediaFile(req, res, result, head);
    if (isFileResult(result)) {
      const data = Buffer.from(result.data.buffer, result.data.byteOffset, result.data.byteLength);
      res.writeHead(200, {
        'Content-Type': result.contentType,
        'Content-Length': data.length,
        'Content-Disposition': `attachment; filename="${result.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(result.filename)}`,
      });
      res.end(head ? undefined : data);
      return;
    }
    if (isRedirectResult(result)) {
      res.writeHead(result.status ?? 303, { Location: result.$redirect });
      res.end();
      return;
    }
    if (isHtmlResult(result)) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(head ? undefined : result.$html);
      return;
    }
    sendJson(res, 200, result ?? { success: true }, head);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const head = req.method === 'HEAD';
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (err instanceof AppError) {
        if (err.status === 429 && typeof err.extra.retry_after === 'number') res.setHeader('Retry-After', String(err.extra.retry_after));
        return sendError(res, err.status, err.message, head, err.extra);
      }
      if (err instanceof z.ZodError) return sendError(res, 400, `Invalid input: ${describeZodError(err)}`, head);
      // Never leak SQL text or stack traces: log them, answer generically.
      core.log.error(`${req.method} ${req.url} failed`, err);
      if (isDatabaseError(err)) return sendError(res, 500, 'A database error occurred', head);
      return sendError(res, 500, 'Internal server error', head);
    });
  });
  server.keepAliveTimeout = 5000;

  return {
    server,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          boundPort = (server.address() as AddressInfo).port;
          resolve(boundPort);
        });
      });
    },
    close() {
      return new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
