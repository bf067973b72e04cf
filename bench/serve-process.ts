// Bench helpers for end-to-end figures: the built `serve` in its own process, and a client that behaves like a
// browser page (session cookie + CSRF token) doing fetch + JSON parse.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServeProcess {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Resident set size of the serve process, MB (Linux /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** `dataDir`: a data folder prepared beforehand (a large library built by direct inserts); removed at stop too. */
export async function startServeProcess(
  env: NodeJS.ProcessEnv = {},
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-bench-serve-')),
): Promise<ServeProcess> {
  // BENCH_SERVE_NODE_ARGS: extra node flags for the serve process, to profile it (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p").
  const nodeArgs = (process.env.BENCH_SERVE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'dist/main/serve.js'), '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LECTIO_RATE_LIMIT_API_PER_MINUTE: '1000000', NLP_SERVICE_URL: 'http://127.0.0.1:9', ...env },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
  });
  return {
    url,
    child,
    dataDir,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          fs.rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

export class PageClient {
  private cookie = '';
  private csrf = '';
  constructor(readonly url: string) {}
  async init(): Promise<this> {
    const res = await fetch(this.url + '/');
    this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    this.csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await res.text())?.[1] ?? '';
    return this;
  }
  async call<T = any>(method: string, p: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  }
}
