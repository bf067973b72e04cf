// Security (issue 21): how fast a hostile .apkg is refused, and how the server answers GET /api/v1/version
// (over real HTTP, in this process: the event loop the desktop app's IPC shares) while a bomb is refused and
// while a 600k-row dictionary and a 100k-row term list are imported.
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import initSqlJs from 'sql.js';
import type { Report } from './run';
import { benchCore, ms, now, percentile, sized } from './helpers';
import { createHttpServer } from '../src-main/http/server';
import { rendererDir } from '../src-main/core/paths';

/** Rows of the dictionary and of the term list imported while the server is pinged. */
const DICTIONARY_ROWS = sized(600_000, 20_000);
const TERM_ROWS = sized(100_000, 5_000);
/** Times each hostile package is refused. */
const REFUSALS = sized(3, 1);

async function recursiveColApkg(): Promise<Uint8Array> {
  const wasm = createRequire(import.meta.url).resolve('sql.js/dist/sql-wasm.wasm');
  const SQL = await initSqlJs({ locateFile: () => wasm });
  const db = new SQL.Database();
  db.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, guid TEXT, mid INTEGER, tags TEXT, flds TEXT)');
  db.run('CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER, type INTEGER, queue INTEGER, ivl INTEGER)');
  db.run("CREATE VIEW col AS WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x AS ver, '{}' AS models FROM r");
  const zip = new JSZip();
  zip.file('collection.anki2', db.export());
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

async function rleBombApkg(): Promise<Uint8Array> {
  const header = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58]);
  const blocks: Buffer[] = [];
  const n = Math.ceil(1_500_000_000 / (128 * 1024));
  for (let i = 0; i < n; i++) {
    const h = ((128 * 1024) << 3) | (1 << 1) | (i === n - 1 ? 1 : 0);
    blocks.push(Buffer.from([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff, 0x41]));
  }
  const zip = new JSZip();
  zip.file('collection.anki21b', Buffer.concat([header, ...blocks]));
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

/** Pings /api/v1/version every 10 ms on a keep-alive connection while `work` runs; returns the latencies. */
async function pingDuring(port: number, work: () => Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples: number[] = [];
  let running = true;
  const get = () =>
    new Promise<void>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/api/v1/version', agent }, (res) => res.resume().on('end', resolve)).on('error', reject);
    });
  await get();
  const loop = (async () => {
    while (running) {
      const t = now();
      await get();
      samples.push(ms(t));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    await work();
  } catch {
    /* refusals are expected */
  } finally {
    running = false;
    await loop;
    agent.destroy();
  }
  return samples;
}

export default async function (report: Report) {
  const core = benchCore({ LECTIO_RATE_LIMIT_API_PER_MINUTE: '1000000' });
  const server = createHttpServer(core, { rendererDir: rendererDir() });
  await server.listen(0, '127.0.0.1');
  const port = (server.server.address() as AddressInfo).port;
  try {
    const lang = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
    const hostile = await recursiveColApkg();
    // Warm-up: sql.js and the worker entry load once per process.
    await core.dispatch('apkg.inspect', { file: { filename: 'w.apkg', data: new Uint8Array(Buffer.from('PK junk')) } }).catch(() => undefined);

    const refusals: number[] = [];
    for (let i = 0; i < REFUSALS; i++) {
      const t = now();
      const err = await core.dispatch('apkg.inspect', { file: { filename: 'col.apkg', data: hostile } }).catch((e: Error) => e);
      if (!(err instanceof Error) || !/is a view/.test(err.message)) throw new Error(`hostile package not refused: ${String(err)}`);
      refusals.push(ms(t));
    }
    report('hostile_apkg_refused_ms', Math.round(percentile(refusals, 50)), 'ms');

    const bomb = await rleBombApkg();
    const duringBomb = await pingDuring(port, async () => {
      for (let i = 0; i < REFUSALS; i++) await core.dispatch('apkg.inspect', { file: { filename: 'bomb.apkg', data: bomb } }).catch(() => undefined);
    });
    report('server_p99_during_bomb_ms', percentile(duringBomb, 99), 'ms');

    const rows: string[] = ['term\tdefinition'];
    for (let i = 0; i < DICTIONARY_ROWS; i++) rows.push(`word${i}\tdefinition number ${i}, a short gloss`);
    const tsv = Buffer.from(rows.join('\n'));
    let imported = 0;
    const t = now();
    const duringImport = await pingDuring(port, async () => {
      imported = ((await core.dispatch('dictionaries.upload', { language_id: lang.LgID, file: { filename: 'big.tsv', data: tsv } })) as { imported: number })
        .imported;
    });
    if (imported !== DICTIONARY_ROWS) throw new Error(`imported ${imported} of ${DICTIONARY_ROWS}`);
    report('dict_import_600k_ms', Math.round(ms(t)), 'ms');
    report('server_p99_during_import_ms', percentile(duringImport, 99), 'ms');

    // Terms import: parsed and validated in a worker, stored in slices on this (the main) thread.
    const termLang = (await core.dispatch('languages.create', { LgName: 'Bench Terms' })) as { LgID: number };
    const termRows: string[] = ['term\ttranslation\tstatus\ttags'];
    for (let i = 0; i < TERM_ROWS; i++) termRows.push(`wort${i}\tword number ${i}\t${(i % 5) + 1}\ttag${i % 20}`);
    const termFile = { filename: 'terms.tsv', data: Buffer.from(termRows.join('\n')) };
    let created = 0;
    const tt = now();
    const duringTerms = await pingDuring(port, async () => {
      created = ((await core.dispatch('terms.import', { language_id: termLang.LgID, file: termFile })) as { created: number }).created;
    });
    if (created !== TERM_ROWS) throw new Error(`created ${created} of ${TERM_ROWS} terms`);
    report('terms_import_100k_ms', Math.round(ms(tt)), 'ms');
    report('server_p99_during_terms_import_ms', percentile(duringTerms, 99), 'ms');
  } finally {
    await server.close();
    core.cleanup();
  }
}
