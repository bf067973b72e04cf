// Runs in: main. The in-memory archive reader on hostile and odd archives: zips jszip would accept but
// whose listing or sizes must be refused, and tar variants (pax, GNU long names, v7, links, truncation).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { pack as tarPack } from 'tar-stream';
import { ARCHIVE_LIMITS, openArchive, safeEntryPath, type ArchiveLimits } from './archive';

const CEN = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
const LOC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

async function zipOf(files: Record<string, Uint8Array | string>, compression: 'STORE' | 'DEFLATE' = 'DEFLATE'): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(files)) zip.file(name, data, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression });
}

/** Rewrites a field at `at` bytes into every header with signature `sig`. */
function patchHeaders(zip: Buffer, sig: Buffer, at: number, write: (buf: Buffer, offset: number) => void) {
  for (let p = zip.indexOf(sig); p >= 0; p = zip.indexOf(sig, p + 4)) write(zip, p + at);
}

async function tarOf(entries: { name: string; data?: string; type?: 'file' | 'symlink' | 'directory'; linkname?: string }[]): Promise<Buffer> {
  const p = tarPack();
  for (const e of entries) p.entry({ name: e.name, type: e.type ?? 'file', linkname: e.linkname }, e.data ?? '');
  p.finalize();
  const chunks: Buffer[] = [];
  for await (const c of p) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const text = (u: Uint8Array) => Buffer.from(u).toString('utf8');

describe('safeEntryPath', () => {
  it('normalises harmless paths and refuses escapes, absolute paths, drive letters and backslash tricks', () => {
    expect(safeEntryPath('./dir//a.ifo')).toBe('dir/a.ifo');
    expect(safeEntryPath('dir\\sub\\a.ifo')).toBe('dir/sub/a.ifo');
    for (const bad of ['/etc/passwd', '\\etc\\passwd', 'C:/x', 'c:\\x', '\\\\server\\share\\x']) expect(() => safeEntryPath(bad), bad).toThrow(/absolute path/);
    for (const bad of ['../x', 'a/../../x', 'a\\..\\..\\x', 'a/..']) expect(() => safeEntryPath(bad), bad).toThrow(/climbs out of its folder/);
    expect(() => safeEntryPath('a\0b')).toThrow(/NUL byte/);
  });
});

describe('zip (jszip)', () => {
  it('lists files (not folders) and reads stored, deflated and empty entries', async () => {
    const data = randomBytes(100_000);
    for (const method of ['STORE', 'DEFLATE'] as const) {
      const zip = new JSZip();
      zip.folder('d');
      zip.file('d/a.bin', data);
      zip.file('d/empty.txt', '');
      const archive = await openArchive(await zip.generateAsync({ type: 'nodebuffer', compression: method }), 'zip');
      expect(archive.files).toEqual([
        { path: 'd/a.bin', size: data.length },
        { path: 'd/empty.txt', size: 0 },
      ]);
      expect(Buffer.from(await archive.read('d/a.bin')).equals(data)).toBe(true);
      expect((await archive.read('d/empty.txt')).length).toBe(0);
    }
  });

  it('refuses a flood of central-directory headers before jszip builds them, even when they share one name', async () => {
    // 600 central headers, all pointing at the same local entry: jszip alone would list one file.
    const base = await zipOf({ 'a.txt': 'hello' });
    const eocdAt = base.length - 22;
    const cdOffset = base.readUInt32LE(eocdAt + 16);
    const cdSize = base.readUInt32LE(eocdAt + 12);
    const eocd = Buffer.from(base.subarray(eocdAt));
    eocd.writeUInt32LE(cdSize * 600, 12);
    const flood = Buffer.concat([base.subarray(0, cdOffset), ...Array.from({ length: 600 }, () => base.subarray(cdOffset, cdOffset + cdSize)), eocd]);
    await expect(openArchive(flood, 'zip')).rejects.toThrow(/holds 600 entries; at most 500 are allowed/);
  });

  it('refuses hostile names, including backslash and drive-letter forms jszip leaves alone', async () => {
    for (const [name, message] of [
      ['..\\evil.txt', /climbs out/],
      ['ok/../../evil.txt', /climbs out/],
      ['C:\\evil.txt', /absolute path/],
      ['/evil.txt', /absolute path/],
    ] as const) {
      await expect(openArchive(await zipOf({ 'fine.txt': 'x', [name]: 'x' }), 'zip'), name).rejects.toThrow(message);
    }
  });

  it('refuses a declared size over the total cap, over the ratio, or of 2 GB and more, before inflating anything', async () => {
    const limits: ArchiveLimits = { maxEntries: 500, maxTotalBytes: 64 * 1024, maxRatio: 10, ratioFloorBytes: 16 * 1024 };
    await expect(openArchive(await zipOf({ 'a.bin': randomBytes(70 * 1024) }, 'STORE'), 'zip', limits)).rejects.toThrow(/decompression bomb/);
    await expect(openArchive(await zipOf({ 'a.bin': new Uint8Array(32 * 1024) }), 'zip', limits)).rejects.toThrow(/decompression bomb/);
    const huge = await zipOf({ 'a.txt': 'hello' });
    patchHeaders(huge, CEN, 24, (b, o) => b.writeUInt32LE(0x90000000, o));
    await expect(openArchive(huge, 'zip')).rejects.toThrow(/decompression bomb/);
  });

  it('stops inflating a lying entry at its declared size, and reports one that delivers less as damaged', async () => {
    // 8 MB of zeros declared as 1 KB.
    const lying = await zipOf({ 'a.bin': new Uint8Array(8 * 1024 * 1024) });
    patchHeaders(lying, CEN, 24, (b, o) => b.writeUInt32LE(1024, o));
    const archive = await openArchive(lying, 'zip');
    await expect(archive.read('a.bin')).rejects.toThrow(/"a.bin" unpacks to more than its header declares/);

    const short = await zipOf({ 'a.txt': 'hello' });
    patchHeaders(short, CEN, 24, (b, o) => b.writeUInt32LE(1024, o));
    await expect((await openArchive(short, 'zip')).read('a.txt')).rejects.toThrow(/"a.txt" is damaged \(size mismatch\)/);
  });

  it('caps the bytes inflated across all reads of one archive', async () => {
    const limits: ArchiveLimits = { maxEntries: 500, maxTotalBytes: 1500, maxRatio: 100, ratioFloorBytes: 1024 * 1024 };
    const archive = await openArchive(await zipOf({ 'a.bin': randomBytes(1000) }), 'zip', limits);
    expect((await archive.read('a.bin')).length).toBe(1000);
    await expect(archive.read('a.bin')).rejects.toThrow(/decompression bomb/);
  });

  it('gives clear errors for encrypted entries, unknown methods and garbage', async () => {
    const encrypted = await zipOf({ 'a.txt': 'hello' });
    patchHeaders(encrypted, CEN, 8, (b, o) => b.writeUInt16LE(b.readUInt16LE(o) | 1, o));
    await expect(openArchive(encrypted, 'zip')).rejects.toThrow(/encrypted entry; Lectio cannot read it/);
    const bzip2 = await zipOf({ 'a.txt': 'hello' });
    patchHeaders(bzip2, CEN, 10, (b, o) => b.writeUInt16LE(12, o));
    patchHeaders(bzip2, LOC, 8, (b, o) => b.writeUInt16LE(12, o));
    await expect(openArchive(bzip2, 'zip')).rejects.toThrow(/unsupported compression method/);
    await expect(openArchive(Buffer.from('PK\x03\x04 nothing more'), 'zip')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/not a valid zip archive/),
    });
  });
});

describe('tar (tar-stream)', () => {
  it('reads files, follows no links, and takes names from GNU long-name and pax headers', async () => {
    const long = `${'d'.repeat(120)}/${'n'.repeat(120)}.ifo`;
    const tar = await tarOf([
      { name: 'dir', type: 'directory' },
      { name: 'dir/a.txt', data: 'alpha' },
      { name: 'dir/link', type: 'symlink', linkname: '/etc/passwd' },
      { name: long, data: 'long' },
    ]);
    const archive = await openArchive(tar, 'tar');
    expect(archive.files).toEqual([
      { path: 'dir/a.txt', size: 5 },
      { path: long, size: 4 },
    ]);
    expect(text(await archive.read('dir/a.txt'))).toBe('alpha');
    expect(text(await archive.read(long))).toBe('long');
    expect(() => archive.read('dir/link')).toThrow(/No archive entry/);
  });

  it('checks every listed name, links and long names included', async () => {
    await expect(
      openArchive(
        await tarOf([
          { name: 'ok.txt', data: 'x' },
          { name: '../link', type: 'symlink', linkname: 'x' },
        ]),
        'tar',
      ),
    ).rejects.toThrow(/climbs out/);
    await expect(openArchive(await tarOf([{ name: `${'a'.repeat(150)}/../../../evil`, data: 'x' }]), 'tar')).rejects.toThrow(/climbs out/);
    await expect(openArchive(await tarOf([{ name: 'C:\\evil', data: 'x' }]), 'tar')).rejects.toThrow(/absolute path/);
  });

  it('refuses 501 entries and an entry whose declared size passes the cap', async () => {
    const many = await tarOf(Array.from({ length: 501 }, (_, i) => ({ name: `d${i}`, type: 'directory' as const })));
    await expect(openArchive(many, 'tar')).rejects.toThrow(/more than 500 entries/);
    const big = await tarOf([{ name: 'a.bin', data: 'x'.repeat(2000) }]);
    await expect(openArchive(big, 'tar', { ...ARCHIVE_LIMITS, maxTotalBytes: 1000 })).rejects.toThrow(/decompression bomb/);
  });

  it('reads a pre-POSIX tar without the ustar magic', async () => {
    const tar = await tarOf([{ name: 'a.txt', data: 'old' }]);
    tar.fill(0, 257, 265); // magic + version
    tar.fill(0x20, 148, 156);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += tar[i];
    tar.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
    const archive = await openArchive(tar, 'tar');
    expect(text(await archive.read('a.txt'))).toBe('old');
  });

  it('reports a truncated or damaged tar clearly', async () => {
    const tar = await tarOf([{ name: 'a.txt', data: 'x'.repeat(3000) }]);
    await expect(openArchive(tar.subarray(0, 1024), 'tar')).rejects.toThrow(/^This tar archive is truncated$/);
    const damaged = Buffer.from(tar);
    damaged[0] ^= 1;
    await expect(openArchive(damaged, 'tar')).rejects.toMatchObject({ status: 400, message: 'This tar archive is damaged (invalid header)' });
  });
});
