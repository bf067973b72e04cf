// Runs in: main. Writes the zip archives backups are, member by member, straight into a file: each member is
// read from disk in 1 MB chunks, its CRC-32 and SHA-256 computed as the bytes pass, so a library with GBs of
// audio is backed up in a few MB of memory. The local header is written first with zero sizes and patched in
// place once the member is written (no data descriptors: every reader finds the sizes where it looks first).
// Two paths: async (downloads, scheduled backups) streams deflate through node:zlib's thread pool and never
// blocks the event loop for long; sync (the backup before migrations, while the core starts) stores members.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';

/** zip32's limit for a member's size and any offset (zip64 is not written). */
export const MAX_ZIP32 = 0xffffffff;
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
}

/** A zip archive being written into an open file descriptor. Members over 4 GB and archives over 4 GB (zip64) are refused. */
export class ZipFileWriter {
  private offset = 0;
  private readonly central: Buffer[] = [];
  private count = 0;

  constructor(
    private readonly fd: number,
    private readonly now: Date,
  ) {}

  get bytesWritten(): number {
    return this.offset;
  }

  private localHeader(m: OpenMember): Buffer {
    const { time, date } = dosTime(m.mtime);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(m.method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt16LE(m.name.length, 26);
    return Buffer.concat([local, m.name]);
  }

  private open(name: string, method: number, mtime: Date | undefined): OpenMember {
    const m = { name: Buffer.from(name, 'utf8'), method, mtime: mtime ?? this.now, headerOffset: this.offset };
    if (this.offset + 30 + m.name.length > MAX_ZIP32) throw new AppError(413, msg('backup.over4Gb'));
    return m;
  }

  private checkRoom(size: number, written: number): void {
    if (size > MAX_ZIP32 || this.offset + written > MAX_ZIP32) throw new AppError(413, msg('backup.over4Gb'));
  }

  /** Patches the local header's CRC and sizes, records the central directory entry. */
  private close(m: OpenMember, crc: number, compressed: number, size: number): Buffer {
    const sizes = Buffer.alloc(12);
    sizes.writeUInt32LE(crc >>> 0, 0);
    sizes.writeUInt32LE(compressed, 4);
    sizes.writeUInt32LE(size, 8);
    const { time, date } = dosTime(m.mtime);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(m.method, 10);
    entry.writeUInt16LE(time, 12);
    entry.writeUInt16LE(date, 14);
    sizes.copy(entry, 16);
    entry.writeUInt16LE(m.name.length, 28);
    entry.writeUInt32LE(m.headerOffset, 42);
    this.central.push(entry, m.name);
    this.count++;
    return sizes;
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
    const m = this.open(name, stored ? 0 : 8, undefined);
    this.checkRoom(data.length, 30 + m.name.length + body.length);
    this.writeSync(this.localHeader(m));
    this.writeSync(body);
    fs.writeSync(this.fd, this.close(m, zlib.crc32(data), body.length, data.length), 0, 12, m.headerOffset + 14);
    return { sha256: crypto.createHash('sha256').update(data).digest('hex'), size: data.length };
  }

  /** A file on disk, stored, read in chunks with fs.readSync (the start-up path). */
  addFileSync(name: string, fd: number, mtime?: Date): MemberDigest {
    const m = this.open(name, 0, mtime);
    this.writeSync(this.localHeader(m));
    const hash = crypto.createHash('sha256');
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    let crc = 0;
    let size = 0;
    for (;;) {
      const n = fs.readSync(fd, chunk, 0, CHUNK_BYTES, size);
      if (n === 0) break;
      const part = chunk.subarray(0, n);
      size += n;
      this.checkRoom(size, n);
      crc = zlib.crc32(part, crc);
      hash.update(part);
      this.writeSync(part);
    }
    fs.writeSync(this.fd, this.close(m, crc, size, size), 0, 12, m.headerOffset + 14);
    return { sha256: hash.digest('hex'), size };
  }

  /** A file on disk, streamed: deflated through zlib's thread pool when `deflate`, else stored. */
  async addFile(name: string, file: fs.promises.FileHandle, opts: { deflate: boolean; mtime?: Date }): Promise<MemberDigest> {
    const m = this.open(name, opts.deflate ? 8 : 0, opts.mtime);
    this.writeSync(this.localHeader(m));
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
        this.checkRoom(size, chunk.length);
        await writeAt(this.fd, chunk, this.offset);
        this.offset += chunk.length;
        compressed += chunk.length;
      }
    };
    if (opts.deflate) await pipeline(source, tap, zlib.createDeflateRaw({ level: 1, chunkSize: 256 * 1024 }), sink);
    else await pipeline(source, tap, sink);
    fs.writeSync(this.fd, this.close(m, crc, compressed, size), 0, 12, m.headerOffset + 14);
    return { sha256: hash.digest('hex'), size };
  }

  /** The central directory and its end record; the archive is complete after this. */
  finish(): void {
    if (this.count > 0xffff) throw new AppError(413, msg('backup.tooManyFiles'));
    const centralOffset = this.offset;
    for (const b of this.central) this.writeSync(b);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(this.offset - centralOffset, 12);
    end.writeUInt32LE(centralOffset, 16);
    if (this.offset + 22 > MAX_ZIP32) throw new AppError(413, msg('backup.over4Gb'));
    this.writeSync(end);
  }
}
