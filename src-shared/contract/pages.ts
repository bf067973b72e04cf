// Runs in: any process. Page routes: deep links into the app's screens. The server answers them with the
// app page (and its csrf-token meta tag); the renderer's router maps the same patterns to screens.

/** Patterns use :param segments. Keep in step with src-renderer/app/routes.tsx (a test checks it). */
export const PAGE_ROUTES = [
  '/',
  '/languages',
  '/languages/new',
  '/languages/:id/edit',
  '/settings',
  '/settings/backup',
  '/import',
  '/texts',
  '/texts/new',
  '/texts/new/audio',
  '/texts/new/video',
  '/texts/new/subtitles',
  '/texts/:id/edit',
  '/read',
  '/read/:id',
  '/vocabulary',
  '/vocabulary/import',
  '/next-words',
  '/word/edit-term',
  '/tags',
  '/tags/new',
  '/tags/text',
  '/tags/text/new',
  '/review',
  '/profile/statistics',
  '/books',
  '/book/import',
  '/book/:id',
  '/feeds',
  '/feeds/new',
  '/open-library',
  '/local-dictionaries',
  '/anki',
  '/anki/import-deck',
  '/vocabulary/apkg/import',
  // Accounts (issue 14).
  '/login',
  '/register',
  '/password/forgot',
  '/password/reset',
  '/password/recover',
  '/password/change',
  '/profile',
  '/admin/users',
  '/admin/server',
] as const;

export interface LegacyRedirect {
  path: string;
  /** Builds the successor location from the query string. */
  to: (query: URLSearchParams) => string;
  /** Deprecated routes carry Deprecation/Sunset/Link headers; plain moves (like /admin/statistics) do not. */
  deprecated: boolean;
}

const withQuery = (path: string, query: URLSearchParams) => (query.toString() ? `${path}?${query}` : path);
/** A positive integer query parameter, or null: ids never pass into a location unchecked. */
const idOf = (query: URLSearchParams, name: string) => (/^[1-9]\d{0,15}$/.test(query.get(name) ?? '') ? query.get(name) : null);

/** Old routes that still work by redirecting to their successors. Modules add theirs here. */
export const LEGACY_REDIRECTS: LegacyRedirect[] = [
  { path: '/admin/statistics', to: () => '/profile/statistics', deprecated: false },
  { path: '/feeds/edit', to: () => '/feeds', deprecated: true },
  { path: '/dictionaries', to: (q) => withQuery('/local-dictionaries', q), deprecated: true },
  { path: '/dictionaries/import', to: (q) => withQuery('/local-dictionaries', q), deprecated: true },
  // Reading (issue 3): LWT-style query-parameter routes.
  { path: '/text/read', to: (q) => (idOf(q, 'start') ? `/read/${idOf(q, 'start')}` : '/texts'), deprecated: true },
  { path: '/text/display', to: (q) => (idOf(q, 'text') ? `/read/${idOf(q, 'text')}` : '/texts'), deprecated: true },
  { path: '/text/edit', to: (q) => (idOf(q, 'id') ? `/texts/${idOf(q, 'id')}/edit` : q.has('new') ? '/texts/new' : '/texts'), deprecated: true },
  { path: '/word/new', to: (q) => withQuery('/word/edit-term', q), deprecated: true },
];

/** Compiles a :param pattern to a matcher. Shared by the server and the renderer's router. */
export function compilePattern(pattern: string): (path: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const re = new RegExp(`^${source}/?$`);
  return (path) => {
    const m = re.exec(path);
    if (!m) return null;
    return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1])]));
  };
}

export function matchPageRoute(path: string): { pattern: string; params: Record<string, string> } | null {
  for (const pattern of PAGE_ROUTES) {
    const params = compilePattern(pattern)(path);
    if (params) return { pattern, params };
  }
  return null;
}
