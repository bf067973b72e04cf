// Runs in: main. Reads the zip archives backups are (zip-writer.ts, zip32 or zip64) over a random-access source:
// the uploaded file on disk (read by offset, never whole) or bytes (IPC). The end record is searched in the tail, the central
// directory read once, each member read by its offset. Untrusted input: every size is checked against the
// archive's bounds and the caller's caps before anything is allocated; a member is extracted in chunks through
// node:zlib's streamed inflate, stopped the moment it passes its declared size, and its CRC-32 checked.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

export class ZipError extends Error {}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  localOffset: number;
}

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the declared uncompressed sizes. */
  maxTotalBytes: number;
}

/** Random access to the archive's bytes. */
export interface ZipSource {
  size: number;
  read(position: number, length: number): Buffer;
}

export const bufferSource = (buf: Buffer): ZipSource => ({ size: buf.length, read: (position, length) => buf.subarray(position, position + length) });

/** Reads an open file by offset (the caller closes fd). */
export function fileSource(fd: number): ZipSource {
  return {
    size: fs.fstatSync(fd).size,
    read(position, length) {
      const out = Buffer.allocUnsafe(length);
      let got = 0;
      while (got < length) {
        const n = fs.readSync(fd, out, got, length - got, position + got);
        if (n === 0) break;
        got += n;
      }
      return out.subarray(0, got);
    },
  };
}

const CHUNK_BYTES = 1024 * 1024;
/** A central directory larger than this is not one a backup writes (65,000 members with long names stay far below). */
const MAX_CENTRAL_BYTES = 64 * 1024 * 1024;

export function listZip(src: ZipSource, limits: ZipLimits): ZipEntry[] {
  // The end-of-central-directory record: last 22 bytes plus a comment of up to 65535.
  const tailStart = Math.max(0, src.size - 22 - 65_535);
  const tail = src.read(tailStart, src.size - tailStart);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError('not a zip archive');
  const eocd = tailStart + at;
  let count = tail.readUInt16LE(at + 10);
  let cdSize = tail.readUInt32LE(at + 12);
  let cdOffset = tail.readUInt32LE(at + 16);
  let cdLimit = eocd;
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) ({ count, cdSize, cdOffset, cdLimit } = zip64End(src, eocd));
  if (count > limits.maxEntries) throw new ZipError('too many members');
  if (cdOffset + cdSize > cdLimit || cdSize > MAX_CENTRAL_BYTES) throw new ZipError('damaged central directory');
  const cd = src.read(cdOffset, cdSize);
  const entries: ZipEntry[] = [];
  let p = 0;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw new ZipError('damaged central directory');
    const flags = cd.readUInt16LE(p + 8);
    const method = cd.readUInt16LE(p + 10);
    const crc = cd.readUInt32LE(p + 16);
    let compressedSize = cd.readUInt32LE(p + 20);
    let size = cd.readUInt32LE(p + 24);
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    let localOffset = cd.readUInt32LE(p + 42);
    if (p + 46 + nameLen + extraLen > cd.length) throw new ZipError('damaged central directory');
    const name = cd.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLen);
    if (flags & 0x1) throw new ZipError(`${name} is encrypted`);
    if (method !== 0 && method !== 8) throw new ZipError(`${name} uses an unsupported compression method`);
    if (size === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) {
      // zip64: the values that did not fit are in the extra field 0x0001, in this order.
      const wide = zip64Extra(cd.subarray(p + 46 + nameLen, p + 46 + nameLen + extraLen));
      const next = () => {
        const v = wide.shift();
        if (v === undefined) throw new ZipError('damaged central directory');
        return v;
      };
      if (size === 0xffffffff) size = next();
      if (compressedSize === 0xffffffff) compressedSize = next();
      if (localOffset === 0xffffffff) localOffset = next();
    }
    total += size;
    if (total > limits.maxTotalBytes) throw new ZipError('the archive unpacks to more than this version can restore');
    entries.push({ name, method, compressedSize, size, crc, localOffset });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

const safe = (v: bigint): number => {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError('damaged central directory');
  return Number(v);
};

/** The zip64 end record, found through its locator just before the end record. */
function zip64End(src: ZipSource, eocd: number): { count: number; cdSize: number; cdOffset: number; cdLimit: number } {
  const locator = eocd >= 20 ? src.read(eocd - 20, 20) : Buffer.alloc(0);
  if (locator.length < 20 || locator.readUInt32LE(0) !== 0x07064b50) throw new ZipError('damaged central directory');
  const at = safe(locator.readBigUInt64LE(8));
  const end = at + 56 <= eocd - 20 ? src.read(at, 56) : Buffer.alloc(0);
  if (end.length < 56 || end.readUInt32LE(0) !== 0x06064b50) throw new ZipError('damaged central directory');
  return { count: safe(end.readBigUInt64LE(32)), cdSize: safe(end.readBigUInt64LE(40)), cdOffset: safe(end.readBigUInt64LE(48)), cdLimit: at };
}

/** The 64-bit values of a zip64 extra field (header 0x0001), or none. */
function zip64Extra(extra: Buffer): number[] {
  for (let q = 0; q + 4 <= extra.length;) {
    const id = extra.readUInt16LE(q);
    const len = extra.readUInt16LE(q + 2);
    if (q + 4 + len > extra.length) break;
    if (id === 0x0001) {
      const out: number[] = [];
      for (let r = q + 4; r + 8 <= q + 4 + len; r += 8) out.push(safe(extra.readBigUInt64LE(r)));
      return out;
    }
    q += 4 + len;
  }
  return [];
}

/** Where a member's compressed bytes start (after its local header). */
function dataStart(src: ZipSource, e: ZipEntry): number {
  const h = e.localOffset;
  const header = h + 30 <= src.size ? src.read(h, 30) : Buffer.alloc(0);
  if (header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw new ZipError(`${e.name} is damaged in the archive`);
  const start = h + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + e.compressedSize > src.size) throw new ZipError(`${e.name} is cut short in the archive`);
  return start;
}

/** A small member (the manifest) into memory. */
export function readEntry(src: ZipSource, e: ZipEntry): Buffer {
  const raw = src.read(dataStart(src, e), e.compressedSize);
  let data: Buffer;
  if (e.method === 0) data = raw;
  else {
    try {
      data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, e.size), chunkSize: Math.max(64, Math.min(e.size, 64 * 1024 * 1024)) });
    } catch {
      throw new ZipError(`${e.name} is damaged in the archive`);
    }
  }
  if (data.length !== e.size || zlib.crc32(data) >>> 0 !== e.crc) throw new ZipError(`${e.name} is damaged in the archive`);
  return data;
}

class TooLarge extends Error {}

/**
 * Extracts a member into `target` in chunks (streamed inflate on zlib's thread pool); returns its SHA-256.
 * Inflating past the declared size stops at once (a zip bomb writes at most its declared size).
 */
export async function extractEntry(src: ZipSource, e: ZipEntry, target: string): Promise<string> {
  const start = dataStart(src, e);
  const damaged = () => new ZipError(`${e.name} is damaged in the archive`);
  const hash = crypto.createHash('sha256');
  let crc = 0;
  let written = 0;
  const out = await fs.promises.open(target, 'w');
  try {
    const chunks = function* () {
      for (let p = 0; p < e.compressedSize; p += CHUNK_BYTES) yield src.read(start + p, Math.min(CHUNK_BYTES, e.compressedSize - p));
    };
    const sink = async (source: AsyncIterable<Buffer> | Iterable<Buffer>) => {
      for await (const chunk of source) {
        written += chunk.length;
        if (written > e.size) throw new TooLarge();
        crc = zlib.crc32(chunk, crc);
        hash.update(chunk);
        await out.write(chunk);
      }
    };
    try {
      if (e.method === 0) await sink(chunks());
      else await pipeline(Readable.from(chunks()), zlib.createInflateRaw({ chunkSize: 256 * 1024 }), sink);
    } catch {
      throw damaged();
    }
  } finally {
    await out.close();
  }
  if (written !== e.size || crc >>> 0 !== e.crc) throw damaged();
  return hash.digest('hex');
}
