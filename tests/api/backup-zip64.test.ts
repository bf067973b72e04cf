// zip64: archives over 4 GB (a library with many 500 MB videos) get zip64 fields. Here the writer is told to use
// them from the first byte, so a small archive has them everywhere: an independent reader (jszip) reads it, and
// the restore over HTTP accepts it with the library and files coming back whole.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFileWriter } from '../../src-main/modules/backup/zip-writer';
import { bufferSource, extractEntry, fileSource, listZip, readEntry } from '../../src-main/modules/backup/zip-reader';
import type { FileResult } from '../../src-shared/contract/endpoint';
import { startTestServer, tempDir, type TestServer } from '../helpers/core';
import { seedLibrary, tableChecksums } from '../helpers/backup';
import { fileSha256, session, uploadFrom, writeBigFile } from '../helpers/streams';

let s: TestServer;
const work = tempDir('lectio-zip64-');
const zip64File = path.join(work, 'zip64.zip');
let coverSha: string;
const cover = () => path.join(s.core.dataDir, 'covers', '3.jpg');

beforeAll(async () => {
  s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  await seedLibrary(s);
  fs.mkdirSync(path.dirname(cover()), { recursive: true });
  coverSha = writeBigFile(cover(), 2 * 1024 * 1024 + 5);
  fs.writeFileSync(path.join(s.core.dataDir, 'notes.txt'), 'deflated member\n'.repeat(10_000));
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('zip64 archives', () => {
  it('a backup rewritten with zip64 fields everywhere is read by jszip with the same bytes', async () => {
    const backup = Buffer.from(((await s.core.dispatch('backup.download', {})) as FileResult).data);
    const src = bufferSource(backup);
    const entries = listZip(src, { maxEntries: 100, maxTotalBytes: 2 ** 40 });
    const fd = fs.openSync(zip64File, 'w');
    try {
      const zip = new ZipFileWriter(fd, new Date(), 0);
      for (const e of entries) {
        if (e.name === 'manifest.json') {
          zip.addBytesSync(e.name, readEntry(src, e));
          continue;
        }
        const staged = path.join(work, 'member');
        await extractEntry(src, e, staged);
        const handle = await fs.promises.open(staged, 'r');
        try {
          await zip.addFile(e.name, handle, { deflate: e.method === 8 });
        } finally {
          await handle.close();
        }
      }
      zip.finish();
    } finally {
      fs.closeSync(fd);
    }
    const written = fs.readFileSync(zip64File);
    // The zip64 end record and its locator precede the end record; the classic fields point there.
    expect(written.readUInt32LE(written.length - 22 - 20)).toBe(0x07064b50);
    expect(written.readUInt32LE(written.length - 22 - 20 - 56)).toBe(0x06064b50);
    expect(written.readUInt32LE(written.length - 22 + 16)).toBe(0xffffffff);
    const reader = fs.openSync(zip64File, 'r');
    try {
      const again = listZip(fileSource(reader), { maxEntries: 100, maxTotalBytes: 2 ** 40 });
      expect(again.map((e) => [e.name, e.size, e.crc, e.method])).toEqual(entries.map((e) => [e.name, e.size, e.crc, e.method]));
      expect(again.every((e) => e.localOffset >= 0)).toBe(true);
    } finally {
      fs.closeSync(reader);
    }
    const jszip = await JSZip.loadAsync(written);
    const original = await JSZip.loadAsync(backup);
    for (const e of entries) {
      const a = await jszip.file(e.name)!.async('uint8array');
      const b = await original.file(e.name)!.async('uint8array');
      expect(crypto.createHash('sha256').update(a).digest('hex'), e.name).toBe(crypto.createHash('sha256').update(b).digest('hex'));
    }
  });

  it('the restore over HTTP accepts the zip64 archive: rows and files come back whole', async () => {
    const before = tableChecksums(s.core.sqlite);
    fs.rmSync(cover());
    await s.client.post('/api/v1/database/empty', { confirm: 'EMPTY' });
    const res = await uploadFrom(`${s.baseUrl}/api/v1/backup/restore`, await session(s.baseUrl), zip64File, 'zip64.zip');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.files).toBe(2);
    expect(await fileSha256(cover())).toBe(coverSha);
    expect(tableChecksums(s.core.sqlite)).toEqual(before);
  });

  it('hostile zip64 fields are refused as a damaged archive, the library unchanged', async () => {
    const good = fs.readFileSync(zip64File);
    const eocd = good.length - 22;
    const locatorAt = eocd - 20;
    const end64At = locatorAt - 56;
    const variants: [string, (b: Buffer) => void][] = [
      ['the locator points past the archive', (b) => b.writeBigUInt64LE(BigInt(good.length) * 4n, locatorAt + 8)],
      ['the locator is missing', (b) => b.writeUInt32LE(0, locatorAt)],
      ['a central directory offset past 2^53', (b) => b.writeBigUInt64LE(2n ** 60n, end64At + 48)],
      ['a central directory larger than the archive', (b) => b.writeBigUInt64LE(BigInt(good.length), end64At + 40)],
      // The first entry's zip64 extra field renamed: its sizes cannot be found.
      [
        'an entry without its zip64 extra field',
        (b) => b.writeUInt16LE(0x9999, Number(b.readBigUInt64LE(end64At + 48)) + 46 + b.readUInt16LE(Number(b.readBigUInt64LE(end64At + 48)) + 28)),
      ],
    ];
    const live = tableChecksums(s.core.sqlite);
    for (const [why, edit] of variants) {
      const bad = Buffer.from(good);
      edit(bad);
      expect(() => listZip(bufferSource(bad), { maxEntries: 100, maxTotalBytes: 2 ** 40 }), why).toThrow(/damaged central directory/);
      const res = await s.client.upload('/api/v1/backup/restore', { name: 'bad64.zip', data: bad });
      expect(res.status, why).toBe(400);
      expect(res.body.error, why).toBe('Restore refused, nothing was changed: damaged central directory.');
    }
    expect(tableChecksums(s.core.sqlite)).toEqual(live);
  });
});
