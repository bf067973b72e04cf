// Backups of a library with large media, in bounded memory: a 300 MB audio file goes through a backup download
// and a restore upload over HTTP byte-identical while this process's RSS grows by < 100 MB and the event loop
// keeps answering; a zip bomb (a member inflating past its declared size) is refused and leaves nothing staged;
// the synchronous writer (the backup before migrations) makes an archive the restore accepts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileSource, listZip, readEntry } from '../../src-main/modules/backup/zip-reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../src-main/core/paths';
import { writeBackupSync } from '../../src-main/modules/backup/archive';
import { startTestServer, tempDir, type TestServer } from '../helpers/core';
import { liveFileHash, seedLibrary, tableChecksums } from '../helpers/backup';
import { downloadTo, fileSha256, loopLag, sampleRss, session, uploadFrom, writeBigFile } from '../helpers/streams';
import { centralEntry, endRecord, localHeader } from '../helpers/zip-headers';

const MB = 1024 * 1024;
let s: TestServer;
let auth: { cookie: string; csrf: string };
const outside = tempDir('lectio-backup-large-');
const archive = path.join(outside, 'backup.zip');
let mediaSha: string;
let notesSha: string;

const media = () => path.join(s.core.dataDir, 'media', 'audio', 'long lesson.mp3');
const notes = () => path.join(s.core.dataDir, 'exports', 'words.csv');
/** What a backup or restore may leave in the data folder's tmp/ while it runs (none once it is over). */
const leftovers = () =>
  (fs.existsSync(path.join(s.core.dataDir, 'tmp')) ? fs.readdirSync(path.join(s.core.dataDir, 'tmp')) : []).filter((n) => !/^lemma/.test(n));
const preparedFiles = () => fs.readdirSync(s.core.dataDir).filter((n) => /\.restore-/.test(n));

async function until(check: () => boolean, ms = 3000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (check()) return true;
  return check();
}

beforeAll(async () => {
  s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  await seedLibrary(s);
  fs.mkdirSync(path.dirname(media()), { recursive: true });
  mediaSha = writeBigFile(media(), 300 * MB);
  // A large compressible member: deflated (on zlib's thread pool) while the loop keeps running.
  fs.mkdirSync(path.dirname(notes()), { recursive: true });
  fs.writeFileSync(notes(), Buffer.from('Wort;word;3;Ein Wort im Satz.\n'.repeat(800_000)));
  notesSha = crypto.createHash('sha256').update(fs.readFileSync(notes())).digest('hex');
  auth = await session(s.baseUrl);
}, 120_000);
afterAll(async () => {
  await s?.close();
  fs.rmSync(outside, { recursive: true, force: true });
});

describe('a library with 300 MB of audio', () => {
  let before: Record<string, string>;

  it('backs up over HTTP streamed from disk: bounded memory, a responsive event loop, no temp file left', async () => {
    before = tableChecksums(s.core.sqlite);
    const rss = sampleRss();
    const lag = loopLag();
    const res = await downloadTo(`${s.baseUrl}/api/v1/backup`, auth.cookie, archive);
    const worstLag = lag.stop();
    const grew = rss.stop();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['content-disposition']).toMatch(/lectio-backup-.*\.zip/);
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(archive).size);
    expect(fs.statSync(archive).size).toBeGreaterThan(300 * MB);
    console.log(`backup: RSS +${grew.toFixed(1)} MB, worst event-loop lag ${worstLag.toFixed(0)} ms`);
    expect(grew).toBeLessThan(100);
    expect(worstLag).toBeLessThan(200);
    expect(await until(() => leftovers().length === 0), leftovers().join(', ')).toBe(true);
  }, 300_000);

  it('the archive holds the audio stored and the text deflated, each matching the manifest', async () => {
    // Read through the restore's own reader, by offset: the central directory and the manifest only.
    const fd = fs.openSync(archive, 'r');
    try {
      const src = fileSource(fd);
      const entries = new Map(listZip(src, { maxEntries: 100, maxTotalBytes: 2 ** 32 }).map((e) => [e.name, e]));
      expect([...entries.keys()].pop()).toBe('manifest.json'); // written last: it needs every member's SHA-256
      const manifest = JSON.parse(readEntry(src, entries.get('manifest.json')!).toString('utf8'));
      expect(manifest.members['files/media/audio/long lesson.mp3']).toEqual({ sha256: mediaSha, size: 300 * MB });
      expect(manifest.members['files/exports/words.csv']).toEqual({ sha256: notesSha, size: fs.statSync(notes()).size });
      const audio = entries.get('files/media/audio/long lesson.mp3')!;
      expect([audio.method, audio.compressedSize]).toEqual([0, 300 * MB]);
      const text = entries.get('files/exports/words.csv')!;
      expect(text.method).toBe(8);
      expect(text.compressedSize).toBeLessThan(text.size / 10);
      expect(entries.get('lectio.db')!.method).toBe(8);
    } finally {
      fs.closeSync(fd);
    }
  });

  it('restores over HTTP from an upload streamed to disk: the audio comes back byte-identical, memory bounded', async () => {
    fs.rmSync(media());
    fs.rmSync(notes());
    await s.client.post('/api/v1/database/empty', { confirm: 'EMPTY' });
    const rss = sampleRss();
    const lag = loopLag();
    const res = await uploadFrom(`${s.baseUrl}/api/v1/backup/restore`, auth, archive, 'backup.zip');
    const worstLag = lag.stop();
    const grew = rss.stop();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.files).toBe(2);
    console.log(`restore: RSS +${grew.toFixed(1)} MB, worst event-loop lag ${worstLag.toFixed(0)} ms`);
    expect(grew).toBeLessThan(100);
    expect(await fileSha256(media())).toBe(mediaSha);
    expect(await fileSha256(notes())).toBe(notesSha);
    expect(tableChecksums(s.core.sqlite)).toEqual(before);
    expect(preparedFiles()).toEqual([]);
    expect(await until(() => leftovers().length === 0), leftovers().join(', ')).toBe(true);
  }, 300_000);

  it('a download abandoned while the archive is being written leaves no temporary file', async () => {
    const abort = new AbortController();
    const request = fetch(`${s.baseUrl}/api/v1/backup`, { headers: { cookie: auth.cookie }, signal: abort.signal }).catch(() => undefined);
    expect(await until(() => leftovers().some((n) => /^backup-.*\.zip\.tmp$/.test(n)), 10_000)).toBe(true);
    abort.abort();
    await request;
    expect(await until(() => leftovers().length === 0, 15_000), leftovers().join(', ')).toBe(true);
  }, 60_000);
});

/** A zip written by hand, so a member can lie about its size. */
function handZip(members: { name: string; body: Buffer; method: number; size: number; crc: number }[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const fields = { name: Buffer.from(m.name), method: m.method, crc: m.crc, packedSize: m.body.length, size: m.size };
    const local = localHeader(fields);
    parts.push(local, m.body);
    central.push(centralEntry(fields, offset));
    offset += local.length + m.body.length;
  }
  const cd = Buffer.concat(central);
  return Buffer.concat([...parts, cd, endRecord(members.length, cd.length, offset)]);
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const stored = (name: string, body: Buffer) => ({ name, body, method: 0, size: body.length, crc: zlib.crc32(body) });

/** A backup archive by hand: `members` in order, then a manifest listing `listed` (name → the bytes it claims). */
function handBackup(members: ReturnType<typeof stored>[], listed: Record<string, Buffer>): Buffer {
  const manifest = {
    format: 'lectio-backup',
    formatVersion: 1,
    appVersion: 'x',
    schemaVersion: '',
    migrations: [],
    createdAt: new Date().toISOString(),
    scope: 'all',
    counts: {},
    members: Object.fromEntries(Object.entries(listed).map(([name, b]) => [name, { sha256: sha(b), size: b.length }])),
  };
  return handZip([...members, stored('manifest.json', Buffer.from(JSON.stringify(manifest)))]);
}

/** Uploads a refused archive: the answer's text, and that nothing was staged, prepared, moved in or changed. */
async function expectRefusedLeavingNothing(zip: Buffer, error: string, absent: string[]): Promise<number> {
  const live = liveFileHash(s.core);
  const rss = sampleRss();
  const res = await s.client.upload('/api/v1/backup/restore', { name: 'hostile.zip', data: zip });
  const grew = rss.stop();
  expect(res.status).toBe(400);
  expect(res.body.error).toBe(`Restore refused, nothing was changed: ${error}`);
  for (const rel of absent) expect(fs.existsSync(path.join(s.core.dataDir, ...rel.split('/'))), rel).toBe(false);
  expect(preparedFiles()).toEqual([]);
  expect(await until(() => leftovers().length === 0), leftovers().join(', ')).toBe(true);
  expect(liveFileHash(s.core)).toBe(live);
  return grew;
}

describe('hostile and synchronous archives', () => {
  // The database member is extracted (beside the live file) before the files: its bytes need not be a database.
  const db = crypto.randomBytes(256 * 1024);

  it('a member that inflates past its declared size is refused; nothing staged or prepared is left, the library unchanged', async () => {
    const small = Buffer.from('a small cover');
    // 200 MB of zeros deflate to ~200 KB; the entry claims the 13 bytes of `small`, with their CRC and SHA-256.
    const bomb = { name: 'files/covers/bomb.jpg', body: zlib.deflateRawSync(Buffer.alloc(200 * MB)), method: 8, size: small.length, crc: zlib.crc32(small) };
    const zip = handBackup([stored('lectio.db', db), bomb], { 'lectio.db': db, 'files/covers/bomb.jpg': small });
    const grew = await expectRefusedLeavingNothing(zip, 'files/covers/bomb.jpg is damaged in the archive.', ['covers/bomb.jpg']);
    expect(grew).toBeLessThan(100);
  }, 120_000);

  it('a checksum mismatch after other members were staged removes them all', async () => {
    const a = Buffer.from('first file, staged');
    const b = Buffer.from('second file');
    const zip = handBackup([stored('lectio.db', db), stored('files/notes/a.txt', a), stored('files/notes/b.txt', b)], {
      'lectio.db': db,
      'files/notes/a.txt': a,
      'files/notes/b.txt': Buffer.from('second filE'),
    });
    await expectRefusedLeavingNothing(zip, 'the checksum of files/notes/b.txt does not match the manifest (the file was changed or damaged).', [
      'notes/a.txt',
      'notes/b.txt',
    ]);
  });

  it('a database refused after every member was staged removes the staged files', async () => {
    const a = Buffer.from('a staged file');
    const zip = handBackup([stored('lectio.db', db), stored('files/notes/a.txt', a)], { 'lectio.db': db, 'files/notes/a.txt': a });
    await expectRefusedLeavingNothing(zip, 'the database in the backup is damaged (it is not an SQLite database).', ['notes/a.txt']);
  });

  it('the synchronous writer (backup before migrations) stores members, and the restore accepts its archive', async () => {
    fs.mkdirSync(path.join(s.core.dataDir, 'covers'), { recursive: true });
    const cover = path.join(s.core.dataDir, 'covers', '7.png');
    const coverSha = writeBigFile(cover, 3 * MB + 17);
    const target = path.join(outside, 'sync.zip');
    const written = writeBackupSync(s.core.sqlite, { dataDir: s.core.dataDir, migrationsFolder: migrationsDir(), now: new Date() }, target);
    expect(written.size).toBe(fs.statSync(target).size);
    expect(fs.existsSync(`${target}.tmp`)).toBe(false);
    expect(written.manifest.members['files/covers/7.png']).toEqual({ sha256: coverSha, size: 3 * MB + 17 });
    const rows = tableChecksums(s.core.sqlite);
    fs.rmSync(cover);
    const res = await uploadFrom(`${s.baseUrl}/api/v1/backup/restore`, auth, target, 'sync.zip');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await fileSha256(cover)).toBe(coverSha);
    expect(tableChecksums(s.core.sqlite)).toEqual(rows);
  }, 300_000);

  it('a library larger than a restore accepts (64 GB) is refused with its message before anything is written', async () => {
    const dir = path.join(s.core.dataDir, 'media', 'huge');
    fs.mkdirSync(dir, { recursive: true });
    try {
      // Sparse files: nothing is read, the sizes alone decide.
      for (const name of ['one.mp4', 'two.mp4']) {
        fs.writeFileSync(path.join(dir, name), '');
        fs.truncateSync(path.join(dir, name), 33 * 1024 * MB);
      }
      const res = await s.client.get('/api/v1/backup');
      expect(res.status).toBe(413);
      expect(res.body.error).toBe('The backup would be larger than 64 GB, which this version cannot restore');
      expect(await until(() => leftovers().length === 0), leftovers().join(', ')).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
