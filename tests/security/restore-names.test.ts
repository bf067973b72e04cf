// Issue 34 item 4: a restore that would fail after the swap is refused before anything changes. Member names
// are checked against every file system's rules (length, reserved names, trailing spaces, case-insensitive
// collisions with each other and with Lectio's own files such as files/LECTIO.DB); what a backup unpacks to is
// capped relative to the file; abandoned uploads are cleaned at start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { downloadBackup, liveFileHash, rezip, seedLibrary } from '../helpers/backup';
import { centralEntry, endRecord, localHeader } from '../helpers/zip-headers';
import { afterSuccessfulStart } from '../../src-main/modules/backup';

let s: TestServer;
let backupZip: Uint8Array;
beforeAll(async () => {
  s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  await seedLibrary(s);
  backupZip = (await downloadBackup(s.core)).data;
});
afterAll(() => s.close());

const sha = (data: string | Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

/** The backup with extra library files added (listed in the manifest with their true checksums). */
const withFiles = (files: Record<string, string>) =>
  rezip(backupZip, async (zip, manifest) => {
    for (const [name, body] of Object.entries(files)) {
      zip.file(name, body);
      manifest.members[name] = { size: Buffer.byteLength(body), sha256: sha(body) };
    }
  });

async function expectRefused(data: Uint8Array, why: string) {
  const live = liveFileHash(s.core);
  const media = fs.readdirSync(s.core.config.dataDir);
  const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data });
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.params.why.code, JSON.stringify(res.body)).toBe(why);
  expect(liveFileHash(s.core)).toBe(live);
  expect(fs.readdirSync(s.core.config.dataDir).sort()).toEqual(media.sort());
  expect(fs.readdirSync(path.join(s.core.config.dataDir, 'tmp')).filter((n) => n.startsWith('restore-'))).toEqual([]);
}

describe('member names are checked before anything changes', () => {
  it.each([
    ['a name past 255 bytes', { [`files/${'é'.repeat(140)}.txt`]: 'x' }, 'restore.memberNameUnsafe'],
    ['a reserved name', { 'files/media/CON.txt': 'x' }, 'restore.memberNameUnsafe'],
    ['a trailing space', { 'files/media/a.txt ': 'x' }, 'restore.memberNameUnsafe'],
    ['the live database in capitals', { 'files/LECTIO.DB': 'x' }, 'restore.memberLive'],
    ['names differing only in case', { 'files/media/Photo.jpg': 'x', 'files/media/photo.jpg': 'y' }, 'restore.memberCollision'],
  ])('refuses %s', async (_, files, why) => {
    await expectRefused(await withFiles(files), why);
  });
});

describe('unpacked size', () => {
  it('refuses a backup that would unpack to far more than its size, before writing anything', async () => {
    const original = await JSZip.loadAsync(backupZip);
    const manifest = JSON.parse(await original.file('manifest.json')!.async('string'));
    const db = Buffer.from(await original.file('lectio.db')!.async('uint8array'));
    const huge = 300 * 1024 * 1024;
    manifest.members = { 'lectio.db': manifest.members['lectio.db'], 'files/media/zeros.bin': { size: huge, sha256: '0'.repeat(64) } };
    const manifestBytes = Buffer.from(JSON.stringify(manifest));
    // A deflated member that claims 300 MB from a few bytes: stored members, then the claim.
    const members = [
      { name: Buffer.from('lectio.db'), method: 0, crc: zlib.crc32(db), packedSize: db.length, size: db.length, data: db },
      { name: Buffer.from('files/media/zeros.bin'), method: 8, crc: 0, packedSize: 2, size: huge, data: Buffer.from([0x03, 0x00]) },
      {
        name: Buffer.from('manifest.json'),
        method: 0,
        crc: zlib.crc32(manifestBytes),
        packedSize: manifestBytes.length,
        size: manifestBytes.length,
        data: manifestBytes,
      },
    ];
    const parts: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    for (const m of members) {
      const local = Buffer.concat([localHeader(m), m.data]);
      central.push(centralEntry(m, offset));
      parts.push(local);
      offset += local.length;
    }
    const dir = Buffer.concat(central);
    const zip = Buffer.concat([...parts, dir, endRecord(members.length, dir.length, offset)]);
    await expectRefused(zip, 'restore.tooMuchUnpacked');
  });
});

describe('abandoned uploads', () => {
  it('are removed at the next start', () => {
    const tmp = path.join(s.core.config.dataDir, 'tmp');
    fs.mkdirSync(tmp, { recursive: true });
    fs.writeFileSync(path.join(tmp, 'upload-0123456789abcdef01234567'), Buffer.alloc(1024));
    afterSuccessfulStart(s.core.config.dataDir);
    expect(fs.readdirSync(tmp).filter((n) => n.startsWith('upload-'))).toEqual([]);
  });
});
