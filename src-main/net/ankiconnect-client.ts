// Runs in: main. Client of AnkiConnect, the add-on through which a running Anki answers JSON over HTTP (by default
// on http://127.0.0.1:8765). The address is the learner's own setting, so, like the NLP service's (nlp-client.ts),
// it is the one loopback target this client reaches: every request goes to exactly that URL (AnkiConnect has one
// path, "/"), and no term, field or answer can point it anywhere else. On a shared multi-user server the setting
// belongs to one user among many, so there it gets fetch.ts's address guard (no loopback, LAN or reserved
// addresses, names resolved and checked), with the tests' explicit allowance as the only exception.
//
// Failures come back as one AnkiConnectError with a message a person reads: not running (connection refused,
// reset, no such host), a timeout, an answer that is not AnkiConnect's, or Anki's own error text.
import http from 'node:http';
import https from 'node:https';
import type { OutboundAllowance } from '../core/services';
import { ankiRequest, isEnvelope, type AnkiRequest } from '../../src-shared/anki/connect';
import { type Message, messageText, msg } from '../../src-shared/contract/messages';
import { guardedLookup, OutboundError, validateUrl } from './fetch';

export interface AnkiConnectTarget {
  url: string;
  key: string;
  /** True on a multi-user server: the address guard applies. */
  guarded: boolean;
  allowance: OutboundAllowance | null;
  timeoutMs: number;
}

export const ANKICONNECT_TIMEOUT_MS = 30_000;
/** AnkiConnect answers of a few thousand cards' info run to megabytes; far beyond this is not AnkiConnect. */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

export class AnkiConnectError extends Error {
  constructor(
    readonly kind: 'not_running' | 'timeout' | 'not_ankiconnect' | 'refused' | 'bad_key' | 'bad_url' | 'blocked',
    readonly text: Message,
  ) {
    super(messageText(text));
    this.name = 'AnkiConnectError';
  }
}

function checkedUrl(target: AnkiConnectTarget): URL {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new AnkiConnectError('bad_url', msg('ankiSync.badUrl', { url: target.url.slice(0, 200) }));
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  try {
    // Single user: the learner's own address is allowed as written (scheme and credentials still checked).
    return validateUrl(url.href, target.guarded ? target.allowance : { allowHosts: [host] });
  } catch (err) {
    if (err instanceof OutboundError && err.code === 'blocked') throw new AnkiConnectError('blocked', msg('ankiSync.blocked', { url: url.origin }));
    throw new AnkiConnectError('bad_url', msg('ankiSync.badUrl', { url: target.url.slice(0, 200) }));
  }
}

function post(target: AnkiConnectTarget, body: string): Promise<unknown> {
  const url = checkedUrl(target);
  const allowedHost = !!target.allowance?.allowHosts.includes(url.hostname.replace(/^\[|\]$/g, '').toLowerCase());
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        ...(target.guarded ? { lookup: guardedLookup(allowedHost) } : {}),
        timeout: target.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy();
            reject(new AnkiConnectError('not_ankiconnect', msg('ankiSync.notAnkiConnect', { url: url.origin })));
          } else chunks.push(c);
        });
        res.on('error', (err) => reject(failure(err, url)));
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch {
            reject(new AnkiConnectError('not_ankiconnect', msg('ankiSync.notAnkiConnect', { url: url.origin })));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new AnkiConnectError('timeout', msg('ankiSync.timeout', { seconds: String(Math.round(target.timeoutMs / 1000)) }))));
    req.on('error', (err) => reject(failure(err, url)));
    req.end(body);
  });
}

/** Refused, reset, no such host or any other socket failure: to the learner all say "Anki is not running there". */
function failure(err: Error, url: URL): Error {
  if (err instanceof AnkiConnectError) return err;
  if (err instanceof OutboundError && err.code === 'blocked') return new AnkiConnectError('blocked', msg('ankiSync.blocked', { url: url.origin }));
  return new AnkiConnectError('not_running', msg('ankiSync.notRunning', { url: url.origin }));
}

function refusal(error: string): AnkiConnectError {
  // AnkiConnect's words when its apiKey is set and the request's key differs.
  if (error === 'valid api key must be provided') return new AnkiConnectError('bad_key', msg('ankiSync.badKey'));
  return new AnkiConnectError('refused', msg('ankiSync.refused', { why: error.slice(0, 500) }));
}

/** One action; its `{result, error}` envelope unwrapped (Anki's error thrown as a refusal). */
export async function ankiInvoke<T>(target: AnkiConnectTarget, action: string, params?: Record<string, unknown>): Promise<T> {
  const answer = await post(target, JSON.stringify(ankiRequest(action, params, target.key)));
  if (!isEnvelope(answer)) throw new AnkiConnectError('not_ankiconnect', msg('ankiSync.notAnkiConnect', { url: new URL(target.url).origin }));
  if (answer.error !== null) throw refusal(answer.error);
  return answer.result as T;
}

/** One action's outcome inside `multi`: Anki answers each separately, so one failure does not fail the others. */
export type MultiOutcome<T = unknown> = { ok: true; result: T } | { ok: false; error: string };

/**
 * Several actions in one request (`multi`). Each inner action carries version 6 and the key, so each answer is its
 * own envelope; an error of the whole call (a bad key) is thrown.
 */
export async function ankiMulti(target: AnkiConnectTarget, actions: readonly Omit<AnkiRequest, 'version' | 'key'>[]): Promise<MultiOutcome[]> {
  if (actions.length === 0) return [];
  const inner = actions.map((a) => ankiRequest(a.action, a.params, target.key));
  const answers = await ankiInvoke<unknown[]>(target, 'multi', { actions: inner });
  if (!Array.isArray(answers) || answers.length !== actions.length || !answers.every(isEnvelope)) {
    throw new AnkiConnectError('not_ankiconnect', msg('ankiSync.notAnkiConnect', { url: new URL(target.url).origin }));
  }
  return answers.map((a) => {
    if (a.error === 'valid api key must be provided') throw refusal(a.error);
    return a.error === null ? { ok: true, result: a.result } : { ok: false, error: a.error };
  });
}
