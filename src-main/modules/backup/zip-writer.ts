// Runs in: main. Writes the zip archives backups are, member by member, straight into a file: each member is
// read from disk in 1 MB chunks, its CRC-32 and SHA-256 computed as the bytes pass, so a library with GBs of
// audio is backed up in a few MB of memory. The local header is written first with zero sizes and patched in
// place once the member is written (no data descriptors: every reader finds the sizes where it looks first).
// Two paths: async (downloads, scheduled backups) streams deflate through node:zlib's thread pool and never
// blocks the event loop for long; sync (the backup before migrations, while the core starts) stores members.
// Members and archives over 4 GB get zip64 fields (a library with many 500 MB videos), smaller ones plain zip32.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/** Sizes and offsets from this on are written as zip64 fields (the 32-bit field holds 0xffffffff). */
const ZIP64_AT = 0xffffffff;
export const CHUNK_BYTES = 1024 * 1024;
/** Members over this are stored: deflating them would gain little against the time it takes. */
const DEFLATE_MAX_BYTES = 256 * 1024 * 1024;
/** Already compressed formats (audio, video, images, archives, books): deflate would only cost time. */
const COMPRESSED =
  /\.(mp3|m4a|m4b|aac|ogg|oga|opus|flac|wav|webm|mp4|m4v|mkv|mov|avi|jpe?g|png|gif|webp|avif|heic|zip|epub|apkg|gz|bz2|xz|zst|7z|rar|pdf|woff2?)$/i;

async function writeAt(fd: number, buf: Buffer, position: number): Promise<void> {
  for (let done = 0; done < buf.length;) {
    done += await new Promise<number>((resolve, reject) =>
      fs.write(fd, buf, done, buf.length - done, position + done, (err, n) => (err ? reject(err) : resolve(n))),
    );
  }
}

export interface MemberDigest {
  sha256: string;
  size: number;
}

/** Whether a member should be deflated (small enough, not already compressed). */
export const shouldDeflate = (name: string, size: number) => size <= DEFLATE_MAX_BYTES && !COMPRESSED.test(name);

function dosTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

interface OpenMember {
  name: Buffer;
  method: number;
  mtime: Date;
  headerOffset: number;
  /** The local header carries a zip64 extra field (sizes patched there). */
  local64: boolean;
}

/** The largest compressed size deflate can produce for `size` bytes (stored blocks: 5 bytes per 16 KB at worst). */
const deflateBound = (size: number) => size + Math.ceil(size / 16_384) * 5 + 64;

function u64(value: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(value));
  return b;
}

/** A zip archive being written into an open file descriptor, with zip64 fields where a size or offset needs them. */
export class ZipFileWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private count = 0;

  /** `zip64At`: tests lower it to write zip64 fields into small archives. */
  constructor(
    private readonly fd: number,
    private readonly now: Date,
    private readonly zip64At = ZIP64_AT,
  ) {}

  get bytesWritten(): number {
    return this.offset;
  }

  private localHeader(m: OpenMember): Buffer {
    const { time, date } = dosTime(m.mtime);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(m.local64 ? 45 : 20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(m.method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(m.name.length, 26);
    if (!m.local64) return Buffer.concat([local, m.name]);
    local.writeUInt32LE(0xffffffff, 18);
    local.writeUInt32LE(0xffffffff, 22);
    local.writeUInt16LE(20, 28);
    const extra = Buffer.alloc(20);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    return Buffer.concat([local, m.name, extra]);
  }

  /** `expected`: the member's size as far as it is known before writing (a file's size may still change). */
  private open(name: string, method: number, mtime: Date | undefined, expected: number): OpenMember {
    const bound = method === 8 ? deflateBound(expected) : expected;
    const m = { name: Buffer.from(name, 'utf8'), method, mtime: mtime ?? this.now, headerOffset: this.offset, local64: bound >= this.zip64At };
    this.writeSync(this.localHeader(m));
    return m;
  }

  /** Patches the local header's CRC and sizes, records the central directory entry. */
  private close(m: OpenMember, crc: number, compressed: number, size: number): void {
    const big = (v: number) => v >= this.zip64At;
    if (!m.local64 && (big(size) || big(compressed))) throw new Error(`${m.name.toString()} grew past 4 GB while it was backed up`);
    const patch = Buffer.alloc(4);
    patch.writeUInt32LE(crc >>> 0, 0);
    fs.writeSync(this.fd, patch, 0, 4, m.headerOffset + 14);
    const sizes = m.local64 ? Buffer.concat([u64(size), u64(compressed)]) : Buffer.alloc(8);
    if (!m.local64) {
      sizes.writeUInt32LE(compressed, 0);
      sizes.writeUInt32LE(size, 4);
    }
    fs.writeSync(this.fd, sizes, 0, sizes.length, m.local64 ? m.headerOffset + 30 + m.name.length + 4 : m.headerOffset + 18);
    // The central entry's zip64 extra holds, in this order, whichever of the three values does not fit.
    const wide = [size, compressed, m.headerOffset].filter(big);
    const extra = wide.length ? Buffer.concat([Buffer.from([0x01, 0x00, wide.length * 8, 0x00]), ...wide.map(u64)]) : Buffer.alloc(0);
    const { time, date } = dosTime(m.mtime);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(45, 4);
    entry.writeUInt16LE(wide.length ? 45 : 20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(m.method, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(big(compressed) ? 0xffffffff : compressed, 20);
    entry.writeUInt32LE(big(size) ? 0xffffffff : size, 24);
    entry.writeUInt16LE(m.name.length, 28);
    entry.writeUInt16LE(extra.length, 30);
    entry.writeUInt32LE(big(m.headerOffset) ? 0xffffffff : m.headerOffset, 42);
    this.central.push(entry, m.name, extra);
    this.count++;
  }

  private writeSync(buf: Buffer): void {
    for (let done = 0; done < buf.length;) done += fs.writeSync(this.fd, buf, done, buf.length - done, this.offset + done);
    this.offset += buf.length;
  }

  /** A small member given as bytes (the manifest): deflated when that makes it smaller. */
  addBytesSync(name: string, data: Buffer): MemberDigest {
    const deflated = zlib.deflateRawSync(data, { level: 1 });
    const stored = deflated.length >= data.length;
    const body = stored ? data : deflated;
    const m = this.open(name, stored ? 0 : 8, undefined, data.length);
    this.writeSync(body);
    this.close(m, zlib.crc32(data), body.length, data.length);
    return { sha256: crypto.createHash('sha256').update(data).digest('hex'), size: data.length };
  }

  /** A file on disk, stored, read in chunks with fs.readSync (the start-up path). */
  addFileSync(name: string, fd: number, mtime?: Date): MemberDigest {
    const m = this.open(name, 0, mtime, fs.fstatSync(fd).size);
    const hash = crypto.createHash('sha256');
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let crc = 0;
    let size = 0;
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, CHUNK_BYTES, size);
      if (n === 0) break;
      const part = chunk.subarray(0, n);
      size += n;
      crc = zlib.crc32(part, crc);
      hash.update(part);
      this.writeSync(part);
    }
    this.close(m, crc, size, size);
    return { sha256: hash.digest('hex'), size };
  }

  /** A file on disk, streamed: deflated through zlib's thread pool when `deflate`, else stored. */
  async addFile(name: string, file: fs.promises.FileHandle, opts: { deflate: boolean; mtime?: Date }): Promise<MemberDigest> {
    const m = this.open(name, opts.deflate ? 8 : 0, opts.mtime, (await file.stat()).size);
    const hash = crypto.createHash('sha256');
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const source = file.createReadStream({ start: 0, highWaterMark: CHUNK_BYTES, autoClose: false });
    const tap = async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        size += chunk.length;
        crc = zlib.crc32(chunk, crc);
        hash.update(chunk);
        yield chunk;
      }
    };
    const sink = async (chunks: AsyncIterable<Buffer>) => {
      for await (const chunk of chunks) {
        await writeAt(this.fd, chunk, this.offset);
        this.offset += chunk.length;
        compressed += chunk.length;
      }
    };
    if (opts.deflate) await pipeline(source, tap, zlib.createDeflateRaw({ level: 1, chunkSize: 256 * 1024 }), sink);
    else await pipeline(source, tap, sink);
    this.close(m, crc, compressed, size);
    return { sha256: hash.digest('hex'), size };
  }

  /** The central directory and its end record (with the zip64 end record and locator when needed). */
  finish(): void {
    const centralOffset = this.offset;
    for (const b of this.central) this.writeSync(b);
    const centralSize = this.offset - centralOffset;
    const wide = this.count >= 0xffff || centralOffset >= this.zip64At || centralSize >= this.zip64At;
    if (wide) {
      const endOffset = this.offset;
      const end64 = Buffer.alloc(56);
      end64.writeUInt32LE(0x06064b50, 0);
      end64.writeBigUInt64LE(44n, 4);
      end64.writeUInt16LE(45, 12);
      end64.writeUInt16LE(45, 14);
      end64.writeBigUInt64LE(BigInt(this.count), 24);
      end64.writeBigUInt64LE(BigInt(this.count), 32);
      end64.writeBigUInt64LE(BigInt(centralSize), 40);
      end64.writeBigUInt64LE(BigInt(centralOffset), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(endOffset), 8);
      locator.writeUInt32LE(1, 16);
      this.writeSync(Buffer.concat([end64, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(this.count, 0xffff), 8);
    end.writeUInt16LE(Math.min(this.count, 0xffff), 10);
    end.writeUInt32LE(wide ? 0xffffffff : centralSize, 12);
    end.writeUInt32LE(wide ? 0xffffffff : centralOffset, 16);
    this.writeSync(end);
  }
}
