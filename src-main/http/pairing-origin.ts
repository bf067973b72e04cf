// Runs in: main. The two pairing calls an extension makes before it holds a token (issue 28) carry no cookie, so no
// CSRF token: instead their Origin header must name a browser extension, and that header (which no web page can
// forge) is the request's origin: whatever `origin` the body says is replaced by it.
import type { IncomingMessage } from 'node:http';
import type { EndpointAccess } from '../../src-shared/contract/endpoint';
import { EXTENSION_ORIGIN_RE } from '../../src-shared/contract/extension';

/** Whether this handler is one of the pairing calls made without cookies (declared `access: 'pairing'`). */
export const isPairingOpen = (handler: { access: EndpointAccess }) => handler.access === 'pairing';

/** The request's extension origin, or undefined (the handler then refuses with a clear 403). */
export function extensionOriginOf(req: IncomingMessage): string | undefined {
  const raw = req.headers.origin;
  const origin = Array.isArray(raw) ? raw[0] : raw;
  return origin && EXTENSION_ORIGIN_RE.test(origin) ? origin : undefined;
}

/** The input of an open pairing call: the body's `origin` replaced by the header's (or removed). */
export function withHeaderOrigin(req: IncomingMessage, input: Record<string, unknown>): Record<string, unknown> {
  const { origin: _ignored, ...rest } = input;
  const origin = extensionOriginOf(req) ?? (typeof req.headers.origin === 'string' ? req.headers.origin : undefined);
  return origin === undefined ? rest : { ...rest, origin };
}
