// Runs in: main. The HTTP side of Lectio's AnkiConnect server (issue 29): POST /ankiconnect on Lectio's own port and,
// when the learner turns it on, POST / on 127.0.0.1:8765. AnkiConnect is not an /api/v1 endpoint: its body is JSON
// whatever the Content-Type, its errors are {result: null, error} answers, and its credential is the body's `key`.
// Who may call (established here, from headers and the key, never from the rest of the body):
//   a valid key (an API token: Connected apps)      → that token's account and scopes, from any origin;
//   no key, single-user: no Origin (curl, mpvacious), Lectio's own page, or an origin paired in Connected apps
//                                                    → the local owner; any other origin may only requestPermission,
//                                                      which shows the learner the Allow prompt of pairing;
//   no key, with accounts                           → "valid api key must be provided" (requestPermission still answers).
//   `Origin: null` (a sandboxed frame, a form redirected with 307, a file:// page) → 403 before anything is read,
//                                                      as AnkiConnect answers it: no one can be asked about "null".
// The answer's CORS header names the request's origin: what an unpaired origin can read is "denied" and errors.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AC_ERRORS, replyError } from '../../src-shared/anki/connect/protocol';
import { ANKICONNECT_MAX_BODY_BYTES, type AnkiConnectCaller } from '../../src-shared/contract/ankiconnect';
import { AppError } from '../../src-shared/contract/errors';
import { messageText, msg } from '../../src-shared/contract/messages';
import type { Core } from '../app/core';
import { LOCAL_OWNER, type CurrentUser } from '../db/scope';
import { isPairedOrigin, tokenUser } from '../modules/accounts';
import { ANONYMOUS } from './auth';
import { readAll, requestBodyDone } from './body';
import type { BodyBudget } from './body-budget';
import { sendJson } from './respond';

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** What AnkiConnect answers a GET (tools probe the address with it). */
const GREETING = 'AnkiConnect v.6 (Lectio)';

function send(res: ServerResponse, status: number, body: unknown, origin: string | undefined) {
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
  }
  sendJson(res, status, body, false);
}

/** The caller of one request, or the error to answer instead. */
function callerOf(
  core: Core,
  origin: string | undefined,
  ownOrigin: string,
  body: Record<string, unknown>,
): { user: CurrentUser; caller: AnkiConnectCaller } | { error: string } {
  const key = typeof body.key === 'string' && body.key ? body.key : undefined;
  const deps = { config: core.config, sqlite: core.sqlite, clock: core.clock };
  if (key) {
    const found = tokenUser(deps, key);
    if (!found) return { error: AC_ERRORS.apiKey };
    return { user: found.user, caller: { origin, allowed: true, scopes: found.scopes } };
  }
  const originAllowed = !origin || origin === ownOrigin || isPairedOrigin(deps, origin);
  if (core.config.multiUserEnabled) {
    // Only requestPermission answers without a key: it tells the tool a key is required.
    if (body.action === 'requestPermission') return { user: ANONYMOUS, caller: { origin, allowed: originAllowed } };
    return { error: AC_ERRORS.apiKey };
  }
  return { user: LOCAL_OWNER, caller: { origin, allowed: originAllowed } };
}

/** Answers one request to the AnkiConnect address. `ownOrigin` is the address the request reached (Host-checked before). */
export async function handleAnkiConnect(
  core: Core,
  req: IncomingMessage,
  res: ServerResponse,
  context: { ownOrigin: string; secure: boolean; ip: string; budget: BodyBudget },
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const origin = firstHeader(req.headers.origin);
  const sentOrigin = origin && origin !== 'null' ? origin : undefined;
  if (origin !== undefined && !sentOrigin) {
    if (!requestBodyDone(req)) res.setHeader('Connection', 'close');
    send(res, 403, replyError(messageText(msg('ankiconnect.nullOrigin'))), undefined);
    return;
  }
  if (method === 'OPTIONS') {
    if (sentOrigin) {
      res.setHeader('Access-Control-Allow-Origin', sentOrigin);
      res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
      res.setHeader('Access-Control-Max-Age', '600');
      res.setHeader('Vary', 'Origin');
    }
    res.writeHead(204, { 'Content-Length': 0 });
    res.end();
    return;
  }
  if (method === 'GET' || method === 'HEAD') {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(GREETING) });
    res.end(method === 'HEAD' ? undefined : GREETING);
    return;
  }
  if (method !== 'POST') {
    res.setHeader('Allow', 'GET, HEAD, POST, OPTIONS');
    send(res, 405, replyError(`Method ${method} not allowed`), sentOrigin);
    return;
  }
  // The body's bytes held in memory count against the caller's and the server's budget, shared with /api/v1 and
  // both ports (body-budget.ts): twenty concurrent 31 MB bodies are refused, not held (issue 43).
  const declared = Number(firstHeader(req.headers['content-length']) ?? NaN);
  const held = Number.isFinite(declared) && declared >= 0 && req.headers['transfer-encoding'] === undefined ? declared : ANKICONNECT_MAX_BODY_BYTES;
  if (held > ANKICONNECT_MAX_BODY_BYTES) {
    res.setHeader('Connection', 'close');
    send(res, 413, replyError(messageText(msg('ankiconnect.bodyTooLarge', { mb: ANKICONNECT_MAX_BODY_BYTES / 1024 / 1024 }))), sentOrigin);
    return;
  }
  const release = context.budget.reserve(`ip:${context.ip}`, Math.min(held, ANKICONNECT_MAX_BODY_BYTES));
  if (!release) {
    res.setHeader('Connection', 'close');
    res.setHeader('Retry-After', '1');
    send(res, 429, replyError(messageText(msg('request.bodiesInFlight'))), sentOrigin);
    return;
  }
  res.once('close', release);
  let raw: Buffer;
  try {
    raw = await readAll(req, ANKICONNECT_MAX_BODY_BYTES);
  } catch (err) {
    if (!requestBodyDone(req)) res.setHeader('Connection', 'close');
    const tooLarge = err instanceof AppError && err.status === 413;
    const error = tooLarge ? messageText(msg('ankiconnect.bodyTooLarge', { mb: ANKICONNECT_MAX_BODY_BYTES / 1024 / 1024 })) : (err as Error).message;
    send(res, tooLarge ? 413 : 400, replyError(error), sentOrigin);
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    send(res, 400, replyError(messageText(msg('ankiconnect.invalidJson'))), sentOrigin);
    return;
  }
  const envelope = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const who = callerOf(core, sentOrigin, context.ownOrigin, envelope);
  if ('error' in who) {
    send(res, 200, replyError(who.error), sentOrigin);
    return;
  }
  const answer = await core.dispatch('ankiconnect.invoke', { request: body, caller: who.caller }, who.user, 'http', {
    secure: context.secure,
    origin: context.ownOrigin,
    ip: context.ip,
  });
  send(res, 200, answer, sentOrigin);
}
