// Runs in: main. Request origin (SPEC "Rules for request origin") and the DNS-rebinding guard.
import type { IncomingMessage } from 'node:http';
import type { Config } from '../core/config';

export interface RequestOrigin {
  secure: boolean;
  /** host[:port] as the client addressed us. */
  host: string;
  origin: string;
}

// A host header is a name or address with an optional port: nothing that could smuggle CR/LF, paths or userinfo.
const HOST_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export const isValidHostHeader = (host: string) => host.length <= 260 && HOST_RE.test(host);

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.split(',')[0]?.trim();

export class InvalidHostError extends Error {}

export function detectOrigin(req: IncomingMessage, config: Config, serverPort: number): RequestOrigin {
  if (config.appUrl) {
    const u = config.appUrl;
    return { secure: u.protocol === 'https:', host: u.host, origin: u.origin };
  }
  const proto = config.trustProxy ? firstHeader(req.headers['x-forwarded-proto'])?.toLowerCase() : undefined;
  const ssl = config.trustProxy ? firstHeader(req.headers['x-forwarded-ssl'])?.toLowerCase() : undefined;
  const secure = proto === 'https' || ssl === 'on' || serverPort === 443 || (process.env.HTTPS ?? '').toLowerCase() === 'on';
  const forwardedHost = config.trustProxy ? firstHeader(req.headers['x-forwarded-host']) : undefined;
  const host = forwardedHost || req.headers.host || `127.0.0.1:${serverPort}`;
  if (!isValidHostHeader(host)) throw new InvalidHostError(`Invalid host header`);
  return { secure, host, origin: `${secure ? 'https' : 'http'}://${host}` };
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** DNS-rebinding guard: only loopback names, the configured APP_URL host, or an explicitly bound host. */
export function isAllowedHost(host: string, config: Config): boolean {
  const name = host.replace(/:\d+$/, '').toLowerCase();
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(name)) return true;
  if (config.appUrl && config.appUrl.hostname.toLowerCase() === name.replace(/^\[|\]$/g, '')) return true;
  if (config.host !== '0.0.0.0' && config.host !== '::' && config.host.toLowerCase() === name) return true;
  return false;
}

const policies = new Map<boolean, string>();
export function contentSecurityPolicy(secure: boolean): string {
  // Sent with every answer: built once per scheme.
  const known = policies.get(secure);
  if (known) return known;
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // Frames: the video of a text imported from YouTube, and the language's web dictionaries in the word panel
    // (any http(s) site the learner configured; the iframe is sandboxed, and the app's own pages refuse framing).
    'frame-src https: http:',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (secure) directives.push('upgrade-insecure-requests');
  const policy = directives.join('; ');
  policies.set(secure, policy);
  return policy;
}
