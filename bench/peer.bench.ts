// The peer comparison (issue 18): each reading step measured end to end as a client sees it — the built
// serve process in its own process, a Node client doing fetch + JSON parse over real HTTP, median of 6 runs
// after one warm-up. LWT 3.4.2 on this machine kind: create+parse 300.6 ms, words 102.4 ms (2,845 ms with
// ~2,100 terms), multi-word term 20.3 ms, quick term 20.6 ms.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Report } from './run';
import { percentile } from './helpers';
import { peerText } from './peer-text';

interface Serve {
  url: string;
  stop(): Promise<void>;
}

async function startServe(): Promise<Serve> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-bench-peer-'));
  const child = spawn(process.execPath, ['dist/main/serve.js', '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, LECTIO_RATE_LIMIT_API_PER_MINUTE: '1000000', NLP_SERVICE_URL: 'http://127.0.0.1:9' },
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
  return {
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

class Client {
  private cookie = '';
  private csrf = '';
  constructor(readonly url: string) {}
  async init(): Promise<void> {
    const res = await fetch(this.url + '/');
    this.cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    this.csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await res.text())?.[1] ?? '';
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

/** Median of `runs` timed calls after one warm-up. */
async function median(runs: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  await fn(-1);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    await fn(i);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return percentile(samples, 50);
}

export default async function peer(report: Report) {
  const serve = await startServe();
  try {
    const client = new Client(serve.url);
    await client.init();
    const { text } = peerText();
    const lang = await client.call<{ LgID: number }>('POST', '/api/v1/languages', { LgName: 'English', preset: 'en' });
    const LgID = lang.LgID;

    let lastId = 0;
    report('peer_create_parse_ms', await median(6, async (i) => (lastId = (await client.call<{ TxID: number }>('POST', '/api/v1/texts', { TxLgID: LgID, TxTitle: `Speeches ${i}`, TxText: text })).TxID)), 'ms');
    const textId = lastId;

    const words = (view: string) => () => client.call('GET', `/api/v1/texts/${textId}/words${view}`);
    report('peer_words_no_terms_ms', await median(6, words('')), 'ms');
    report('peer_words_no_terms_compact_ms', await median(6, words('?view=compact')), 'ms');

    // Quick single terms and two-word terms on forms of the text, each a new term.
    const forms = [...new Set(text.toLowerCase().match(/[a-z]+/g))];
    let q = 0;
    report('peer_quick_term_ms', await median(6, () => client.call('POST', '/api/v1/terms/quick', { WoLgID: LgID, WoText: forms[q++], WoStatus: 1, WoTranslation: 'x' })), 'ms');
    const pairs = [...new Set(text.toLowerCase().match(/[a-z]+ [a-z]+/g))];
    let m = 0;
    report('peer_multiword_create_ms', await median(6, () => client.call('POST', '/api/v1/terms/multi', { WoLgID: LgID, WoText: pairs[m++], WoStatus: 1, WoTranslation: 'x' })), 'ms');

    const marked = await client.call<{ created: number }>('POST', `/api/v1/texts/${textId}/mark-all-known`);
    report('peer_terms_after_mark_all_known', marked.created + q + m, 'terms');
    report('peer_words_2000_terms_ms', await median(6, words('')), 'ms');
    report('peer_words_2000_terms_compact_ms', await median(6, words('?view=compact')), 'ms');
    const body = await fetch(`${serve.url}/api/v1/texts/${textId}/words`).then((r) => r.arrayBuffer());
    report('peer_words_response_kb', Math.round(body.byteLength / 1024), 'KB');
  } finally {
    await serve.stop();
  }
}
