// Runs in: renderer. The one API client: `api.call(name, input)`. Transport = IPC when the Electron
// preload exposed `window.lectio`, else HTTP to /api/v1 with the CSRF token from the page's meta tag.
import { contract, type Contract } from '../../src-shared/contract';
import type { FileResult, InputOf, OutputOf } from '../../src-shared/contract/endpoint';
import type { LectioBridge } from '../../src-shared/ipc';
import { currentLocale, t } from '../lib/i18n';
import { localizedError } from '../lib/i18n/server';

declare global {
  interface Window {
    lectio?: LectioBridge;
  }
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    // Said in the interface language when the body carries a message code or validation issues; else a validation
    // error's words as the forms put them ("Title is required"); else the server's text.
    super(localizedError(body, currentLocale()) ?? (typeof body.message === 'string' && body.fields ? body.message : message));
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  /** Upload progress 0..1 (HTTP transport with files). */
  onUploadProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const csrfToken = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';

const hasFile = (v: unknown): boolean => v instanceof Blob || (Array.isArray(v) ? v.some(hasFile) : false);

/**
 * IPC cannot carry File objects: a file on disk goes as a token for its path (the preload registers it; main
 * reads it from disk), anything else (a Blob made in the page) as {filename, mimeType, data}.
 */
async function toIpcInput(input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) {
    if (v instanceof File) {
      const token = await window.lectio?.pickedFile?.(v).catch(() => null);
      out[k] = token ? { $pickedFile: token, mimeType: v.type } : { filename: v.name, mimeType: v.type, data: new Uint8Array(await v.arrayBuffer()) };
    } else out[k] = v;
  }
  return out;
}

function appendQuery(params: URLSearchParams, key: string, value: unknown) {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) appendQuery(params, `${key}[${k}]`, v);
  else params.append(key, String(value));
}

function fillPath(pattern: string, input: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...input };
  const path = pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    if (v === undefined || v === null) throw new ApiError(400, `Missing ${name}`);
    return encodeURIComponent(String(v));
  });
  return { path, rest };
}

function filenameFrom(disposition: string | null): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? 'download';
}

function xhrUpload(method: string, url: string, body: FormData, opts: CallOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.setRequestHeader('X-CSRF-TOKEN', csrfToken());
    xhr.responseType = 'arraybuffer';
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onUploadProgress?.(e.loaded / e.total);
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const i = line.indexOf(':');
        if (i > 0) headers.append(line.slice(0, i).trim(), line.slice(i + 1).trim());
      }
      resolve(new Response(xhr.response as ArrayBuffer, { status: xhr.status, headers }));
    };
    xhr.onerror = () => reject(new ApiError(0, t('common.networkError')));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

async function callHttp(name: string, input: Record<string, unknown>, opts: CallOptions): Promise<unknown> {
  const spec = (contract as Record<string, { method: string; path?: string }>)[name];
  if (!spec?.path) throw new ApiError(404, `No HTTP route for ${name}`);
  const { path, rest } = fillPath(spec.path, input);
  let url = path;
  let res: Response;
  if (spec.method === 'GET') {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(rest)) appendQuery(params, k, v);
    if (params.toString()) url += `?${params}`;
    res = await fetch(url, { signal: opts.signal, credentials: 'same-origin', headers: { 'X-CSRF-TOKEN': csrfToken() } });
  } else if (Object.values(rest).some(hasFile)) {
    const form = new FormData();
    for (const [k, v] of Object.entries(rest)) {
      if (v instanceof Blob) form.append(k, v, v instanceof File ? v.name : k);
      else if (v !== undefined && v !== null) {
        if (typeof v === 'object' && !(v instanceof Blob)) {
          const params = new URLSearchParams();
          appendQuery(params, k, v);
          for (const [pk, pv] of params) form.append(pk, pv);
        } else form.append(k, String(v));
      }
    }
    res = await xhrUpload(spec.method, url, form, opts);
  } else {
    const body = JSON.stringify(rest);
    res = await fetch(url, {
      method: spec.method,
      headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': csrfToken() },
      body,
      signal: opts.signal,
      credentials: 'same-origin',
      // Small writes (audio position on page hide, status changes) must reach the core even if the page
      // is going away; browsers allow keepalive bodies up to 64 KB.
      keepalive: body.length < 60_000,
    });
  }
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok) {
    const body = type.includes('json') ? ((await res.json()) as Record<string, unknown>) : { error: await res.text() };
    // Signed out (multi-user session expired or revoked): features/accounts sends the learner to /login.
    if (res.status === 401) window.dispatchEvent(new CustomEvent('lectio:unauthorized'));
    throw new ApiError(res.status, String(body.error ?? t('common.requestFailed', { status: String(res.status) })), body);
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

async function callIpc(name: string, input: Record<string, unknown>): Promise<unknown> {
  const result = await window.lectio!.invoke(name, await toIpcInput(input));
  if (!result.ok) throw new ApiError(result.status, result.error, { error: result.error, ...(result.extra ?? {}) });
  return result.value;
}

export const transport = (): 'ipc' | 'http' => (typeof window !== 'undefined' && window.lectio ? 'ipc' : 'http');

export const api = {
  call<K extends keyof Contract>(name: K, input: InputOf<Contract[K]>, opts: CallOptions = {}): Promise<OutputOf<Contract[K]>> {
    const record = (input ?? {}) as Record<string, unknown>;
    return (transport() === 'ipc' ? callIpc(name, record) : callHttp(name, record, opts)) as Promise<OutputOf<Contract[K]>>;
  },
};

/** Saves a downloaded FileResult through the browser's download mechanism. */
export function saveFile(file: FileResult): void {
  const blob = new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.contentType });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));
