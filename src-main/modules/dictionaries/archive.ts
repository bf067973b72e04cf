// Runs in: main. Archives read in memory, never extracted to disk: the whole listing is checked first
// (entry count, unsafe paths, declared sizes, compression ratio), then entries are inflated on demand
// with hard output caps, so a zip bomb stops at the cap instead of filling memory.
import zlib from 'node:zlib';
import Bunzip from 'seek-bzip';
// xz-decompress is a webpack CommonJS bundle: Node's ESM loader sees only its default export.
import xzDecompress from 'xz-decompress';
import { formatError } from '../../../src-shared/dictionaries/types';

export interface ArchiveLimits {
  maxEntries: number;
  /** Unpacked size of the whole archive (all entries together). */
  maxTotalBytes: number;
  /** Unpacked : packed ratio above which a large entry counts as a decompression bomb. */
  maxRatio: number;
  /** Entries smaller than this are never refused for their ratio (tiny files compress extremely well). */
  ratioFloorBytes: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 500,
  maxTotalBytes: 512 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 8 * 1024 * 1024,
};

export interface ArchiveEntry {
  path: string;
  size: number;
}

export interface Archive {
  /** Regular files only, paths with "/" separators, no leading "./". */
  files: ArchiveEntry[];
  read(path: string): Uint8Array;
}

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const bombError = (what: string, limits: ArchiveLimits) =>
  formatError(`${what} unpacks to more than ${limits.maxRatio} times its packed size or more than ${MB(limits.maxTotalBytes)}: refused as a possible decompression bomb`);

/** Refuses absolute paths, drive letters and `..` components; returns the path with "/" separators. */
export function safeEntryPath(raw: string): string {
  const path = raw.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) throw formatError(`The archive holds an entry with an absolute path ("${raw}"); it was refused`);
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw formatError(`The archive holds an entry that climbs out of its folder ("${raw}"); it was refused`);
  if (path.includes('\0')) throw formatError('The archive holds an entry whose name contains a NUL byte; it was refused');
  return parts.join('/');
}

/** Output cap for inflating `packed` bytes: the smaller of the total cap and the ratio allowance. */
const inflateCap = (packed: number, limits: ArchiveLimits) => Math.min(limits.maxTotalBytes, Math.max(limits.ratioFloorBytes, packed * limits.maxRatio));

function isOutputTooLarge(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError;
}

/** gunzip with a cap (also reads dictzip .dict.dz, which is gzip with an index in the extra field). */
export function gunzipCapped(data: Uint8Array, what: string, limits: ArchiveLimits = ARCHIVE_LIMITS): Uint8Array {
  try {
    return zlib.gunzipSync(data, { maxOutputLength: inflateCap(data.length, limits) });
  } catch (err) {
    if (isOutputTooLarge(err)) throw bombError(what, limits);
    throw formatError(`${what} is not valid gzip data (${(err as Error).message})`);
  }
}

// ---- zip ----------------------------------------------------------------------------------------

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;
const utf8 = new TextDecoder('utf-8');

interface ZipEntry extends ArchiveEntry {
  method: number;
  packedSize: number;
  localOffset: number;
}

function openZip(buf: Uint8Array, limits: ArchiveLimits): Archive {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const notZip = () => formatError('This .zip file is not a valid zip archive');
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notZip();
  const count = view.getUint16(eocd + 10, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff) throw formatError('ZIP64 archives are not supported; pack the dictionary as a regular .zip or .tar.gz');
  if (count > limits.maxEntries) throw formatError(`The archive holds ${count} entries; at most ${limits.maxEntries} are allowed`);

  // Listing first: every entry is checked before a single byte is inflated.
  const entries: ZipEntry[] = [];
  let total = 0;
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || view.getUint32(p, true) !== CEN_SIG) throw notZip();
    const flags = view.getUint16(p + 8, true);
    const method = view.getUint16(p + 10, true);
    const packedSize = view.getUint32(p + 20, true);
    const size = view.getUint32(p + 24, true);
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const localOffset = view.getUint32(p + 42, true);
    const rawName = utf8.decode(buf.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + extraLen + commentLen;
    const path = safeEntryPath(rawName);
    if (rawName.endsWith('/') || rawName.endsWith('\\')) continue; // a folder
    if (flags & 1) throw formatError(`The archive entry "${rawName}" is encrypted; Lectio cannot read it`);
    if (method !== 0 && method !== 8) throw formatError(`The archive entry "${rawName}" uses compression method ${method}; only stored and deflated entries are supported`);
    if (size === 0xffffffff || packedSize === 0xffffffff) throw formatError('ZIP64 archives are not supported; pack the dictionary as a regular .zip or .tar.gz');
    total += size;
    if (total > limits.maxTotalBytes || (size > limits.ratioFloorBytes && size > packedSize * limits.maxRatio)) throw bombError('The archive', limits);
    entries.push({ path, size, method, packedSize, localOffset });
  }
  const byPath = new Map(entries.map((e) => [e.path, e]));
  return {
    files: entries.map(({ path, size }) => ({ path, size })),
    read(path) {
      const e = byPath.get(path);
      if (!e) throw new Error(`No archive entry ${path}`);
      if (e.localOffset + 30 > buf.length || view.getUint32(e.localOffset, true) !== LOC_SIG) throw notZip();
      const start = e.localOffset + 30 + view.getUint16(e.localOffset + 26, true) + view.getUint16(e.localOffset + 28, true);
      if (start + e.packedSize > buf.length) throw formatError(`The archive entry "${e.path}" is truncated`);
      const packed = buf.subarray(start, start + e.packedSize);
      if (e.method === 0) {
        if (e.packedSize !== e.size) throw formatError(`The archive entry "${e.path}" is damaged`);
        return packed;
      }
      let out: Uint8Array;
      try {
        // The header's size is a promise: anything bigger is a lie (and a bomb's favourite trick).
        out = zlib.inflateRawSync(packed, { maxOutputLength: Math.max(1, e.size) });
      } catch (err) {
        if (isOutputTooLarge(err)) throw formatError(`The archive entry "${e.path}" unpacks to more than its header declares; refused as a possible decompression bomb`);
        throw formatError(`The archive entry "${e.path}" is damaged (${(err as Error).message})`);
      }
      if (out.length !== e.size) throw formatError(`The archive entry "${e.path}" is damaged (size mismatch)`);
      return out;
    },
  };
}

// ---- tar (after gunzip / bunzip2 / unxz) ------------------------------------------------------------

function tarString(buf: Uint8Array, start: number, len: number): string {
  const end = buf.indexOf(0, start);
  return utf8.decode(buf.subarray(start, end >= 0 && end < start + len ? end : start + len));
}

function tarNumber(buf: Uint8Array, start: number, len: number): number {
  if (buf[start] & 0x80) throw formatError('The tar archive uses base-256 sizes (entries over 8 GB); refused');
  const s = tarString(buf, start, len).trim();
  return s === '' ? 0 : parseInt(s, 8);
}

function paxPath(data: Uint8Array): string | null {
  const text = utf8.decode(data);
  let pos = 0;
  let found: string | null = null;
  while (pos < text.length) {
    const space = text.indexOf(' ', pos);
    const len = parseInt(text.slice(pos, space), 10);
    if (!(len > 0) || space < 0) break;
    const record = text.slice(space + 1, pos + len - 1);
    const eq = record.indexOf('=');
    if (record.slice(0, eq) === 'path') found = record.slice(eq + 1);
    pos += len;
  }
  return found;
}

function openTar(buf: Uint8Array, limits: ArchiveLimits): Archive {
  const files: (ArchiveEntry & { offset: number })[] = [];
  let pos = 0;
  let entries = 0;
  let longName: string | null = null;
  while (pos + 512 <= buf.length) {
    const header = buf.subarray(pos, pos + 512);
    if (header.every((b) => b === 0)) break; // end-of-archive marker
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    if (sum !== tarNumber(header, 148, 8)) throw formatError('This tar archive is damaged (header checksum mismatch)');
    const size = tarNumber(header, 124, 12);
    const type = String.fromCharCode(header[156] || 48);
    const dataStart = pos + 512;
    if (dataStart + size > buf.length) throw formatError('This tar archive is truncated');
    pos = dataStart + Math.ceil(size / 512) * 512;
    if (type === 'L') {
      longName = tarString(buf, dataStart, size);
      continue;
    }
    if (type === 'x') {
      longName = paxPath(buf.subarray(dataStart, dataStart + size)) ?? longName;
      continue;
    }
    if (type === 'g') continue;
    if (++entries > limits.maxEntries) throw formatError(`The archive holds more than ${limits.maxEntries} entries; at most ${limits.maxEntries} are allowed`);
    const prefix = utf8.decode(header.subarray(257, 263)).startsWith('ustar') ? tarString(header, 345, 155) : '';
    const rawName = longName ?? (prefix ? `${prefix}/${tarString(header, 0, 100)}` : tarString(header, 0, 100));
    longName = null;
    const path = safeEntryPath(rawName);
    // Only regular files are read; links, folders and devices are listed (and path-checked) but never followed.
    if (type === '0' || type === '7') files.push({ path, size, offset: dataStart });
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  return {
    files: files.map(({ path, size }) => ({ path, size })),
    read(path) {
      const f = byPath.get(path);
      if (!f) throw new Error(`No archive entry ${path}`);
      return buf.subarray(f.offset, f.offset + f.size);
    },
  };
}

function bunzip2Capped(data: Uint8Array, limits: ArchiveLimits): Uint8Array {
  const cap = inflateCap(data.length, limits);
  let out = new Uint8Array(Math.min(cap, Math.max(64 * 1024, data.length * 4)));
  let n = 0;
  const sink = {
    writeByte(b: number) {
      if (n >= out.length) {
        if (out.length >= cap) throw bombError('The archive', limits);
        const bigger = new Uint8Array(Math.min(cap, out.length * 2));
        bigger.set(out);
        out = bigger;
      }
      out[n++] = b;
    },
  };
  try {
    Bunzip.decode(Buffer.from(data.buffer, data.byteOffset, data.byteLength), sink, true);
  } catch (err) {
    if ((err as { status?: number }).status === 400) throw err;
    throw formatError(`This .tar.bz2 file is not valid bzip2 data (${(err as Error).message})`);
  }
  return out.subarray(0, n);
}

async function unxzCapped(data: Uint8Array, limits: ArchiveLimits): Promise<Uint8Array> {
  const cap = inflateCap(data.length, limits);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = new xzDecompress.XzReadableStream(new Blob([data as Uint8Array<ArrayBuffer>]).stream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > cap) {
        await reader.cancel();
        throw bombError('The archive', limits);
      }
      chunks.push(value);
    }
  } catch (err) {
    if ((err as { status?: number }).status === 400) throw err;
    throw formatError(`This .tar.xz file is not valid xz data (${(err as Error).message})`);
  }
  return Buffer.concat(chunks);
}

export async function openArchive(data: Uint8Array, format: 'zip' | 'tar' | 'tar.gz' | 'tar.bz2' | 'tar.xz', limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<Archive> {
  switch (format) {
    case 'zip':
      return openZip(data, limits);
    case 'tar':
      return openTar(data, limits);
    case 'tar.gz':
      return openTar(gunzipCapped(data, 'The archive', limits), limits);
    case 'tar.bz2':
      return openTar(bunzip2Capped(data, limits), limits);
    case 'tar.xz':
      return openTar(await unxzCapped(data, limits), limits);
  }
}
