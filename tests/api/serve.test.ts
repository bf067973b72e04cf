// `npm run serve` as a process: the ready line, --port 0, clean shutdown on signals, config errors.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/core';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function runServe(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/serve.ts', ...args], {
    cwd: process.cwd(),
    env: { ...process.env, NLP_SERVICE_URL: 'http://127.0.0.1:9', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /Lectio listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (m) {
        clearInterval(timer);
        resolve(m[1]);
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`exited ${code}: ${stderr}`));
    });
  });
  return { child, ready, exited, out: () => stdout, err: () => stderr };
}

describe('serve mode', () => {
  it('prints exactly one ready line with the real port, serves, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const p = runServe(['--port', '0', '--data-dir', dataDir]);
    const url = await p.ready;
    expect(p.out().trim().split('\n')).toEqual([`Lectio listening on ${url}`]);
    expect(Number(new URL(url).port)).toBeGreaterThan(0);
    const res = await fetch(url + '/api/v1/version');
    expect(res.status).toBe(200);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    // Database closed with the WAL checkpointed into the main file.
    const wal = path.join(dataDir, 'lectio.db-wal');
    expect(!fs.existsSync(wal) || fs.statSync(wal).size === 0).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'lectio.db'))).toBe(true);
  }, 30_000);

  it('stops cleanly on SIGINT and honours LECTIO_DATA_DIR', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const p = runServe(['--port', '0'], { LECTIO_DATA_DIR: dataDir });
    await p.ready;
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'lectio.db'))).toBe(true);
  }, 30_000);

  it('refuses to start on a bad configuration value, naming the variable', async () => {
    const p = runServe(['--port', '0'], { TRUST_PROXY: 'sometimes', LECTIO_DATA_DIR: tempDir() });
    p.ready.catch(() => {});
    expect(await p.exited).toBe(2);
    expect(p.err()).toMatch(/TRUST_PROXY/);
  }, 30_000);
});
