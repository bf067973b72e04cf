// Runs in: main. Route table for the HTTP adapter: registry paths + page routes, with the
// per-first-segment method allowlist (SPEC Endpoints 4) checked before dispatch.
import { compilePattern, PAGE_ROUTES } from '../../src-shared/contract/pages';
import type { HttpMethod } from '../../src-shared/contract/endpoint';
import type { Handler, Registry } from '../registry';

export interface ApiRoute {
  kind: 'handler';
  method: HttpMethod;
  pattern: string;
  handler: Handler;
  match: (path: string) => Record<string, string> | null;
  /** Static segments count: more specific routes win (/languages/presets over /languages/:id). */
  specificity: number;
}

export type RouteMatch =
  | { kind: 'handler'; route: ApiRoute; params: Record<string, string> }
  | { kind: 'page'; pattern: string }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

const API_PREFIX = '/api/v1';

/** The allowlist key of a path: the first segment after /api/v1 for the API, else the first path segment. */
export function firstSegment(path: string): string {
  const rest = path.startsWith(API_PREFIX + '/') || path === API_PREFIX ? path.slice(API_PREFIX.length) : path;
  const seg = rest.split('/')[1] ?? '';
  return (path.startsWith(API_PREFIX) ? 'api:' : 'page:') + seg;
}

export class RouteTable {
  private readonly routes: ApiRoute[] = [];
  private readonly pageMatchers = PAGE_ROUTES.map((p) => ({ pattern: p, match: compilePattern(p) }));
  private readonly allowed = new Map<string, Set<string>>();

  constructor(registry: Registry, extraPageSegments: Record<string, HttpMethod[]> = {}) {
    for (const handler of registry.all()) {
      for (const pattern of [handler.path, ...(handler.aliases ?? [])]) {
        if (!pattern) continue;
        this.routes.push({
          kind: 'handler',
          method: handler.method,
          pattern,
          handler,
          match: compilePattern(pattern),
          specificity: pattern.split('/').filter((s) => s && !s.startsWith(':')).length,
        });
        this.allow(firstSegment(pattern), handler.method);
      }
    }
    this.routes.sort((a, b) => b.specificity - a.specificity);
    for (const p of PAGE_ROUTES) this.allow(firstSegment(p), 'GET');
    for (const [path, methods] of Object.entries(extraPageSegments)) for (const m of methods) this.allow(firstSegment(path), m);
  }

  private allow(segment: string, method: string) {
    const set = this.allowed.get(segment) ?? new Set<string>();
    set.add(method);
    if (method === 'GET') set.add('HEAD');
    this.allowed.set(segment, set);
  }

  allowedMethods(path: string): string[] | undefined {
    const set = this.allowed.get(firstSegment(path));
    return set ? [...set] : undefined;
  }

  resolve(method: string, path: string): RouteMatch {
    const allowed = this.allowedMethods(path);
    if (allowed && !allowed.includes(method)) return { kind: 'method-not-allowed', allowed };
    const effective = method === 'HEAD' ? 'GET' : method;
    let pathMatchedOtherMethod = false;
    for (const route of this.routes) {
      const params = route.match(path);
      if (!params) continue;
      if (route.method === effective) return { kind: 'handler', route, params };
      pathMatchedOtherMethod = true;
    }
    if (effective === 'GET' && !path.startsWith(API_PREFIX)) {
      for (const p of this.pageMatchers) if (p.match(path)) return { kind: 'page', pattern: p.pattern };
    }
    if (pathMatchedOtherMethod) {
      const methods = this.routes.filter((r) => r.match(path)).map((r) => r.method);
      return { kind: 'method-not-allowed', allowed: [...new Set(methods)] };
    }
    return { kind: 'not-found' };
  }
}
