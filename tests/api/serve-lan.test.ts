// Issue 14 audit: serving beyond loopback (`--host 0.0.0.0`) works only in multi-user mode (single-user refusal:
// tests/security/http-edges.test.ts), and warns at start when the accounts would travel over plain HTTP.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/core';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** Starts `serve` on all interfaces in multi-user mode; resolves with its port and everything it logged. */
async function serveOnLan(env: NodeJS.ProcessEnv): Promise<{ port: number; log: string }> {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/serve.ts', '--host', '0.0.0.0', '--port', '0', '--data-dir', dataDir], {
    cwd: process.cwd(),
    env: { ...process.env, NLP_SERVICE_URL: 'http://127.0.0.1:9', MULTI_USER_ENABLED: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /Lectio listening on http:\/\/0\.0\.0\.0:(\d+)/.exec(log);
        if (m) {
          clearInterval(timer);
          resolve(Number(m[1]));
        }
      }, 20);
      void exited.then(() => {
        clearInterval(timer);
        reject(new Error(`serve exited: ${log}`));
      });
    });
    // Answers on the loopback address too (it listens on every interface).
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/version`)).status).toBe(200);
    return { port, log };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('serve --host 0.0.0.0 in multi-user mode', { timeout: 60_000 }, () => {
  it('starts, and warns that passwords and cookies would cross the network unencrypted', async () => {
    const { log } = await serveOnLan({});
    expect(log).toMatch(/serves accounts on 0\.0\.0\.0 over plain HTTP/);
  });

  it('does not warn when APP_URL is https (behind a TLS reverse proxy)', async () => {
    const { log } = await serveOnLan({ APP_URL: 'https://lectio.example.org' });
    expect(log).not.toMatch(/plain HTTP/);
  });
});
