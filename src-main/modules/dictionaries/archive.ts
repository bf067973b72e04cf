// Runs in: main and worker threads. Archives read in memory, never extracted to disk: zip by jszip, tar by tar-stream.
// The whole listing is checked first (entry count, unsafe paths, declared sizes, compression ratio),
// then zip entries are inflated on demand with hard output caps, so a zip bomb stops at the cap
// instead of filling memory.
import zlib from 'node:zlib';
import JSZip from 'jszip';
import Bunzip from 'seek-bzip';
import { extract as tarExtract } from 'tar-stream';
// xz-decompress is a webpack CommonJS bundle: Node's ESM loader sees only its default export.
import xzDecompress from 'xz-decompress';
import { formatError } from '../../../src-shared/dictionaries/types';
import { AppError } from '../../../src-shared/contract/errors';
import { type MessageParam, msg } from '../../../src-shared/contract/messages';

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
  /** Inflates one entry (zip) or hands out its bytes (tar); rejects with a 400 AppError on a damaged or lying entry. */
  read(path: string): Promise<Uint8Array>;
}

const utf8 = new TextDecoder('utf-8');
const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
/** "The archive" as the subject of a refusal, in the interface language too. */
const THE_ARCHIVE = msg('archive.theArchive');
const bombError = (what: MessageParam, limits: ArchiveLimits) =>
  formatError(msg('archive.bomb', { what, ratio: limits.maxRatio, limit: MB(limits.maxTotalBytes) }));

/** Refuses absolute paths, drive letters and `..` components; returns the path with "/" separators. */
export function safeEntryPath(raw: string): string {
  const path = raw.replace(/\\/g, '/');
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) throw formatError(msg('archive.absolutePath', { path: raw }));
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.includes('..')) throw formatError(msg('archive.climbsOut', { path: raw }));
  if (path.includes('\0')) throw formatError(msg('archive.nulName'));
  return parts.join('/');
}

/** Output cap for inflating `packed` bytes: the smaller of the total cap and the ratio allowance. */
const inflateCap = (packed: number, limits: ArchiveLimits) => Math.min(limits.maxTotalBytes, Math.max(limits.ratioFloorBytes, packed * limits.maxRatio));

function isOutputTooLarge(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError;
}

/** gunzip with a cap (also reads dictzip .dict.dz, which is gzip with an index in the extra field). */
export function gunzipCapped(data: Uint8Array, what: MessageParam, limits: ArchiveLimits = ARCHIVE_LIMITS): Uint8Array {
  try {
    return zlib.gunzipSync(data, { maxOutputLength: inflateCap(data.length, limits) });
  } catch (err) {
    if (isOutputTooLarge(err)) throw bombError(what, limits);
    throw formatError(msg(/unexpected end/i.test((err as Error).message) ? 'archive.gzipCut' : 'archive.gzipDamaged', { what }));
  }
}

// ---- zip (jszip) ---------------------------------------------------------------------------------

const CENTRAL_HEADER_SIG = Buffer.from([0x50, 0x4b, 0x01, 0x02]);

/**
 * An upper bound on the entries jszip will list: it follows central-directory signatures (not the
 * end record's count) and builds every entry before we can look at the listing, so a hostile zip of
 * a million headers pointing at one file costs about 1 GB of heap. Counting the signature in the raw
 * bytes is cheap and never undercounts; it overcounts only if stored entry data happens to contain it.
 */
function centralHeaderBound(buf: Buffer): number {
  let n = 0;
  for (let p = buf.indexOf(CENTRAL_HEADER_SIG); p >= 0; p = buf.indexOf(CENTRAL_HEADER_SIG, p + 4)) n++;
  return n;
}

/** The output side of jszip's `ZipObject.internalStream` (public API, missing from its typings). */
interface JSZipChunkStream {
  on(event: 'data', fn: (chunk: Uint8Array) => void): JSZipChunkStream;
  on(event: 'end', fn: () => void): JSZipChunkStream;
  on(event: 'error', fn: (err: Error) => void): JSZipChunkStream;
  resume(): JSZipChunkStream;
  pause(): JSZipChunkStream;
}

interface ZipFile extends ArchiveEntry {
  packedSize: number;
  object: JSZip.JSZipObject;
}

/**
 * The central directory's sizes, which jszip keeps on the entry's private CompressedObject (`_data`,
 * described in its typings). An entry declaring 0 bytes gets empty content instead, so anything else
 * counts as 0 bytes: inflateEntry then refuses any output at all, which fails safe.
 */
function declaredSizes(object: JSZip.JSZipObject): { size: number; packedSize: number } {
  const data = (object as unknown as { _data?: { uncompressedSize?: unknown; compressedSize?: unknown } })._data;
  const size = data?.uncompressedSize;
  const packedSize = data?.compressedSize;
  return typeof size === 'number' && typeof packedSize === 'number' ? { size, packedSize } : { size: 0, packedSize: 0 };
}

function zipLoadError(err: unknown): AppError {
  const message = (err as Error).message ?? String(err);
  if (/encrypted/i.test(message)) return formatError(msg('archive.encrypted'));
  if (/compression .* unknown/i.test(message)) return formatError(msg('archive.compression'));
  // The library's own wording (and its help URL) means nothing to the user; say what it found in plain words.
  if (/end of data|corrupted|truncated/i.test(message)) return formatError(msg('archive.zipCut'));
  return formatError(msg('archive.notZip'));
}

/**
 * Inflates one entry into a buffer of its declared size and stops the moment the output would pass
 * that size or the archive-wide budget: the declared size is what the listing checks approved, so a
 * header that lies is caught after at most one chunk more than it promised.
 */
function inflateEntry(file: ZipFile, budget: { left: number }, limits: ArchiveLimits): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const out = Buffer.allocUnsafe(file.size);
    let n = 0;
    let settled = false;
    const stream = (file.object as unknown as { internalStream(type: 'uint8array'): JSZipChunkStream }).internalStream('uint8array');
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      stream.pause();
      reject(err);
    };
    stream
      .on('data', (chunk) => {
        if (settled) return;
        if (n + chunk.length > file.size) return fail(formatError(msg('archive.entryBomb', { path: file.path })));
        if (chunk.length > budget.left) return fail(bombError(THE_ARCHIVE, limits));
        out.set(chunk, n);
        n += chunk.length;
        budget.left -= chunk.length;
      })
      .on('error', (err) => fail(formatError(msg(/size mismatch/.test(err.message) ? 'archive.entrySize' : 'archive.entryCorrupt', { path: file.path }))))
      .on('end', () => {
        if (n !== file.size) return fail(formatError(msg('archive.entrySize', { path: file.path })));
        settled = true;
        resolve(out);
      })
      .resume();
  });
}

async function openZip(data: Uint8Array, limits: ArchiveLimits): Promise<Archive> {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const bound = centralHeaderBound(buf);
  if (bound > limits.maxEntries) throw formatError(msg('archive.tooManyEntries', { count: bound, max: limits.maxEntries }));
  let zip: JSZip;
  try {
    // Names are read as UTF-8 whatever the flag says (jszip would fall back to a binary string).
    zip = await JSZip.loadAsync(buf, { decodeFileName: (bytes) => utf8.decode(bytes as Uint8Array) });
  } catch (err) {
    throw zipLoadError(err);
  }

  // Listing first: every entry is checked before a single byte is inflated.
  const files: ZipFile[] = [];
  let total = 0;
  for (const object of Object.values(zip.files)) {
    // jszip resolves ".." in `name` and keeps what the archive said in `unsafeOriginalName` (files only).
    const rawName = object.unsafeOriginalName ?? object.name;
    const path = safeEntryPath(rawName);
    if (object.dir || rawName.endsWith('/') || rawName.endsWith('\\')) continue;
    const { size, packedSize } = declaredSizes(object);
    // jszip reads 32-bit sizes as signed: a negative one declares 2 GB or more.
    if (size < 0 || packedSize < 0) throw bombError(THE_ARCHIVE, limits);
    total += size;
    if (total > limits.maxTotalBytes || (size > limits.ratioFloorBytes && size > packedSize * limits.maxRatio)) throw bombError(THE_ARCHIVE, limits);
    files.push({ path, size, packedSize, object });
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  const budget = { left: limits.maxTotalBytes };
  return {
    files: files.map(({ path, size }) => ({ path, size })),
    read(path) {
      const file = byPath.get(path);
      if (!file) throw new Error(`No archive entry ${path}`);
      return inflateEntry(file, budget, limits);
    },
  };
}

// ---- tar (tar-stream, after gunzip / bunzip2 / unxz) -----------------------------------------------

function tarError(err: unknown): AppError {
  const message = (err as Error).message ?? String(err);
  if (/unexpected end of data/i.test(message)) return formatError(msg('archive.tarCut'));
  if (/invalid tar header/i.test(message)) return formatError(msg('archive.tarHeader'));
  return formatError(msg('archive.tarDamaged'));
}

async function openTar(tar: Uint8Array, limits: ArchiveLimits): Promise<Archive> {
  const files: ArchiveEntry[] = [];
  const contents = new Map<string, Uint8Array>();
  // Pre-POSIX (v7) tars carry no "ustar" magic; they are read too. (The option exists in tar-stream's
  // extract.js but not in its bundled typings.)
  const extract = tarExtract({ allowUnknownFormat: true } as Parameters<typeof tarExtract>[0]);
  extract.end(Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength));
  let entries = 0;
  let total = 0;
  try {
    // Each entry is checked as it is listed; nothing is handed out before the whole listing passed.
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      if (++entries > limits.maxEntries) throw formatError(msg('archive.moreThanEntries', { max: limits.maxEntries }));
      const path = safeEntryPath(name);
      total += size;
      if (total > limits.maxTotalBytes) throw bombError(THE_ARCHIVE, limits);
      // Only regular files are read; links, folders and devices are listed (and path-checked) but never followed.
      if (type !== 'file' && type !== 'contiguous-file') {
        entry.resume();
        continue;
      }
      // The whole tar was written as one buffer, so an entry's data arrives as one slice of it (no copy).
      const chunks: Uint8Array[] = [];
      for await (const chunk of entry) chunks.push(chunk as Uint8Array);
      files.push({ path, size });
      contents.set(path, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw tarError(err);
  }
  return {
    files,
    read(path) {
      const data = contents.get(path);
      if (!data) throw new Error(`No archive entry ${path}`);
      return Promise.resolve(data);
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
        if (out.length >= cap) throw bombError(THE_ARCHIVE, limits);
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
    throw formatError(msg('archive.bzip2'));
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
        throw bombError(THE_ARCHIVE, limits);
      }
      chunks.push(value);
    }
  } catch (err) {
    if ((err as { status?: number }).status === 400) throw err;
    throw formatError(msg('archive.xz'));
  }
  return Buffer.concat(chunks);
}

export async function openArchive(
  data: Uint8Array,
  format: 'zip' | 'tar' | 'tar.gz' | 'tar.bz2' | 'tar.xz',
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): Promise<Archive> {
  switch (format) {
    case 'zip':
      return openZip(data, limits);
    case 'tar':
      return openTar(data, limits);
    case 'tar.gz':
      return openTar(gunzipCapped(data, THE_ARCHIVE, limits), limits);
    case 'tar.bz2':
      return openTar(bunzip2Capped(data, limits), limits);
    case 'tar.xz':
      return openTar(await unxzCapped(data, limits), limits);
  }
}
