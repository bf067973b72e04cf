// Test helpers for the dictionaries tests: pack files into every archive type the importer reads.
// tar is written here (so hostile names like ../evil are possible); gzip by zlib; bzip2 and xz by the
// Debian CLIs, which the tests check for and skip with a reason when absent.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';

export interface PackFile {
  name: string;
  data: Uint8Array;
}

const hasCommand = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
export const hasBzip2 = hasCommand('bzip2');
export const hasXz = hasCommand('xz');

function tarHeader(name: string, size: number, type = '0'): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(size.toString(8).padStart(11, '0') + '\0', 124);
  h.write('00000000000\0', 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148);
  return h;
}

export function makeTar(files: PackFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    const name = Buffer.byteLength(f.name) > 99 ? null : f.name;
    if (!name) {
      const long = Buffer.from(f.name + '\0');
      parts.push(tarHeader('././@LongLink', long.length, 'L'), long, Buffer.alloc((512 - (long.length % 512)) % 512));
    }
    parts.push(tarHeader(name ?? f.name.slice(0, 99), f.data.length), Buffer.from(f.data), Buffer.alloc((512 - (f.data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

export async function makeZip(files: PackFile[], level = 6): Promise<Buffer> {
  const zip = new JSZip();
  for (const f of files) zip.file(f.name, f.data, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level } });
}

export type ArchiveKind = 'zip' | 'tar.gz' | 'tgz' | 'tar.bz2' | 'tar.xz';
export const ARCHIVE_KINDS: ArchiveKind[] = ['zip', 'tar.gz', 'tgz', ...(hasBzip2 ? (['tar.bz2'] as const) : []), ...(hasXz ? (['tar.xz'] as const) : [])];

export async function pack(kind: ArchiveKind, files: PackFile[]): Promise<Buffer> {
  if (kind === 'zip') return makeZip(files);
  const tar = makeTar(files);
  if (kind === 'tar.gz' || kind === 'tgz') return zlib.gzipSync(tar);
  if (kind === 'tar.bz2') return execFileSync('bzip2', ['-c'], { input: tar, maxBuffer: 1 << 30 });
  return execFileSync('xz', ['-c', '-T1'], { input: tar, maxBuffer: 1 << 30 });
}

/** Every file of a fixture folder, under `folder/` inside the archive. */
export function folderFiles(dir: string, prefix = path.basename(dir)): PackFile[] {
  return fs.readdirSync(dir).map((f) => ({ name: `${prefix}/${f}`, data: fs.readFileSync(path.join(dir, f)) }));
}
