// Runs in: main. Pairing a browser extension in two clicks (issue 28): the extension asks for a pairing request
// (its name; its origin comes from the Origin header), the app shows "Allow ‘name’ (code 4821)…" to the signed-in
// person, who allows or denies once; the extension polls with the request's secret and receives its token once.
// Requests live five minutes, in memory (a restart forgets them: the extension simply asks again).
import crypto from 'node:crypto';
import {
  PAIRING_MAX_PENDING,
  PAIRING_MAX_PENDING_TOTAL,
  PAIRING_TTL_MS,
  pairingAskerOf,
  type PairingRequestDto,
  type PairingStatus,
} from '../../../src-shared/contract/extension';
import { ANKICONNECT_PAIRING_NAME } from '../../../src-shared/contract/ankiconnect';
import type { ApiTokenDto } from '../../../src-shared/contract/accounts';
import { ANKICONNECT_SCOPES, EXTENSION_SCOPES } from '../../../src-shared/contract/token-scopes';
import { forbidden, notFound, conflict, AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import { createToken } from './admin';

interface PairingRequest {
  id: string;
  secretHash: string;
  name: string;
  origin: string;
  code: string;
  created: number;
  expires: number;
  status: Exclude<PairingStatus, 'expired'>;
  /** Set on Allow, handed out by the next poll and then forgotten. */
  token?: { token: string; api_token: ApiTokenDto };
}

const requestsSlot = cacheSlot<Map<string, PairingRequest>>('users.pairingRequests');
const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

function requests(ctx: HandlerContext): Map<string, PairingRequest> {
  const all = requestsSlot.get(ctx.services) ?? requestsSlot.set(ctx.services, new Map());
  const now = ctx.clock.now();
  // Expired requests go (an allowed token never polled for is revoked with them: nobody holds it).
  for (const [id, r] of all) if (r.expires <= now) all.delete(id);
  return all;
}

const dto = (r: PairingRequest): PairingRequestDto => ({
  id: r.id,
  name: r.name,
  origin: r.origin,
  code: r.code,
  asker: pairingAskerOf(r.origin),
  created: r.created,
  expires_at: r.expires,
  status: r.status,
});

/**
 * The one place a paired extension's token is made: today an ordinary Connected-apps token for its origin (CORS for
 * that origin follows). Token scopes (issue 34) would be granted here.
 */
function grantExtensionToken(ctx: HandlerContext, r: PairingRequest) {
  // A paired extension reads, saves vocabulary and imports pages; backup, restore and settings stay the app's. An
  // origin allowed through AnkiConnect's requestPermission is let into AnkiConnect's actions only (its origin is
  // never the learner on /api/v1): its token, which nobody receives, records that and what those actions need.
  const scopes = r.name === ANKICONNECT_PAIRING_NAME ? ANKICONNECT_SCOPES : EXTENSION_SCOPES;
  return createToken(ctx, { name: r.name, origin: r.origin, scopes });
}

export function createPairing(ctx: HandlerContext, input: { name: string; origin: string }) {
  const all = requests(ctx);
  // Budgets per origin, and in all per kind: web pages asking cannot crowd out the learner's extension (issue 43).
  const pending = [...all.values()].filter((r) => r.status === 'pending');
  const extension = pairingAskerOf(input.origin) === 'extension';
  const sameKind = pending.filter((r) => (pairingAskerOf(r.origin) === 'extension') === extension).length;
  if (pending.filter((r) => r.origin === input.origin).length >= PAIRING_MAX_PENDING || sameKind >= PAIRING_MAX_PENDING_TOTAL)
    throw new AppError(429, msg('pairing.tooMany'));
  const id = crypto.randomBytes(16).toString('hex');
  const secret = crypto.randomBytes(24).toString('base64url');
  const code = String(crypto.randomInt(1000, 10000));
  const now = ctx.clock.now();
  const r: PairingRequest = {
    id,
    secretHash: sha256(secret),
    name: input.name,
    origin: input.origin,
    code,
    created: now,
    expires: now + PAIRING_TTL_MS,
    status: 'pending',
  };
  all.set(id, r);
  return { id, secret, code, expires_at: r.expires };
}

/** The extension's poll: the status, and on the first poll after Allow the token (never again). */
export function pollPairing(ctx: HandlerContext, input: { id: string; secret: string; origin: string }) {
  const r = requests(ctx).get(input.id);
  const given = Buffer.from(sha256(input.secret));
  if (!r || r.origin !== input.origin || !crypto.timingSafeEqual(Buffer.from(r.secretHash), given)) return { status: 'expired' as const };
  if (r.status === 'allowed' && r.token) {
    const { token, api_token } = r.token;
    r.token = undefined;
    r.status = 'delivered';
    return { status: 'allowed' as const, token, api_token };
  }
  return { status: r.status };
}

/** Requests waiting for an answer. Single-user: all of them (the desktop's owner answers). Multi-user: only the one
 * named by `id` (the link the extension opened), so one account never sees, or answers, another's extension. */
export function pendingPairings(ctx: HandlerContext, id?: string): PairingRequestDto[] {
  const pending = [...requests(ctx).values()].filter((r) => r.status === 'pending');
  if (!ctx.config.multiUserEnabled) return pending.map(dto);
  return id ? pending.filter((r) => r.id === id).map(dto) : [];
}

export function answerPairing(ctx: HandlerContext, input: { id: string; allow: boolean }) {
  if (ctx.request?.auth?.via === 'token') throw forbidden(msg('pairing.notByToken'));
  const r = requests(ctx).get(input.id);
  if (!r) throw notFound(msg('pairing.notFound'));
  if (r.status !== 'pending') throw conflict(msg('pairing.answered'));
  if (!input.allow) {
    r.status = 'denied';
    return { success: true as const, status: r.status };
  }
  const created = grantExtensionToken(ctx, r);
  r.token = { token: created.token, api_token: created.api_token };
  r.status = 'allowed';
  return { success: true as const, status: r.status };
}

/**
 * An AnkiConnect client asked for permission (issue 29): the same Allow prompt as a browser extension, once per
 * origin while a request is pending (a tool asks again on every click). Allowing pairs the origin like an extension.
 */
export function requestPairingFor(ctx: HandlerContext, input: { name: string; origin: string }, opts: { unlessDenied?: boolean } = {}): void {
  const earlier = [...requests(ctx).values()].filter((r) => r.origin === input.origin);
  if (earlier.some((r) => r.status === 'pending')) return;
  // A tool that asks by simply calling (asbplayer never calls requestPermission) is not asked about again once the
  // learner said no: it would bring the prompt back on every subtitle line. Its own requestPermission still asks.
  if (opts.unlessDenied && earlier.some((r) => r.status === 'denied')) return;
  createPairing(ctx, input);
}
