// Test helpers for accounts: a browser-like client with a real cookie jar (every Set-Cookie, Max-Age=0 deletes),
// a multi-user test server, the proof-of-work solver a page runs, and a fake SMTP server on 127.0.0.1.
import { SMTPServer } from 'smtp-server';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { fixedClock } from '../../src-main/core/clock';
import { startTestServer, type TestResponse, type TestServer } from './core';

export const HMAC_KEY = 'test-hmac-key-0123456789abcdef';

export function multiUserEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    MULTI_USER_ENABLED: 'true',
    POW_CAPTCHA_ENABLED: 'true',
    POW_CAPTCHA_HMAC_KEY: HMAC_KEY,
    LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '1000',
    LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000',
    ...extra,
  };
}

/** A multi-user server whose clock starts at the real time (captcha expiry is checked against the wall clock). */
export async function startMultiUser(extra: NodeJS.ProcessEnv = {}): Promise<TestServer & { clock: ReturnType<typeof fixedClock> }> {
  const s = await startTestServer({ env: multiUserEnv(extra) });
  s.core.clock.set(Date.now());
  return Object.assign(s, { clock: s.core.clock });
}

export class Browser {
  readonly jar = new Map<string, string>();
  csrfToken = '';

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Opens a page like a browser (follows nothing), keeps cookies and the csrf meta token. */
  async open(path = '/login'): Promise<TestResponse<string>> {
    const res = await this.request<string>('GET', path);
    const token = /<meta name="csrf-token" content="([^"]+)"/.exec(res.text)?.[1];
    if (token) this.csrfToken = token;
    return res;
  }

  async request<T = any>(
    method: string,
    path: string,
    opts: { json?: unknown; form?: Record<string, string>; multipart?: FormData; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (opts.csrf !== false && method !== 'GET' && method !== 'HEAD' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    let body: string | FormData | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.multipart) body = opts.multipart;
    const res = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    const parsed = (res.headers.get('content-type') ?? '').includes('application/json') && text ? JSON.parse(text) : text;
    if (parsed && typeof parsed === 'object' && typeof (parsed as { csrf_token?: unknown }).csrf_token === 'string')
      this.csrfToken = (parsed as { csrf_token: string }).csrf_token;
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }
  post<T = any>(path: string, json: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json, headers });
  }
  put<T = any>(path: string, json: unknown = {}) {
    return this.request<T>('PUT', path, { json });
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
  /** Same shape as TestClient.upload: one file as multipart field `field` plus extra fields. */
  upload<T = any>(path: string, file: { name: string; data: Uint8Array }, fields: Record<string, string> = {}, field = 'file', method = 'POST') {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(field, new Blob([file.data as Uint8Array<ArrayBuffer>]), file.name);
    return this.request<T>(method, path, { multipart: form });
  }
}

/** Fetches a challenge and solves it as the page's worker would; returns the `altcha` field value. */
export async function solvedAltcha(b: Browser): Promise<string> {
  // (captcha switched off: no challenge, nothing to solve)
  const { challenge } = (await b.get<{ challenge: Challenge | null }>('/api/v1/auth/challenge')).body;
  if (!challenge) return '';
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } })).toString('base64');
}

export async function registerUser(b: Browser, username: string, password: string, extra: Record<string, unknown> = {}) {
  if (!b.csrfToken) await b.open('/register');
  return b.post('/api/v1/auth/register', { username, password, password_confirm: password, altcha: await solvedAltcha(b), ...extra });
}

export async function loginUser(b: Browser, username: string, password: string, extra: Record<string, unknown> = {}) {
  if (!b.csrfToken) await b.open('/login');
  return b.post('/api/v1/auth/login', { username, password, ...extra });
}

export interface CapturedMail {
  to: string;
  text: string;
}

/** A fake SMTP server on 127.0.0.1 (no TLS, no auth) that keeps every message it receives. */
export async function startFakeSmtp(): Promise<{ port: number; mails: CapturedMail[]; close(): Promise<void> }> {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        const body = raw
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text: body });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A registered, signed-in browser (session cookie, CSRF token of the new session). */
export async function signedIn(baseUrl: string, username: string, password = 'a long password'): Promise<Browser & { userId: number }> {
  const b = new Browser(baseUrl);
  const reg = await registerUser(b, username, password);
  if (reg.status !== 200) throw new Error(`register ${username}: ${reg.status} ${reg.text}`);
  const login = await loginUser(b, username, password, { issue_token: false });
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${login.text}`);
  return Object.assign(b, { userId: reg.body.user.id as number });
}
