// A shared deck with its audio is often hundreds of MB. Over HTTP the .apkg is streamed to a temporary file and
// only the collection inside is read (by offset): a 260 MB package with a 250 MB media member is inspected and
// imported without the server's memory growing by more than a fraction of it (before: 413 over 200 MB, and the
// whole package in memory below that).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures, tempDir } from '../helpers/core';
import { centralEntry, endRecord, localHeader } from '../helpers/zip-headers';

let dir: string;
const MEDIA_BYTES = 250 * 1024 * 1024;

/** Writes a zip member by member to `file`: small ones deflated, the big media member stored and written in 1 MB chunks. */
function writeDeck(file: string, collection: Uint8Array): void {
  const fd = fs.openSync(file, 'w');
  const central: Buffer[] = [];
  let offset = 0;
  const member = (name: string, method: 0 | 8, size: number, packedSize: number, crc: number, write: () => void) => {
    const fields = { name: Buffer.from(name), method, crc, packedSize, size };
    const local = localHeader(fields);
    fs.writeSync(fd, local);
    write();
    central.push(centralEntry(fields, offset));
    offset += local.length + packedSize;
  };
  const small = (name: string, data: Uint8Array) => {
    const packed = zlib.deflateRawSync(data);
    member(name, 8, data.length, packed.length, zlib.crc32(data) >>> 0, () => fs.writeSync(fd, packed));
  };
  small('collection.anki21', collection);
  small('media', Buffer.from('{"0": "episode.mp3"}'));
  // Not compressible, as audio is not: a pseudo-random megabyte, varied per chunk.
  const chunk = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((Math.imul(i, 2654435761) ^ (i >>> 7)) >>> 0, i);
  const chunks = MEDIA_BYTES / chunk.length;
  let crc = 0;
  for (let n = 0; n < chunks; n++) {
    chunk[0] = n & 0xff;
    crc = zlib.crc32(chunk, crc);
  }
  member('0', 0, MEDIA_BYTES, MEDIA_BYTES, crc >>> 0, () => {
    for (let n = 0; n < chunks; n++) {
      chunk[0] = n & 0xff;
      fs.writeSync(fd, chunk);
    }
  });
  const cd = Buffer.concat(central);
  fs.writeSync(fd, cd);
  fs.writeSync(fd, endRecord(3, cd.length, offset));
  fs.closeSync(fd);
}

/** Posts `file` as the multipart field "file" (plus fields), streamed from disk; samples this process's RSS meanwhile. */
async function postStreamed(urlPath: string, file: string, fields: Record<string, string> = {}): Promise<{ status: number; body: any; peakMb: number }> {
  const boundary = '----lectio-large-deck';
  const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="deck.apkg"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    return await new Promise((resolve, reject) => {
      const req = http.request(
        `${s.baseUrl}${urlPath}`,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + size + tail.length,
            cookie: (s.client as unknown as { cookie: string }).cookie,
            'x-csrf-token': s.client.csrfToken,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), peakMb: (peak - idle) / 1024 / 1024 }),
          );
        },
      );
      req.on('error', reject);
      req.write(head);
      const stream = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
      stream.on('end', () => req.end(tail));
      stream.pipe(req, { end: false });
    });
  } finally {
    clearInterval(timer);
  }
}

const s = withServer();
beforeAll(async () => {
  dir = tempDir('lectio-large-deck-');
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasFixtures)('a 260 MB deck with its audio (needs ../shared/fixtures)', () => {
  it('is inspected and imported from disk, with only the collection read', async () => {
    const small = await JSZip.loadAsync(fs.readFileSync(fixture('apkg', 'taaltuig_spanish-small.apkg')));
    const collection = await small.file('collection.anki21')!.async('uint8array');
    const file = path.join(dir, 'deck-with-audio.apkg');
    writeDeck(file, collection);
    expect(fs.statSync(file).size).toBeGreaterThan(MEDIA_BYTES);

    const inspected = await postStreamed('/api/v1/apkg/inspect', file);
    expect(inspected.status, JSON.stringify(inspected.body)).toBe(200);
    expect(inspected.body).toMatchObject({ collection: 'collection.anki21', note_count: 5 });
    expect(inspected.peakMb).toBeLessThan(100);

    const language = (await s.client.post('/api/v1/languages', { LgName: 'Spanish' })).body.LgID;
    const noteType = inspected.body.note_types[0];
    const imported = await postStreamed('/api/v1/apkg/import-deck', file, {
      language_id: String(language),
      note_type_id: String(noteType.id),
      term_field: noteType.fields[0],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.created).toBeGreaterThan(0);
    expect(imported.peakMb).toBeLessThan(100);
    // The temporary upload is removed once the answer is sent.
    const tmp = path.join(s.core.dataDir, 'tmp');
    await expect.poll(() => (fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((f) => f.startsWith('upload-')) : [])).toEqual([]);
  }, 120_000);

  it('refuses a damaged big package from disk in plain words', async () => {
    const file = path.join(dir, 'cut.apkg');
    const whole = path.join(dir, 'deck-with-audio.apkg');
    // The central directory is at the end: a package cut short has none.
    fs.copyFileSync(whole, file);
    fs.truncateSync(file, fs.statSync(whole).size - 1000);
    const refused = await postStreamed('/api/v1/apkg/inspect', file);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'apkg.notAPackage', error: 'Not an Anki package (.apkg): the file is not a zip archive' });
  }, 60_000);
});
