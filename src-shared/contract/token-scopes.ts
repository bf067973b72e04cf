// Runs in: any process. What an API token (a paired app, a script) may do: its scopes, and the scope each
// endpoint needs. A session (the app's own pages) and IPC (the desktop window) are not limited by scopes.
import { z } from 'zod';

/**
 * read: every GET that is not administration; vocabulary: terms, tags, statuses and reading progress;
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

/** Handler-name prefixes whose writes are vocabulary work. */
const VOCABULARY_PREFIXES = ['terms.', 'tags.', 'review.', 'reader.', 'activity.', 'legacy.termStatus', 'books.addTerms', 'translation.translate'];
/** Handler-name prefixes whose writes bring content in. Term-list files are imports too. */
const IMPORT_PREFIXES = ['texts.', 'textTags.', 'books.', 'feeds.', 'library.', 'youtube.', 'whisper.', 'apkg.', 'terms.import'];
/** Reads that are administration: a backup is the whole library; tokens and accounts are the keys to it; the job list
 * names every owner's pending work. */
const MANAGE_READ_PREFIXES = ['backup.', 'admin.', 'auth.tokens.', 'system.jobs'];
/** Calls that send a body but store nothing: annotating a web page's text is reading the library. */
const READ_PREFIXES = ['annotate.'];

/** A token may always renew or end itself. */
const SELF_SERVICE = new Set(['auth.refresh', 'auth.logout']);

const startsWithAny = (name: string, prefixes: readonly string[]) => prefixes.some((p) => name.startsWith(p));

/** The scope a token needs to call the handler `name` with `method`. */
export function requiredScope(name: string, method: string): TokenScope {
  if (SELF_SERVICE.has(name)) return 'read';
  if (startsWithAny(name, MANAGE_READ_PREFIXES)) return 'manage';
  if (method === 'GET' || method === 'HEAD' || startsWithAny(name, READ_PREFIXES)) return 'read';
  // Imports first: 'terms.import' is an import, other 'terms.' writes are vocabulary.
  if (startsWithAny(name, IMPORT_PREFIXES)) return 'import';
  if (startsWithAny(name, VOCABULARY_PREFIXES)) return 'vocabulary';
  return 'manage';
}

/** Scopes as stored (space-separated) → the known ones. */
export const parseScopes = (stored: string): TokenScope[] =>
  stored.split(/\s+/).filter((s): s is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(s));
export const formatScopes = (scopes: readonly TokenScope[]): string => TOKEN_SCOPES.filter((s) => scopes.includes(s)).join(' ');

/**
 * Who may call an endpoint, in one word list (issue 43, docs/security.md "Who may call what"): `ipc` (the desktop
 * window only: no route), `ankiconnect` (the AnkiConnect tools at /ankiconnect and port 8765), `anyone` (sign-in and
 * registration: no account yet), `extension-origin` (the two pairing calls: a browser extension's Origin, no token),
 * else `page` (Lectio's own page or a script without Origin, as the learner or a signed-in account; `page (admin)`
 * for administration) and `token:<scope>` (a paired app or extension with its Bearer token and that scope). A web
 * site, `Origin: null` and an extension without its token are never among them.
 */
export function callersOf(
  name: string,
  spec: { method: string; path?: string },
  open: { publicNames: ReadonlySet<string>; pairingNames: ReadonlySet<string> },
): string {
  if (name === 'ankiconnect.invoke') return 'ankiconnect';
  if (!spec.path) return 'ipc';
  if (open.pairingNames.has(name)) return 'extension-origin';
  if (open.publicNames.has(name)) return 'anyone';
  return `${name.startsWith('admin.') ? 'page (admin)' : 'page'}, token:${requiredScope(name, spec.method)}`;
}
