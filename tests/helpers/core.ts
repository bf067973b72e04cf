// Test helpers: a real core on a temp data dir (real SQLite file, real migrations), and a real
// HTTP server on 127.0.0.1 with a client that behaves like a browser (cookie + CSRF token).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig, type Config } from '../../src-main/core/config';
import { createCore, type Core, type CoreOptions } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { fixedClock } from '../../src-main/core/clock';
import { createHttpServer, type LectioHttpServer } from '../../src-main/http/server';
import { rendererDir } from '../../src-main/core/paths';
import type { CurrentUser } from '../../src-main/db/scope';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/fixtures');
export const hasFixtures = fs.existsSync(FIXTURES);
export const fixture = (...parts: string[]) => path.join(FIXTURES, ...parts);

export function tempDir(prefix = 'lectio-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testConfig(env: NodeJS.ProcessEnv = {}, dataDir = tempDir()): Config {
  return loadConfig({ NLP_SERVICE_URL: 'http://127.0.0.1:9', ...env }, { port: '0' }, dataDir);
}

/** 2026-03-15 12:00 UTC: a fixed "now" for tests that depend on dates. */
export const TEST_NOW = Date.UTC(2026, 2, 15, 12, 0, 0);

export interface TestCore extends Core {
  dataDir: string;
  clock: ReturnType<typeof fixedClock>;
  cleanup(): void;
}

/** Options of a test core; `dataDir` given: the core opens that folder (a restart) and leaves it there on cleanup. */
export interface TestCoreOptions {
  env?: NodeJS.ProcessEnv;
  core?: Partial<CoreOptions>;
  dataDir?: string;
}

export function makeTestCore(opts: TestCoreOptions = {}): TestCore {
  const dataDir = opts.dataDir ?? tempDir();
  const clock = fixedClock(TEST_NOW);
  const core = createCore({ config: testConfig(opts.env, dataDir), clock, log: silentLogger, ...opts.core });
  return Object.assign(core, {
    dataDir,
    clock,
    cleanup() {
      core.close();
      // A worker thread of the closed core may still be finishing a cache file in the folder (a lemma table built
      // for a language the test touched): its write lands while the folder is removed (ENOTEMPTY), so retry, for up
      // to 5 s (one full run under load needed more than 1 s).
      if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 100, retryDelay: 50 });
    },
  });
}

/** An account row written straight into the database (no password that works): an owner for multi-user rows. */
export function addUser(core: Core, name: string, role: 'admin' | 'user'): CurrentUser {
  const id = Number(
    core.sqlite.prepare("INSERT INTO users (UsUsername, UsPasswordHash, UsRole, UsCreated) VALUES (?, 'x', ?, 0)").run(name, role).lastInsertRowid,
  );
  return { id, username: name, role };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class TestClient {
  private cookie = '';
  csrfToken = '';

  constructor(readonly baseUrl: string) {}

  /** Opens the app page like a browser: gets the session cookie and the token from the meta tag. */
  async init(): Promise<this> {
    const res = await fetch(this.baseUrl + '/');
    const setCookie = res.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    const html = await res.text();
    this.csrfToken = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1] ?? '';
    return this;
  }

  async request<T = any>(
    method: string,
    urlPath: string,
    opts: { json?: unknown; form?: Record<string, string | string[]>; multipart?: FormData; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (this.cookie) headers.cookie = this.cookie;
    if (opts.csrf !== false && method !== 'GET' && method !== 'HEAD' && this.csrfToken) headers['x-csrf-token'] = this.csrfToken;
    let body: BodyInit | undefined;
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.form)) for (const x of Array.isArray(v) ? v : [v]) params.append(k, x);
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = params.toString();
    } else if (opts.multipart) body = opts.multipart;
    const res = await fetch(this.baseUrl + urlPath, { method, headers, body, redirect: 'manual' });
    const buf = Buffer.from(await res.arrayBuffer());
    const text = buf.toString('utf8');
    let parsed: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) parsed = JSON.parse(text);
    else if (!(res.headers.get('content-type') ?? '').startsWith('text/')) parsed = buf;
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = any>(p: string, headers?: Record<string, string>) {
    return this.request<T>('GET', p, { headers });
  }
  post<T = any>(p: string, json?: unknown) {
    return this.request<T>('POST', p, { json: json ?? {} });
  }
  put<T = any>(p: string, json?: unknown) {
    return this.request<T>('PUT', p, { json: json ?? {} });
  }
  delete<T = any>(p: string) {
    return this.request<T>('DELETE', p);
  }
  /** Uploads a file as multipart field `field` (default "file") plus extra fields. */
  upload<T = any>(p: string, file: { name: string; data: Uint8Array }, fields: Record<string, string> = {}, field = 'file', method = 'POST') {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append(field, new Blob([file.data as Uint8Array<ArrayBuffer>]), file.name);
    return this.request<T>(method, p, { multipart: form });
  }
}

export interface TestServer {
  core: TestCore;
  http: LectioHttpServer;
  baseUrl: string;
  client: TestClient;
  close(): Promise<void>;
}

/** Real server on 127.0.0.1, port 0, temp data dir. */
export async function startTestServer(opts: TestCoreOptions = {}): Promise<TestServer> {
  const core = makeTestCore(opts);
  const http = createHttpServer(core, { rendererDir: rendererDir() });
  const port = await http.listen(0, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${port}`;
  const client = await new TestClient(baseUrl).init();
  return {
    core,
    http,
    baseUrl,
    client,
    async close() {
      await http.close();
      core.cleanup();
    },
  };
}

/** Inserts a user row and returns its id: rows owned by it are foreign to the local owner. */
export function insertForeignUser(core: Core, username = 'someone-else'): number {
  return Number(
    core.sqlite.prepare("INSERT INTO users (UsUsername, UsPasswordHash, UsRole, UsCreated) VALUES (?, 'x', 'user', 0)").run(username).lastInsertRowid,
  );
}

/** A language owned by another user (for foreign-row tests). */
export function insertForeignLanguage(core: Core, name = 'Foreign'): { userId: number; languageId: number } {
  const userId = insertForeignUser(core, `owner-of-${name}-${Math.random().toString(36).slice(2)}`);
  const languageId = Number(core.sqlite.prepare('INSERT INTO languages (LgUsID, LgName, LgCreated) VALUES (?, ?, 0)').run(userId, name).lastInsertRowid);
  return { userId, languageId };
}
