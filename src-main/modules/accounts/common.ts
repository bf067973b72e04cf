// Runs in: main. What the account files share: who may call (single-user refusals, a signed-in account, the
// administrator), the per-username attempt limit, and the hashing and token helpers (secrets are stored only as
// their SHA-256).
import crypto from 'node:crypto';
import { AppError, badRequest, forbidden, type ErrorText } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import type { CurrentUser } from '../../db/scope';
import * as repo from './repo';

export const AUTH_WINDOW_MS = 5 * 60_000;

export const sha256 = (s: string) => crypto.hash('sha256', s, 'hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
export const fieldError = (field: string, message: ErrorText, status = 400) => new AppError(status, message, { success: false, field });
export const asUser = (id: number, username: string, role: 'user' | 'admin', mustChange: number | boolean | null = 0): CurrentUser =>
  mustChange ? { id, username, role, mustChangePassword: true } : { id, username, role };

/** Where links in mails point: the origin the request came in on, else the loopback address. */
/**
 * The origin of links mailed to an account: APP_URL, else the address Lectio listens on. Never the request's
 * Host or forwarded headers, which a caller chooses (a reset link pointing at an attacker's host).
 */
export function linkBase(ctx: Pick<HandlerContext, 'config'>): string {
  if (ctx.config.appUrl) return ctx.config.appUrl.origin;
  const host = ctx.config.host === '0.0.0.0' || ctx.config.host === '::' ? '127.0.0.1' : ctx.config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${ctx.config.port}`;
}

export function requireMultiUser(ctx: HandlerContext) {
  if (!ctx.config.multiUserEnabled) throw badRequest(msg('accounts.singleUser'));
}

export function requireAccount(ctx: HandlerContext): repo.UserRow {
  requireMultiUser(ctx);
  const row = ctx.user.id !== null && ctx.user.id > 0 ? repo.userById(ctx.sqlite, ctx.user.id) : undefined;
  if (!row) throw new AppError(401, msg('request.authRequired'));
  return row;
}

export function requireAdmin(ctx: HandlerContext): void {
  if (ctx.user.role !== 'admin') throw forbidden(msg('common.adminOnly'));
}

// ---- rate limit per username (the HTTP layer limits per client before the body is read)
type Windows = Map<string, { start: number; count: number }>;
const attemptWindows = cacheSlot<Windows>('users.limits');
const loginFailureWindows = cacheSlot<Windows>('users.loginFailures');

export function limitAttempt(ctx: HandlerContext, kind: string, key: string): void {
  const windows = attemptWindows.get(ctx.services) ?? attemptWindows.set(ctx.services, new Map());
  const now = Date.now();
  const k = `${kind}:${key.toLowerCase()}`;
  let w = windows.get(k);
  if (!w || now - w.start >= AUTH_WINDOW_MS) {
    w = { start: now, count: 0 };
    windows.set(k, w);
    if (windows.size > 10_000) for (const [kk, ww] of windows) if (now - ww.start >= AUTH_WINDOW_MS) windows.delete(kk);
  }
  w.count++;
  if (w.count > ctx.config.rateLimitAuthPer5Minutes) {
    const wait = Math.max(1, Math.ceil((w.start + AUTH_WINDOW_MS - now) / 1000));
    throw new AppError(429, msg('request.tooManyAttempts'), { retry_after: wait });
  }
}

// ---- failed sign-ins (issue 34): counted per account and client together, and per account with a looser cap.
// Past either, a sign-in needs the captcha as well as the password, never a flat refusal: a guesser's failures
// cannot lock the owner out, and the owner's right password still gets through after one solve.

/** Failed sign-ins of one account from every client, as a multiple of the per-client budget. */
export const ACCOUNT_FAILURES_FACTOR = 5;

export interface LoginGuard {
  /** This sign-in must carry a solved captcha. */
  readonly needsCaptcha: boolean;
  /** Counts a failure; says whether the next sign-in needs the captcha. */
  failed(): boolean;
  succeeded(): void;
}

/**
 * The failure counts of a sign-in to `account` (the account's id when it exists, so its name and e-mail share
 * one budget; else the name as typed) from the request's client address.
 */
export function loginGuard(ctx: HandlerContext, account: string): LoginGuard {
  const map = loginFailureWindows.get(ctx.services) ?? loginFailureWindows.set(ctx.services, new Map());
  const now = Date.now();
  const pair = `${account}|${ctx.request?.ip ?? ctx.transport}`;
  const whole = `${account}|*`;
  const count = (k: string) => {
    const w = map.get(k);
    return w && now - w.start < AUTH_WINDOW_MS ? w.count : 0;
  };
  const limit = ctx.config.rateLimitAuthPer5Minutes;
  const over = () => count(pair) >= limit || count(whole) >= limit * ACCOUNT_FAILURES_FACTOR;
  return {
    needsCaptcha: over(),
    failed() {
      for (const k of [pair, whole]) {
        const w = map.get(k);
        if (w && now - w.start < AUTH_WINDOW_MS) w.count++;
        else map.set(k, { start: now, count: 1 });
      }
      if (map.size > 10_000) for (const [k, w] of map) if (now - w.start >= AUTH_WINDOW_MS) map.delete(k);
      return over();
    },
    // The account's count stays: the owner signing in does not give a guesser a fresh budget.
    succeeded: () => void map.delete(pair),
  };
}
