// Runs in: main. Session cookie and the CSRF token bound to it (SPEC Endpoints 2).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'lectio_sid';

/** A per-installation secret, created on first start and kept in the data folder. */
export function loadSessionSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'session.key');
  try {
    const existing = fs.readFileSync(file);
    if (existing.length >= 32) return existing;
  } catch {
    /* first start */
  }
  const secret = crypto.randomBytes(32);
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A malformed `%` in any cookie (ours or another app's on the same host) is kept as written, not a 500 for every request. */
function decodeCookieValue(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function parseCookies(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (k) out[k] = decodeCookieValue(part.slice(i + 1).trim());
  }
  return out;
}

export const newSessionId = () => crypto.randomBytes(24).toString('base64url');

/** Tokens of recent sessions by secret: every state-changing request checks one, and an HMAC per request is ~0.04 ms. */
const csrfTokens = new WeakMap<Buffer, Map<string, string>>();
const CSRF_TOKENS_KEPT = 1000;

export function csrfTokenFor(secret: Buffer, sessionId: string): string {
  let bySession = csrfTokens.get(secret);
  if (!bySession) csrfTokens.set(secret, (bySession = new Map()));
  let token = bySession.get(sessionId);
  if (token === undefined) {
    token = crypto.createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
    if (bySession.size >= CSRF_TOKENS_KEPT) bySession.delete(bySession.keys().next().value!);
    bySession.set(sessionId, token);
  }
  return token;
}

export function isValidCsrf(secret: Buffer, sessionId: string | undefined, token: unknown): boolean {
  if (!sessionId || typeof token !== 'string' || token.length === 0) return false;
  const expected = Buffer.from(csrfTokenFor(secret, sessionId));
  const given = Buffer.from(token);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
