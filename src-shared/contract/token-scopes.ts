// Runs in: any process. What an API token (a paired app, a script) may do: its scopes, and the scope an endpoint
// needs from its declared `access` (endpoint.ts). A session (the app's own pages) and IPC (the desktop window) are
// not limited by scopes.
import { z } from 'zod';
import type { EndpointAccess, EndpointSpec } from './endpoint';

/**
 * What each scope is for, when declaring an endpoint's `access`: read: every GET that is not administration (and
 * calls that send a body but store nothing, like annotating a page); vocabulary: terms, tags, statuses and reading progress;
 * import: texts, books, feeds, media and packages brought in; manage: everything else — backup, restore,
 * emptying the library, settings (some name folders and files), languages, dictionaries, lemma lists,
 * accounts and tokens.
 */
export const TOKEN_SCOPES = ['read', 'vocabulary', 'import', 'manage'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What a paired browser extension gets unless the person pairing it grants more. */
export const EXTENSION_SCOPES: readonly TokenScope[] = ['read', 'vocabulary', 'import'];
/** What AnkiConnect's actions need (looking words up, adding them): an origin allowed through requestPermission. */
export const ANKICONNECT_SCOPES: readonly TokenScope[] = ['read', 'vocabulary'];
/** An API sign-in with the account's password: the token is the account. */
export const FULL_SCOPES: readonly TokenScope[] = TOKEN_SCOPES;

export const tokenScopesInput = z.array(z.enum(TOKEN_SCOPES)).min(1).max(TOKEN_SCOPES.length);

/** The scope a token needs to call an endpoint declared with `access`, or null where anyone may call it. */
export function requiredScope(access: EndpointAccess): TokenScope | null {
  switch (access) {
    case 'admin':
      return 'manage';
    case 'public':
    case 'pairing':
    case 'ankiconnect':
      return null;
    default:
      return access;
  }
}

/** Scopes as stored (space-separated) → the known ones. */
export const parseScopes = (stored: string): TokenScope[] =>
  stored.split(/\s+/).filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s));
export const formatScopes = (scopes: readonly TokenScope[]): string => TOKEN_SCOPES.filter((s) => scopes.includes(s)).join(' ');

/**
 * Who may call an endpoint, in one word list read from its declaration (issue 43, docs/security.md "Who may call
 * what"): `ipc` (the desktop window only: no route), `ankiconnect` (the AnkiConnect tools at /ankiconnect and port
 * 8765), `anyone` (sign-in and registration: no account yet), `extension-origin` (the two pairing calls: a browser
 * extension's Origin, no token), else `page` (Lectio's own page or a script without Origin, as the learner or a
 * signed-in account; `page (admin)` for administration) and `token:<scope>` (a paired app or extension with its
 * Bearer token and that scope). A web site, `Origin: null` and an extension without its token are never among them.
 */
export function callersOf(spec: Pick<EndpointSpec, 'path' | 'access'>): string {
  if (spec.access === 'ankiconnect') return 'ankiconnect';
  if (!spec.path) return 'ipc';
  if (spec.access === 'pairing') return 'extension-origin';
  if (spec.access === 'public') return 'anyone';
  return `${spec.access === 'admin' ? 'page (admin)' : 'page'}, token:${requiredScope(spec.access)}`;
}
