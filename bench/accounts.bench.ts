// Accounts (issue 14): login time with Argon2id, the authenticate step's cost per request, and 50 simulated
// learners on one serve process. Needs the build (`node scripts/build.mjs --quiet`) for the serve process.
//   login_p50_ms                   POST /api/v1/auth/login over HTTP, Argon2id (m=19 MiB, t=2, p=1) included
//   auth_overhead_per_request_ms   the authenticate step for a Bearer token (SHA-256 + indexed lookup) minus the
//                                  same step in single-user mode, per GET /api/v1/version request
//   multiuser_50_learners_p99_ms   50 learners, each opening its chapter and saving a term every 2 s, for 60 s
//                                  (BENCH_LEARNERS_SECONDS shortens it for a quick look)
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import Database from 'better-sqlite3';
import { benchCore, now, ms, percentile, sized } from './helpers';
import type { Report } from './run';
import { startServeProcess } from './serve-process';
import { peerText } from './peer-text';
import { createHttpServer } from '../src-main/http/server';
import { Authenticator } from '../src-main/http/auth';
import { rendererDir } from '../src-main/core/paths';
import { databaseFile } from '../src-main/core/data-dir';

const ENV = { MULTI_USER_ENABLED: 'true', LECTIO_RATE_LIMIT_AUTH_PER_5_MINUTES: '1000000', LECTIO_RATE_LIMIT_API_PER_MINUTE: '1000000' };
const PW = 'a long bench password';

/** A browser-like client: session cookie + CSRF token of the signed-in session. */
class Learner {
  cookie = '';
  csrf = '';
  constructor(readonly url: string) {}
  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0];
      const name = pair.split('=')[0];
      const rest = this.cookie.split('; ').filter((p) => p && !p.startsWith(name + '='));
      this.cookie = [...rest, pair].join('; ');
    }
  }
  async open() {
    const res = await fetch(this.url + '/login');
    this.keep(res);
    this.csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(await res.text())?.[1] ?? '';
  }
  async call<T = any>(method: string, p: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { cookie: this.cookie };
    if (method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.url + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    this.keep(res);
    const json = (await res.json()) as T & { csrf_token?: string };
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    if (json.csrf_token) this.csrf = json.csrf_token;
    return json;
  }
}

async function loginFigure(report: Report) {
  const core = benchCore(ENV);
  const http = createHttpServer(core, { rendererDir: rendererDir() });
  const port = await http.listen(0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  try {
    const b = new Learner(url);
    await b.open();
    await b.call('POST', '/api/v1/auth/register', { username: 'bench', password: PW, password_confirm: PW });
    const anon = { cookie: b.cookie, csrf: b.csrf };
    const samples: number[] = [];
    for (let i = 0; i < sized(25, 5); i++) {
      Object.assign(b, anon);
      const t = now();
      await b.call('POST', '/api/v1/auth/login', { username: 'bench', password: PW, issue_token: i % 2 === 0 });
      samples.push(ms(t));
    }
    report('login_p50_ms', percentile(samples.slice(3), 50), 'ms');
  } finally {
    await http.close();
    core.cleanup();
  }
}

function fakeRequest(headers: Record<string, string>): { req: IncomingMessage; res: ServerResponse } {
  const req = { headers, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  const res = { getHeader: () => undefined, setHeader: () => undefined } as unknown as ServerResponse;
  return { req, res };
}

async function overheadFigure(report: Report) {
  const multi = benchCore(ENV);
  const single = benchCore({});
  try {
    // A user with a token (created through the real handlers).
    await multi.dispatch('auth.register', { username: 'bench', password: PW, password_confirm: PW });
    const created = (await multi.dispatch('auth.tokens.create', { name: 'bench' }, { id: 1, username: 'bench', role: 'admin' })) as { token: string };
    const secret = Buffer.alloc(32, 1);
    const a = new Authenticator(multi, secret);
    const b = new Authenticator(single, secret);
    const withToken = fakeRequest({ host: '127.0.0.1', authorization: `Bearer ${created.token}` });
    const plain = fakeRequest({ host: '127.0.0.1' });
    const run = (auth: Authenticator, r: ReturnType<typeof fakeRequest>, n: number) => {
      const t = now();
      for (let i = 0; i < n; i++) {
        const out = auth.authenticate(r.req, r.res, {}, { secure: false, origin: 'http://127.0.0.1' });
        if (!out.user) throw new Error('not authenticated');
        auth.gate(out, { kind: 'handler', name: 'system.version', access: 'public' }, 'GET', '/api/v1/version', '');
      }
      return ms(t) / n;
    };
    run(a, withToken, sized(2000, 500));
    run(b, plain, sized(2000, 500));
    const best = (f: () => number) => Math.min(f(), f(), f());
    const tokenCost = best(() => run(a, withToken, sized(20_000, 2_000)));
    const localCost = best(() => run(b, plain, sized(20_000, 2_000)));
    report('auth_overhead_per_request_ms', Math.max(0, tokenCost - localCost), 'ms');
  } finally {
    multi.cleanup();
    single.cleanup();
  }
}

async function learnersFigure(report: Report) {
  const LEARNERS = Number(process.env.BENCH_LEARNERS ?? sized(50, 3));
  const DURATION_MS = Number(process.env.BENCH_LEARNERS_SECONDS ?? sized(60, 1.5)) * 1000;
  // A quick run's learners act every 0.5 s for 1.5 s.
  const EVERY_MS = sized(2_000, 500);
  const serve = await startServeProcess(ENV);
  try {
    const chapter = peerText({ words: 2000, sentences: 90, vocabulary: 3000, seed: 11 }).text;
    const forms = [...new Set(chapter.toLowerCase().match(/[a-z]+/g)!)];
    const learners: { client: Learner; lang: number; text: number; saved: string[]; id: number }[] = [];
    for (let i = 0; i < LEARNERS; i++) {
      const client = new Learner(serve.url);
      await client.open();
      const reg = await client.call<{ user: { id: number } }>('POST', '/api/v1/auth/register', { username: `learner${i}`, password: PW, password_confirm: PW });
      await client.call('POST', '/api/v1/auth/login', { username: `learner${i}`, password: PW, issue_token: false });
      // Plain regex-parsed language (no lemma dictionary): the figure is about accounts and SQLite, not lemmatization.
      const { LgID } = await client.call<{ LgID: number }>('POST', '/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' });
      const { TxID } = await client.call<{ TxID: number }>('POST', '/api/v1/texts', { TxLgID: LgID, TxTitle: `Chapter ${i}`, TxText: chapter });
      learners.push({ client, lang: LgID, text: TxID, saved: [], id: reg.user.id });
    }

    const latencies: number[] = [];
    const readerMs: number[] = [];
    const saveMs: number[] = [];
    let errors = 0;
    const deadline = Date.now() + DURATION_MS;
    const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
    await Promise.all(
      learners.map(async (l, i) => {
        await sleep(Math.floor((i / LEARNERS) * EVERY_MS));
        let tick = 0;
        while (Date.now() < deadline) {
          const start = Date.now();
          try {
            let t = now();
            await l.client.call('GET', `/api/v1/texts/${l.text}/reader`);
            latencies.push(ms(t));
            readerMs.push(ms(t));
            const word = forms[(tick * 7 + i) % forms.length];
            t = now();
            await l.client.call('POST', '/api/v1/terms', { WoLgID: l.lang, WoText: word, WoTranslation: `t${tick}`, WoStatus: 1 + (tick % 5) });
            latencies.push(ms(t));
            saveMs.push(ms(t));
            l.saved.push(word);
          } catch (err) {
            errors++;
            if (errors < 3) console.error(String(err));
          }
          tick++;
          await sleep(Math.max(0, EVERY_MS - (Date.now() - start)));
        }
      }),
    );

    // Every saved term is present, owned by its learner, and nobody else's.
    const db = new Database(databaseFile(serve.dataDir), { readonly: true });
    let missing = 0;
    for (const l of learners) {
      const rows = db.prepare('SELECT WoTextLC FROM words WHERE WoUsID = ?').all(l.id) as { WoTextLC: string }[];
      const have = new Set(rows.map((r) => r.WoTextLC));
      missing += l.saved.filter((w) => !have.has(w)).length;
      if (rows.length !== new Set(l.saved).size) missing += Math.abs(rows.length - new Set(l.saved).size);
    }
    db.close();
    report('multiuser_50_learners_p99_ms', percentile(latencies, 99), 'ms');
    report('multiuser_50_learners_p50_ms', percentile(latencies, 50), 'ms');
    report('multiuser_50_learners_open_chapter_p99_ms', percentile(readerMs, 99), 'ms');
    report('multiuser_50_learners_save_term_p99_ms', percentile(saveMs, 99), 'ms');
    report('multiuser_50_learners_requests', latencies.length, 'requests');
    report('multiuser_50_learners_errors', errors, 'errors');
    report('multiuser_50_learners_terms_missing', missing, 'terms');
    report('multiuser_serve_rss_mb', serve.rssMb(), 'MB');
    // Latency figures mean little on a loaded machine: say how loaded it was.
    report('multiuser_bench_load_average_1m', os.loadavg()[0], 'runnable');
  } finally {
    await serve.stop();
  }
}

export default async function accounts(report: Report) {
  await loginFigure(report);
  await overheadFigure(report);
  await learnersFigure(report);
}
