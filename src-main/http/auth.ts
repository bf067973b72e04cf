// Runs in: main. The HTTP adapter's "authenticate" step and its companions (issue 14). Everything here works
// from the request headers alone, before any body is read:
//   authenticate   Bearer token → session cookie → remember-me cookie (restores and rotates) → nobody
//   gate           multi-user: API without a caller → 401 + WWW-Authenticate; pages → /login?next=…
//   limitAuth      login/registration/password routes: N per 5 minutes per client (429 + Retry-After)
//   cors           paired-app origins only (preflight and response headers); others get no CORS headers
//   finish         turns a handler's $cookies into Set-Cookie headers (and a fresh csrf_token in the body)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PASSWORD_CHANGE_HANDLERS, PASSWORD_CHANGE_PAGE, PUBLIC_PAGES, type AuthCookies } from '../../src-shared/contract/accounts';
import { requiredScope, type TokenScope } from '../../src-shared/contract/token-scopes';
import type { EndpointAccess } from '../../src-shared/contract/endpoint';
import type { Config } from '../core/config';
import type { RequestAuth } from '../core/context';
import type { Clock } from '../core/clock';
import type { Sqlite } from '../db/connection';
import { LOCAL_OWNER, type CurrentUser } from '../db/scope';
import { ACCOUNT_FAILURES_FACTOR, isPairedOrigin, REMEMBER_MS, rememberUser, SESSION_ABSOLUTE_MS, sessionUser, tokenUser } from '../modules/accounts';
import { RateLimiter } from './rate-limit';
import { csrfTokenFor, SESSION_COOKIE } from './session';

export const REMEMBER_COOKIE = 'lectio_remember';

/** The caller of a public handler in multi-user mode: an id no row carries, so nothing is ever found. */
export const ANONYMOUS: CurrentUser = Object.freeze({ id: -1, username: '', role: 'user' as const });

export interface AuthOutcome {
  /** null: nobody signed in (multi-user mode only). */
  user: CurrentUser | null;
  auth: RequestAuth;
  /** Set when remember-me restored a session: the request continues with this session id. */
  sessionId?: string;
  /** A Bearer header that names no live token: answer 401, whatever the route. */
  badToken?: boolean;
  /** The Origin the request named when it is not the app's own (then nobody is signed in): the 401 names it. */
  foreignOrigin?: string;
}

export type GateVerdict =
  | { kind: 'pass'; user: CurrentUser }
  | { kind: 'unauthorized' }
  | { kind: 'login'; location: string }
  /** The account has a temporary password: only changing it (and signing out) works until then. */
  | { kind: 'passwordChange' };

const AUTH_LIMITED = new Set([
  '/api/v1/auth/login',
  '/api/v1/auth/register',
  '/api/v1/auth/recover',
  '/api/v1/auth/forgot',
  '/api/v1/auth/reset',
  '/api/v1/auth/password',
  '/api/v1/auth/recovery-code',
  '/login',
  '/register',
  '/password/forgot',
  '/password/reset',
  '/password/recover',
]);
/**
 * Sign-in and registration routes: a client's budget there is ACCOUNT_FAILURES_FACTOR × the others' (it stops one
 * address trying many accounts, or making them). Within it the accounts module counts: one account's failures from
 * one client, and one address's registrations; past the base budget a sign-in or a registration needs the
 * proof-of-work check instead of a refusal, so a guesser behind the owner's address does not lock the owner out and
 * a classroom behind one address signs up together while a bot pays (issue 43).
 */
const LOGIN_ROUTES = new Set(['/api/v1/auth/login', '/login', '/api/v1/auth/register', '/register']);
const PUBLIC_PAGE_SET = new Set<string>(PUBLIC_PAGES);
const PASSWORD_CHANGE_SET = new Set<string>(PASSWORD_CHANGE_HANDLERS);
/** Endpoints a visitor without a session may call in multi-user mode: declared `public` or `pairing` in the contract. */
const isOpenAccess = (access: EndpointAccess) => access === 'public' || access === 'pairing';

const firstValue = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export interface AuthDeps {
  config: Config;
  sqlite: Sqlite;
  clock: Clock;
}

/**
 * A page fires several requests at once; when its session has just expired they all carry the same remember-me
 * cookie. The first restores and rotates it; the others, within this window, get the same restored session
 * instead of presenting a spent validator (which would look like a stolen cookie and revoke them all).
 */
const RESTORE_GRACE_MS = 30_000;

export class Authenticator {
  private readonly authLimiter: RateLimiter;
  private readonly loginLimiter: RateLimiter;
  private readonly recentRestores = new Map<string, { at: number; sessionId: string; remember: string; user: CurrentUser }>();

  constructor(
    private readonly deps: AuthDeps,
    private readonly secret: Buffer,
  ) {
    this.authLimiter = new RateLimiter(deps.config.rateLimitAuthPer5Minutes, 5 * 60_000);
    this.loginLimiter = new RateLimiter(deps.config.rateLimitAuthPer5Minutes * ACCOUNT_FAILURES_FACTOR, 5 * 60_000);
  }

  get multiUser(): boolean {
    return this.deps.config.multiUserEnabled;
  }

  /**
   * The client's address for rate limits. X-Forwarded-For only with TRUST_PROXY, and then its last entry:
   * the one the nearest proxy appended, which the client cannot choose.
   */
  clientIp(req: IncomingMessage): string {
    const socket = req.socket.remoteAddress ?? 'unknown';
    if (!this.deps.config.trustProxy) return socket;
    const xff = firstValue(req.headers['x-forwarded-for']);
    const last = xff?.split(',').pop()?.trim();
    return last && /^[0-9A-Fa-f:.]{2,45}$/.test(last) ? last : socket;
  }

  /**
   * Who is calling, from the headers. May set cookies (remember-me restoring a session rotates both).
   * A request that names an Origin other than this app's own — a web site, `null` (a sandboxed frame, a redirected
   * form), a browser extension, a site allowed through AnkiConnect — is nobody without a Bearer token (issue 43):
   * never the local learner, never the session its cookies carry. Only a request with no Origin at all (curl,
   * scripts, a page navigation) or the app's own pages may act as the learner.
   */
  authenticate(req: IncomingMessage, res: ServerResponse, cookies: Record<string, string>, own: { secure: boolean; origin: string }): AuthOutcome {
    const { secure } = own;
    const authorization = firstValue(req.headers.authorization);
    if (authorization !== undefined) {
      const m = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
      const found = m ? tokenUser(this.deps, m[1]) : null;
      if (!found) return { user: null, auth: { via: 'none' }, badToken: true };
      return { user: found.user, auth: { via: 'token', tokenId: found.tokenId, scopes: found.scopes } };
    }
    if (isForeignOrigin(req, own.origin)) return { user: null, auth: { via: 'none' }, foreignOrigin: firstValue(req.headers.origin) };
    if (!this.multiUser) return { user: LOCAL_OWNER, auth: { via: 'local' } };

    const rememberCookie = cookies[REMEMBER_COOKIE];
    const rememberSelector = rememberCookie?.split(':')[0];
    const sid = cookies[SESSION_COOKIE];
    if (sid) {
      const user = sessionUser(this.deps, sid);
      if (user) return { user, auth: { via: 'session', sessionId: sid, rememberSelector } };
    }
    if (rememberCookie) {
      const restored = this.restoreOnce(rememberCookie);
      if (restored) {
        appendCookie(res, sessionCookieFor(restored.sessionId, secure));
        appendCookie(res, rememberCookieFor(restored.remember, secure));
        return {
          user: restored.user,
          sessionId: restored.sessionId,
          auth: { via: 'remember', sessionId: restored.sessionId, rememberSelector: restored.remember.split(':')[0] },
        };
      }
      appendCookie(res, clearCookie(REMEMBER_COOKIE, secure));
    }
    return { user: null, auth: { via: 'none' } };
  }

  private restoreOnce(cookie: string): { user: CurrentUser; sessionId: string; remember: string } | null {
    const now = Date.now();
    const recent = this.recentRestores.get(cookie);
    if (recent && now - recent.at < RESTORE_GRACE_MS) {
      const user = sessionUser(this.deps, recent.sessionId);
      if (user) return { user, sessionId: recent.sessionId, remember: recent.remember };
    }
    const restored = rememberUser(this.deps, cookie);
    if (restored) {
      for (const [k, v] of this.recentRestores) if (now - v.at >= RESTORE_GRACE_MS) this.recentRestores.delete(k);
      this.recentRestores.set(cookie, { at: now, ...restored });
    }
    return restored;
  }

  /** Seconds to wait before another login/registration/password attempt from this client, or 0. */
  limitAuth(method: string, pathname: string, ip: string): number {
    if (method !== 'POST' || !AUTH_LIMITED.has(pathname)) return 0;
    return (LOGIN_ROUTES.has(pathname) ? this.loginLimiter : this.authLimiter).hit(ip);
  }

  /** The scope a token lacks for this endpoint, or null (sessions, the local owner and IPC have no scopes). */
  missingScope(outcome: AuthOutcome, access: EndpointAccess): TokenScope | null {
    if (outcome.auth.via !== 'token') return null;
    const needed = requiredScope(access);
    return needed === null || outcome.auth.scopes?.includes(needed) ? null : needed;
  }

  /** Bearer requests carry no ambient credentials (cookies), so CSRF does not apply to them. */
  skipsCsrf(outcome: AuthOutcome): boolean {
    return outcome.auth.via === 'token';
  }

  /** Whether the resolved route may run for this caller. */
  gate(
    outcome: AuthOutcome,
    target: { kind: 'page'; pattern: string } | { kind: 'handler'; name: string; access: EndpointAccess },
    method: string,
    pathname: string,
    search: string,
  ): GateVerdict {
    if (outcome.badToken) return { kind: 'unauthorized' };
    if (outcome.user?.mustChangePassword) {
      // Enforced here, for every transport of the account (session, remember-me, token), not by the page.
      if (target.kind === 'handler')
        return isOpenAccess(target.access) || PASSWORD_CHANGE_SET.has(target.name) ? { kind: 'pass', user: outcome.user } : { kind: 'passwordChange' };
      if (target.pattern === PASSWORD_CHANGE_PAGE || PUBLIC_PAGE_SET.has(target.pattern)) return { kind: 'pass', user: outcome.user };
      return { kind: 'login', location: PASSWORD_CHANGE_PAGE };
    }
    if (outcome.user) return { kind: 'pass', user: outcome.user };
    const isPublic = target.kind === 'page' ? PUBLIC_PAGE_SET.has(target.pattern) : isOpenAccess(target.access);
    if (isPublic) return { kind: 'pass', user: ANONYMOUS };
    if (!pathname.startsWith('/api/') && (method === 'GET' || method === 'HEAD'))
      return { kind: 'login', location: `/login?next=${encodeURIComponent(pathname + search)}` };
    return { kind: 'unauthorized' };
  }

  /**
   * CORS for paired apps (single- and multi-user). Returns true when it answered a preflight itself.
   * Same-origin requests and origins without a live paired token get no CORS headers at all.
   */
  cors(req: IncomingMessage, res: ServerResponse, method: string, ownOrigin: string): boolean {
    const origin = firstValue(req.headers.origin);
    if (!origin || origin === ownOrigin || origin === 'null') return false;
    const paired = isPairedOrigin(this.deps, origin);
    if (paired) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
    }
    if (method !== 'OPTIONS' || !firstValue(req.headers['access-control-request-method'])) return false;
    if (paired) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
      res.setHeader('Access-Control-Max-Age', '600');
    }
    res.writeHead(204, { 'Content-Length': 0 });
    res.end();
    return true;
  }

  /** Applies a handler's $cookies (login, refresh, logout) and hands back the result without them. */
  finish(res: ServerResponse, result: unknown, secure: boolean): unknown {
    if (typeof result !== 'object' || result === null || !('$cookies' in result)) return result;
    const { $cookies, ...rest } = result as { $cookies?: AuthCookies } & Record<string, unknown>;
    if ($cookies?.session === null) appendCookie(res, clearCookie(SESSION_COOKIE, secure));
    else if ($cookies?.session) {
      appendCookie(res, sessionCookieFor($cookies.session, secure));
      // The CSRF token is bound to the session id: a rotated session needs the new one.
      if (!('$redirect' in rest)) rest.csrf_token = csrfTokenFor(this.secret, $cookies.session);
    }
    if ($cookies?.remember === null) appendCookie(res, clearCookie(REMEMBER_COOKIE, secure));
    else if ($cookies?.remember) appendCookie(res, rememberCookieFor($cookies.remember, secure));
    return rest;
  }
}

/** Whether the request names an Origin (even `null`) that is not the app's own: see Authenticator.authenticate. */
export function isForeignOrigin(req: IncomingMessage, ownOrigin: string): boolean {
  const origin = firstValue(req.headers.origin);
  return origin !== undefined && origin !== ownOrigin;
}

/** Adds a Set-Cookie header next to any already set (never replaces them). */
export function appendCookie(res: ServerResponse, cookie: string): void {
  const existing = res.getHeader('Set-Cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  const name = cookie.slice(0, cookie.indexOf('='));
  res.setHeader('Set-Cookie', [...list.filter((c) => !c.startsWith(name + '=')), cookie]);
}

const attrs = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
export const sessionCookieFor = (id: string, secure: boolean) => `${SESSION_COOKIE}=${id}; ${attrs(secure)}; Max-Age=${SESSION_ABSOLUTE_MS / 1000}`;
export const rememberCookieFor = (value: string, secure: boolean) => `${REMEMBER_COOKIE}=${value}; ${attrs(secure)}; Max-Age=${REMEMBER_MS / 1000}`;
export const clearCookie = (name: string, secure: boolean) => `${name}=; ${attrs(secure)}; Max-Age=0`;

/** 401 headers for the API: a script learns how to authenticate. */
export const WWW_AUTHENTICATE = 'Bearer realm="Lectio", charset="UTF-8"';
