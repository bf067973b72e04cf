// Builders of hostile files (the probe of issue 21) and the checks every refusal must pass: a 4xx with a
// clear message, /api/v1/version answering within 1 s during and after, no rows added, integrity_check ok,
// and the process's peak RSS (the server runs in this process, its workers too) under 600 MB.
import http from 'node:http';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { expect } from 'vitest';
import type { TestServer } from '../helpers/core';
import { testSqlJs, zstdStored } from '../helpers/apkg';

export const RSS_LIMIT = 600 * 1024 * 1024;

/** Every table's row count: "no rows added" compares two of these. */
export function tableCounts(s: TestServer): Record<string, number> {
  const tables = s.core.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  return Object.fromEntries(tables.map(({ name }) => [name, (s.core.sqlite.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n]));
}

/** Pings /api/v1/version every 25 ms and samples RSS while `work` runs; returns the slowest answer and peak RSS. */
export async function whileWatching<T>(baseUrl: string, work: () => Promise<T>): Promise<{ result: T; slowestMs: number; peakRss: number; pings: number }> {
  let slowest = 0;
  let pings = 0;
  let peakRss = process.memoryUsage.rss();
  let running = true;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
  const pinger = (async () => {
    while (running) {
      const t = performance.now();
      // A new connection per ping: a pooled keep-alive socket can race the server's idle timeout after a stall.
      const status = await new Promise<number>((resolve, reject) => {
        http.get(`${baseUrl}/api/v1/version`, { agent: false }, (res) => res.resume().on('end', () => resolve(res.statusCode ?? 0))).on('error', reject);
      });
      expect(status).toBe(200);
      slowest = Math.max(slowest, performance.now() - t);
      pings++;
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  try {
    const result = await work();
    return { result, slowestMs: slowest, peakRss, pings };
  } finally {
    running = false;
    clearInterval(sampler);
    await pinger;
  }
}

/**
 * A multipart upload through node:http with the client's cookie and token (fetch's FormData streaming was reset
 * by undici on 50 MB bodies after the server had answered; node:http reads the answer reliably).
 */
export function rawUpload(
  s: TestServer,
  route: string,
  file: { name: string; data: Uint8Array },
  fields: Record<string, string> = {},
): () => Promise<{ status: number; text: string; body: { error: string } }> {
  const boundary = `lectio${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  // Sent part by part (no copy of a 50 MB file into one body): the RSS measured is the server's, in this process.
  const length = parts.reduce((n, p) => n + p.length, 0);
  const cookie = (s.client as unknown as { cookie: string }).cookie;
  // The parts are built before the upload starts: building them would block this (the test's) event loop too.
  return () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        s.baseUrl + route,
        {
          method: 'POST',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length, cookie, 'x-csrf-token': s.client.csrfToken },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: { error: string } = { error: '' };
            try {
              parsed = JSON.parse(text) as { error: string };
            } catch {
              /* not JSON */
            }
            resolve({ status: res.statusCode ?? 0, text, body: parsed });
          });
        },
      );
      req.on('error', reject);
      for (const part of parts.slice(0, -1)) req.write(part);
      req.end(parts[parts.length - 1]);
    });
}

/** Uploads a hostile file and asserts the whole contract of a refusal. */
export async function expectRefusedSafely(
  s: TestServer,
  route: string,
  file: { name: string; data: Uint8Array },
  message: RegExp,
  fields: Record<string, string> = {},
  maxLatencyMs = 1000,
) {
  const before = tableCounts(s);
  const send = rawUpload(s, route, file, fields);
  const watched = await whileWatching(s.baseUrl, send);
  const res = watched.result;
  expect(res.status, `${file.name}: ${res.text}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${file.name}: ${res.text}`).toBeLessThan(500);
  expect(res.body.error).toMatch(message);
  expect(watched.slowestMs, `${file.name}: /api/v1/version answered in ${Math.round(watched.slowestMs)} ms during the upload`).toBeLessThan(maxLatencyMs);
  expect(watched.peakRss, `${file.name}: peak RSS ${Math.round(watched.peakRss / 1024 / 1024)} MB`).toBeLessThan(RSS_LIMIT);
  const t = performance.now();
  expect((await s.client.get('/api/v1/version')).status).toBe(200);
  expect(performance.now() - t).toBeLessThan(1000);
  expect(tableCounts(s)).toEqual(before);
  expect(s.core.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  return res;
}

// ---- Anki packages -------------------------------------------------------------------------------------

const ENDLESS = 'WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r)';
const CARDS =
  'CREATE TABLE cards (id INTEGER PRIMARY KEY, nid INTEGER, did INTEGER, ord INTEGER, mod INTEGER, usn INTEGER, type INTEGER, queue INTEGER, due INTEGER, ivl INTEGER, factor INTEGER, reps INTEGER, lapses INTEGER, left INTEGER, odue INTEGER, odid INTEGER, flags INTEGER, data TEXT)';
const NOTES =
  'CREATE TABLE notes (id INTEGER PRIMARY KEY, guid TEXT, mid INTEGER, mod INTEGER, usn INTEGER, tags TEXT, flds TEXT, sfld TEXT, csum INTEGER, flags INTEGER, data TEXT)';
const COL =
  'CREATE TABLE col (id INTEGER PRIMARY KEY, crt INTEGER, mod INTEGER, scm INTEGER, ver INTEGER, dty INTEGER, usn INTEGER, ls INTEGER, conf TEXT, models TEXT, decks TEXT, dconf TEXT, tags TEXT)';
const MODELS = JSON.stringify({
  '1': {
    id: 1,
    name: 'Basic',
    flds: [
      { name: 'Front', ord: 0 },
      { name: 'Back', ord: 1 },
    ],
  },
});

export interface RawZipEntry {
  name: string;
  /** The member's bytes as stored: raw deflate when `deflated`. */
  data: Uint8Array;
  deflated?: boolean;
  crc?: number;
  /** The uncompressed size the headers claim (a lie in a bomb); the real size by default. */
  declaredSize?: number;
}

/**
 * A zip written byte by byte (local headers, central directory, end record) with native zlib: JSZip spent 8 s on
 * 10,001 one-byte members and 3.5 s deflating 64 MB in JavaScript, most of the suite's setup time.
 */
export function rawZip(entries: RawZipEntry[]): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const crc = e.crc ?? zlib.crc32(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.deflated ? 8 : 0, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(e.deflated ? 8 : 0, 10);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    locals.push(local, name, Buffer.from(e.data));
    central.push(dir, name);
    offset += local.length + name.length + e.data.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, dirBytes, end]));
}

/** A schema-11 collection built from statements, zipped as collection.anki2 (a few hundred bytes). */
export async function apkgFrom(statements: string[], name = 'collection.anki2'): Promise<Uint8Array> {
  const SQL = await testSqlJs();
  const db = new SQL.Database();
  for (const sql of statements) db.run(sql);
  const zip = new JSZip();
  zip.file(name, db.export());
  zip.file('media', '{}');
  db.close();
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const colRow = `INSERT INTO col VALUES (1, 0, 0, 0, 11, 0, 0, 0, '{}', '${MODELS}', '{}', '{}', '{}')`;

export const hostileApkgs = {
  /** Item 1: `col` is a view over an endless recursive CTE. */
  recursiveCol: () => apkgFrom([NOTES, CARDS, `CREATE VIEW col AS ${ENDLESS} SELECT x AS ver, '{}' AS models FROM r`]),
  recursiveNotes: () => apkgFrom([COL, colRow, CARDS, `CREATE VIEW notes AS ${ENDLESS} SELECT x AS id, 'g' AS guid, 1 AS mid, '' AS tags, 'a' AS flds FROM r`]),
  randomblobNotes: () =>
    apkgFrom([COL, colRow, CARDS, `CREATE VIEW notes AS ${ENDLESS} SELECT x AS id, 'g' AS guid, 1 AS mid, '' AS tags, hex(randomblob(100000)) AS flds FROM r`]),
  notetypesView: () => apkgFrom([COL, colRow, NOTES, CARDS, `CREATE VIEW notetypes AS ${ENDLESS} SELECT x AS id, 'n' AS name FROM r`]),
  trigger: () => apkgFrom([COL, colRow, NOTES, CARDS, 'CREATE TRIGGER t AFTER INSERT ON notes BEGIN DELETE FROM cards; END']),
  /** Item 10: a collection.anki21b whose zstd header declares 1.5 GB. */
  zstdDeclaredBomb: async () => {
    const frame = Buffer.from(zstdStored(new Uint8Array(16)));
    frame.writeBigUInt64LE(1_500_000_000n, 5);
    const zip = new JSZip();
    zip.file('collection.anki21b', frame);
    zip.file('collection.anki2', 'stub');
    return zip.generateAsync({ type: 'uint8array' });
  },
  /** Item 10: a zstd frame with no content size whose RLE blocks unpack to 1.5 GB. */
  zstdRleBomb: async () => {
    const header = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58]); // no content size, 8 MB window
    const blocks: Buffer[] = [];
    const n = Math.ceil(1_500_000_000 / (128 * 1024));
    for (let i = 0; i < n; i++) {
      const last = i === n - 1 ? 1 : 0;
      const h = ((128 * 1024) << 3) | (1 << 1) | last; // RLE block of 128 KB
      blocks.push(Buffer.from([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff, 0x41]));
    }
    const zip = new JSZip();
    zip.file('collection.anki21b', Buffer.concat([header, ...blocks]));
    return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
  },
  corruptZstd: async () => {
    const zip = new JSZip();
    zip.file('collection.anki21b', Buffer.concat([Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x20, 0x10]), Buffer.alloc(64, 0xff)]));
    return zip.generateAsync({ type: 'uint8array' });
  },
  /** Item 10: a zip entry declaring 1,000 bytes that inflates to 64 MB. */
  lyingZipEntry: async () => {
    const big = new Uint8Array(64 * 1024 * 1024);
    return rawZip([{ name: 'collection.anki2', data: zlib.deflateRawSync(big, { level: 9 }), deflated: true, crc: zlib.crc32(big), declaredSize: 1000 }]);
  },
  notAZip: async () => new Uint8Array(Buffer.from('PK\x03\x04 this is not really a zip file at all')),
};

// ---- dictionaries --------------------------------------------------------------------------------------

export interface PackFile {
  name: string;
  data: Uint8Array;
}

function ifo(wordcount: number): Buffer {
  return Buffer.from(`StarDict's dict ifo file\nversion=2.4.2\nbookname=hostile\nwordcount=${wordcount}\nsametypesequence=m\n`);
}

/** Item 2: `entries` .idx entries all pointing at the same `size`-byte region of the .dict. */
export function overlappingStarDict(entries: number, size: number): PackFile[] {
  const dict = Buffer.alloc(size, 0x61);
  const idx: Buffer[] = [];
  for (let i = 0; i < entries; i++) {
    const tail = Buffer.alloc(8);
    tail.writeUInt32BE(0, 0);
    tail.writeUInt32BE(size, 4);
    idx.push(Buffer.from(`w${i}\0`), tail);
  }
  return [
    { name: 'd/x.ifo', data: ifo(entries) },
    { name: 'd/x.idx', data: Buffer.concat(idx) },
    { name: 'd/x.dict', data: dict },
  ];
}

export async function zipOf(files: PackFile[]): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const f of files) zip.file(f.name, f.data);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

export function randomBytes(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

export const gzipBomb = () => zlib.gzipSync(new Uint8Array(40 * 1024 * 1024));
