// Runs in: the renderer and the browser extension (anything with fetch). The one HTTP client of the contract: an
// endpoint is called by its contract name (`client.call('reader.quickTerm', input)`), its path and method come from
// the contract, and its input and result are typed from it, so renaming or reshaping an endpoint is a type error in
// every caller. The caller gives fetch, the server's base address and its own headers (the renderer: the session
// cookie and the CSRF token; the extension: its Bearer token); the renderer adds IPC in front (src-renderer/api).
import type { EndpointSpec, FileResult, HttpMethod, InputOf, OutputOf, UploadedFile, UploadedTempFile } from '../contract/endpoint';

/** What the client needs of an endpoint: its method and route. The contract's entries are such routes. */
export interface Route {
  method: HttpMethod;
  path?: string;
}

/** An upload field as a client holds it: a file the person picked or bytes made in the page, sent as multipart. */
type ClientValue<T> = T extends UploadedFile | UploadedTempFile ? File | Blob : T;
type ClientFields<T> = T extends object ? { [K in keyof T]: ClientValue<T[K]> } : T;

/** An endpoint's input as a client sends it (upload fields are `File | Blob`). */
export type ClientInputOf<E> = ClientFields<InputOf<E>>;

export interface CallOptions {
  /** Upload progress 0..1 (multipart bodies, when the caller's `sendForm` reports it). */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  fetch: typeof fetch;
  /** The server's address without a trailing slash ('' for the page's own origin). Read at every call. */
  base: () => string | Promise<string>;
  /** Headers of every request (the CSRF token, a Bearer token). Read at every call. */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  credentials?: RequestCredentials;
  /**
   * Small JSON writes sent with `keepalive` (they reach the server even if the page is going away). The renderer's;
   * off by default (a keepalive request cannot be preflighted in every browser, and the extension's are cross-origin).
   */
  keepalive?: boolean;
  /** Sends a multipart body (the renderer: XMLHttpRequest, for upload progress). Default: fetch. */
  sendForm?: (method: HttpMethod, url: string, form: FormData, headers: Record<string, string>, opts: CallOptions) => Promise<Response>;
  /** The error a refused request throws: its status and body (the JSON body, or `{error: text}`). */
  error: (status: number, body: Record<string, unknown>) => Error;
}

export interface Client<C> {
  call<K extends keyof C & string>(name: K, input: ClientInputOf<C[K]>, opts?: CallOptions): Promise<OutputOf<C[K]>>;
}

/** Browsers allow keepalive bodies up to 64 KB. */
const KEEPALIVE_MAX_CHARS = 60_000;

const hasFile = (v: unknown): boolean => v instanceof Blob || (Array.isArray(v) ? v.some(hasFile) : false);

/** Query parameters as the server's parser reads them: arrays as `key[]`, objects as `key[sub]`. */
export function appendQuery(params: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) appendQuery(params, `${key}[${k}]`, v);
  else params.append(key, String(value));
}

/** The route with its `:params` filled from the input; the rest of the input goes in the query or the body. */
export function fillPath(pattern: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } | { missing: string } {
  const rest = { ...input };
  let missing: string | null = null;
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    if (v === undefined || v === null) missing ??= name;
    return encodeURIComponent(String(v));
  });
  return missing === null ? { path, rest } : { missing };
}

export function filenameFrom(disposition: string | null): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? 'download';
}

function formOf(rest: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(rest)) {
    if (v instanceof Blob) form.append(k, v, v instanceof File ? v.name : k);
    else if (v !== undefined && v !== null) {
      if (typeof v === 'object') {
        const params = new URLSearchParams();
        appendQuery(params, k, v);
        for (const [pk, pv] of params) form.append(pk, pv);
      } else form.append(k, String(v));
    }
  }
  return form;
}

/** A client of the endpoints in `routes` (the contract, or part of it). */
export function httpClient<C extends Record<string, EndpointSpec>>(routes: C, options: HttpClientOptions): Client<C> {
  async function request(name: string, input: Record<string, unknown>, opts: CallOptions): Promise<unknown> {
    const spec: Route | undefined = Object.prototype.hasOwnProperty.call(routes, name) ? routes[name] : undefined;
    if (!spec?.path) throw options.error(404, { error: `No HTTP route for ${name}` });
    const filled = fillPath(spec.path, input);
    if ('missing' in filled) throw options.error(400, { error: `Missing ${filled.missing}` });
    const { path, rest } = filled;
    const [base, headers] = await Promise.all([options.base(), options.headers?.() ?? {}]);
    let url = base + path;
    let res: Response;
    if (spec.method === 'GET') {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(rest)) appendQuery(params, k, v);
      if (params.toString()) url += `?${params}`;
      res = await options.fetch(url, { signal: opts.signal, credentials: options.credentials, headers });
    } else if (Object.values(rest).some(hasFile)) {
      const form = formOf(rest);
      res = options.sendForm
        ? await options.sendForm(spec.method, url, form, headers, opts)
        : await options.fetch(url, { method: spec.method, headers, body: form, signal: opts.signal, credentials: options.credentials });
    } else {
      const body = JSON.stringify(rest);
      res = await options.fetch(url, {
        method: spec.method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
        signal: opts.signal,
        credentials: options.credentials,
        ...(options.keepalive && body.length < KEEPALIVE_MAX_CHARS ? { keepalive: true } : {}),
      });
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok) {
      const body = type.includes('json') ? ((await res.json().catch(() => ({}))) as Record<string, unknown>) : { error: await res.text() };
      throw options.error(res.status, body);
    }
    if (type.includes('application/json')) return res.json();
    if (res.headers.get('content-disposition')) {
      const file: FileResult = {
        $file: true,
        filename: filenameFrom(res.headers.get('content-disposition')),
        contentType: type,
        data: new Uint8Array(await res.arrayBuffer()),
      };
      return file;
    }
    return res.text();
  }
  return {
    call<K extends keyof C & string>(name: K, input: ClientInputOf<C[K]>, opts: CallOptions = {}): Promise<OutputOf<C[K]>> {
      return request(name, (input ?? {}) as Record<string, unknown>, opts) as Promise<OutputOf<C[K]>>;
    },
  };
}
