// Runs in: main. POSTs JSON to a service the learner configured by its address (a translation provider: a
// LibreTranslate or Ollama on this computer or the LAN, or a hosted API). As with AnkiConnect
// (ankiconnect-client.ts), the address the learner typed is the one target allowed on loopback or a private
// network, and only in single-user mode: every request goes to that origin, nothing in a sentence or an answer can
// point it anywhere else, and redirects are not followed. On a shared multi-user server the address gets fetch.ts's
// guard (no loopback, LAN or reserved addresses, names resolved and checked), the tests' allowance the only exception.
import http from 'node:http';
import https from 'node:https';
import type { OutboundAllowance } from '../core/services';
import { guardedLookup, OutboundError, USER_AGENT, validateUrl } from './fetch';

export interface ProviderTarget {
  url: string;
  /** True on a multi-user server: the address guard applies. */
  guarded: boolean;
  allowance: OutboundAllowance | null;
  timeoutMs: number;
  headers?: Record<string, string>;
}

/** A translation is a few hundred bytes; a megabyte is far beyond any provider's answer. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export class ProviderError extends Error {
  constructor(
    readonly kind: 'bad_url' | 'blocked' | 'unreachable' | 'timeout' | 'too_large',
    readonly origin: string,
  ) {
    super(`${kind}: ${origin}`);
    this.name = 'ProviderError';
  }
}

export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body, or null when it was not JSON. */
  json: unknown;
}

function checkedUrl(target: ProviderTarget): URL {
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new ProviderError('bad_url', target.url.slice(0, 200));
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  try {
    return validateUrl(url.href, target.guarded ? target.allowance : { allowHosts: [host] });
  } catch (err) {
    throw new ProviderError(err instanceof OutboundError && err.code === 'blocked' ? 'blocked' : 'bad_url', url.origin);
  }
}

/** One POST with a JSON body; any HTTP status resolves (the caller reads 403, 429, 456 in its provider's terms). */
export function postJson(target: ProviderTarget, body: unknown): Promise<ProviderAnswer> {
  const url = checkedUrl(target);
  const allowedHost = !!target.allowance?.allowHosts.includes(url.hostname.replace(/^\[|\]$/g, '').toLowerCase());
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const fail = (err: ProviderError) => {
      if (settled) return;
      settled = true;
      req.destroy();
      reject(err);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'user-agent': USER_AGENT,
          'content-type': 'application/json',
          accept: 'application/json',
          'content-length': Buffer.byteLength(data),
          ...target.headers,
        },
        ...(target.guarded ? { lookup: guardedLookup(allowedHost) } : {}),
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) fail(new ProviderError('too_large', url.origin));
          else chunks.push(c);
        });
        res.on('error', () => fail(new ProviderError('unreachable', url.origin)));
        res.on('end', () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          let json: unknown = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            json = null;
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    // One deadline for the whole exchange (a server that accepts and then trickles or never answers).
    const timer = setTimeout(() => fail(new ProviderError('timeout', url.origin)), target.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      fail(new ProviderError(err instanceof OutboundError && err.code === 'blocked' ? 'blocked' : 'unreachable', url.origin));
    });
    req.on('close', () => clearTimeout(timer));
    req.end(data);
  });
}
