// Runs in: renderer. The renderer's API client: `api.call(name, input)`. Transport = IPC when the Electron preload
// exposed `window.lectio`, else the shared HTTP client (src-shared/client) to /api/v1 with the page's session cookie
// and the CSRF token from its meta tag.
import { contract, type Contract } from '../../src-shared/contract';
import type { FileResult, OutputOf } from '../../src-shared/contract/endpoint';
import { httpClient, type CallOptions, type ClientInputOf } from '../../src-shared/client';
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

export type { CallOptions };

const csrfToken = () => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';

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
    } else if (v instanceof Blob) out[k] = { filename: k, mimeType: v.type, data: new Uint8Array(await v.arrayBuffer()) };
    else out[k] = v;
  }
  return out;
}

/** A multipart body through XMLHttpRequest: fetch reports no upload progress. */
function xhrUpload(method: string, url: string, body: FormData, headers: Record<string, string>, opts: CallOptions): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
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

/** The shared HTTP client (src-shared/client) with the page's session: its cookie, its CSRF token, /api/v1 on the page's origin. */
const http = httpClient(contract, {
  fetch: (url, init) => fetch(url, init),
  base: () => '',
  headers: () => ({ 'X-CSRF-TOKEN': csrfToken() }),
  credentials: 'same-origin',
  keepalive: true,
  sendForm: xhrUpload,
  error: (status, body) => {
    // Signed out (multi-user session expired or revoked): features/accounts sends the learner to /login.
    if (status === 401) window.dispatchEvent(new CustomEvent('lectio:unauthorized'));
    return new ApiError(status, String(body.error ?? t('common.requestFailed', { status: String(status) })), body);
  },
});

async function callIpc(name: string, input: Record<string, unknown>): Promise<unknown> {
  const result = await window.lectio!.invoke(name, await toIpcInput(input));
  if (!result.ok) throw new ApiError(result.status, result.error, { error: result.error, ...(result.extra ?? {}) });
  return result.value;
}

export const transport = (): 'ipc' | 'http' => (typeof window !== 'undefined' && window.lectio ? 'ipc' : 'http');

export const api = {
  call<K extends keyof Contract>(name: K, input: ClientInputOf<Contract[K]>, opts: CallOptions = {}): Promise<OutputOf<Contract[K]>> {
    if (transport() === 'http') return http.call(name, input, opts);
    return callIpc(name, (input ?? {}) as Record<string, unknown>) as Promise<OutputOf<Contract[K]>>;
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
