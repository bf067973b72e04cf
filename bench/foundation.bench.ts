// Foundation figures: cold start of serve mode to the first 200 on /api/v1/version, and the p50 of that call.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Report } from './run';
import { percentile, sized } from './helpers';

async function coldStartMs(): Promise<{ ms: number; url: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-bench-serve-'));
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, ['dist/main/serve.js', '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LECTIO_RATE_LIMIT_API_PER_MINUTE: '1000000' },
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
  for (;;) {
    const res = await fetch(url + '/api/v1/version').catch(() => null);
    if (res?.status === 200) break;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return {
    ms,
    url,
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

export default async function foundation(report: Report) {
  const runs: number[] = [];
  let last: Awaited<ReturnType<typeof coldStartMs>> | null = null;
  for (let i = 0; i < sized(3, 1); i++) {
    if (last) await last.stop();
    last = await coldStartMs();
    runs.push(last.ms);
  }
  report('serve_cold_start_ms', percentile(runs, 50), 'ms');
  const samples: number[] = [];
  for (let i = 0; i < sized(300, 100); i++) {
    const t = process.hrtime.bigint();
    const res = await fetch(last!.url + '/api/v1/version');
    await res.arrayBuffer();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  report('api_version_p50_ms', percentile(samples.slice(50), 50), 'ms');
  await last!.stop();
}
