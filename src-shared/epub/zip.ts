// Runs in: any process (in practice the EPUB worker thread). The EPUB's zip, read in memory with jszip: the
// listing is checked first (entries, declared sizes, total, ratio), then entries are inflated on demand with
// hard output caps, so a zip bomb stops at the cap instead of filling memory. ArrayBuffer memory is not
// covered by the worker's heap cap: these caps are what bounds it.
import JSZip from 'jszip';
import { AppError } from '../contract/errors';

export interface EpubLimits {
  /** Size of the .epub file itself. */
  maxFileBytes: number;
  maxEntries: number;
  /** Unpacked size of all entries together. */
  maxTotalBytes: number;
  /** Unpacked size of one entry. */
  maxEntryBytes: number;
  /** Unpacked : packed ratio above which an entry counts as a decompression bomb. */
  maxRatio: number;
  /** Entries smaller than this are never refused for their ratio (tiny or repetitive files compress very well). */
  ratioFloorBytes: number;
}

export const EPUB_LIMITS: EpubLimits = {
  maxFileBytes: 100 * 1024 * 1024,
  maxEntries: 2000,
  maxTotalBytes: 500 * 1024 * 1024,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 4 * 1024 * 1024,
};

/** The user-facing refusal of an EPUB (422: the upload arrived, its content is refused). */
export const epubError = (message: string) => new AppError(422, message);

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
const bombError = () => epubError('This EPUB unpacks to far more than its size (a possible decompression bomb); it was refused');

export interface EpubZip {
  /** Entry paths with "/" separators, files only. */
  paths: string[];
  has(path: string): boolean;
  /** Inflates one entry; rejects with an AppError on a damaged or lying entry or when a cap is passed. */
  read(path: string): Promise<Uint8Array>;
}

interface JSZipChunkStream {
  on(event: 'data', fn: (chunk: Uint8Array) => void): JSZipChunkStream;
  on(event: 'end', fn: () => void): JSZipChunkStream;
  on(event: 'error', fn: (err: Error) => void): JSZipChunkStream;
  resume(): JSZipChunkStream;
  pause(): JSZipChunkStream;
}

interface Entry {
  path: string;
  size: number;
  object: JSZip.JSZipObject;
}

/**
 * A synchronous raw-deflate inflater with an output cap (in the worker: node:zlib's inflateRawSync with
 * maxOutputLength), much faster than jszip's chunked pipeline for hundreds of small entries. It must throw
 * when the output would pass `maxBytes`.
 */
export type InflateRaw = (packed: Uint8Array, maxBytes: number) => Uint8Array;

const STORED = '\x00\x00';
const DEFLATED = '\x08\x00';

/** The entry's raw packed bytes and method, from jszip's private CompressedObject (null when unavailable). */
function packedOf(object: JSZip.JSZipObject): { method: string; data: Uint8Array } | null {
  const d = (object as unknown as { _data?: { compression?: { magic?: string }; compressedContent?: unknown } })._data;
  const method = d?.compression?.magic;
  return d && d.compressedContent instanceof Uint8Array && (method === STORED || method === DEFLATED) ? { method, data: d.compressedContent } : null;
}

const CENTRAL_HEADER = [0x50, 0x4b, 0x01, 0x02];

/** Upper bound of the entries jszip would build (it follows central-directory signatures): checked before loading. */
function centralHeaderBound(buf: Uint8Array): number {
  let n = 0;
  for (let i = 0; i + 3 < buf.length; i++) {
    if (buf[i] === 0x50 && buf[i + 1] === 0x4b && buf[i + 2] === CENTRAL_HEADER[2] && buf[i + 3] === CENTRAL_HEADER[3]) {
      n++;
      i += 3;
    }
  }
  return n;
}

/** The central directory's sizes (jszip keeps them on the entry's private `_data`). */
function declaredSizes(object: JSZip.JSZipObject): { size: number; packed: number } {
  const data = (object as unknown as { _data?: { uncompressedSize?: unknown; compressedSize?: unknown } })._data;
  const size = data?.uncompressedSize;
  const packed = data?.compressedSize;
  return typeof size === 'number' && typeof packed === 'number' ? { size, packed } : { size: 0, packed: 0 };
}

const utf8 = new TextDecoder('utf-8');

export async function openEpubZip(bytes: Uint8Array, limits: EpubLimits = EPUB_LIMITS, inflateRaw?: InflateRaw): Promise<EpubZip> {
  if (bytes.length > limits.maxFileBytes) throw epubError(`This EPUB is ${MB(bytes.length)}; at most ${MB(limits.maxFileBytes)} can be imported`);
  if (bytes.length < 4 || bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw epubError('This file is not an EPUB: it is not a zip archive');
  const bound = centralHeaderBound(bytes);
  if (bound > limits.maxEntries) throw epubError(`This EPUB holds ${bound} entries; at most ${limits.maxEntries} are allowed`);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { decodeFileName: (b) => utf8.decode(b as Uint8Array) });
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    if (/encrypted/i.test(message)) throw epubError('This EPUB is encrypted (DRM); Lectio cannot read it');
    throw epubError(`This file is not an EPUB: the zip archive is damaged (${message.slice(0, 120)})`);
  }
  const entries = new Map<string, Entry>();
  let total = 0;
  for (const object of Object.values(zip.files)) {
    if (object.dir) continue;
    const path = object.name.replace(/\\/g, '/').replace(/^\/+/, '');
    const { size, packed } = declaredSizes(object);
    // jszip reads 32-bit sizes as signed: a negative one declares 2 GB or more.
    if (size < 0 || packed < 0) throw bombError();
    if (size > limits.maxEntryBytes)
      throw epubError(`The EPUB entry "${path.slice(0, 80)}" unpacks to ${MB(size)}; at most ${MB(limits.maxEntryBytes)} per entry are allowed`);
    if (size > limits.ratioFloorBytes && size > packed * limits.maxRatio) throw bombError();
    total += size;
    if (total > limits.maxTotalBytes) throw epubError(`This EPUB unpacks to more than ${MB(limits.maxTotalBytes)}; it was refused`);
    entries.set(path, { path, size, object });
  }
  if (entries.size > limits.maxEntries) throw epubError(`This EPUB holds ${entries.size} entries; at most ${limits.maxEntries} are allowed`);
  const budget = { left: limits.maxTotalBytes };
  return {
    paths: [...entries.keys()],
    has: (path) => entries.has(path),
    read(path) {
      const entry = entries.get(path);
      if (!entry) return Promise.reject(epubError(`The EPUB lacks "${path.slice(0, 80)}"`));
      const packed = inflateRaw ? packedOf(entry.object) : null;
      if (packed && inflateRaw) return Promise.resolve().then(() => inflateSync(entry, packed, inflateRaw, budget));
      return inflate(entry, budget);
    },
  };
}

function inflateSync(entry: Entry, packed: { method: string; data: Uint8Array }, inflateRaw: InflateRaw, budget: { left: number }): Uint8Array {
  if (entry.size > budget.left) throw bombError();
  let out: Uint8Array;
  if (packed.method === STORED) out = packed.data;
  else {
    try {
      // One byte over the declared size is enough to catch a lying header.
      out = inflateRaw(packed.data, entry.size + 1);
    } catch (err) {
      if (/maxOutputLength|buffer|too large|RangeError/i.test(`${(err as Error).name} ${(err as Error).message}`)) throw bombError();
      throw epubError(`The EPUB entry "${entry.path.slice(0, 80)}" is damaged (${(err as Error).message.slice(0, 80)})`);
    }
  }
  if (out.length > entry.size) throw bombError();
  if (out.length !== entry.size) throw epubError(`The EPUB entry "${entry.path.slice(0, 80)}" is damaged (size mismatch)`);
  budget.left -= out.length;
  return out;
}

/** Inflates into a buffer of the declared size and stops the moment the output would pass it. */
function inflate(entry: Entry, budget: { left: number }): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const out = new Uint8Array(entry.size);
    let n = 0;
    let settled = false;
    const stream = (entry.object as unknown as { internalStream(type: 'uint8array'): JSZipChunkStream }).internalStream('uint8array');
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      stream.pause();
      reject(err);
    };
    stream
      .on('data', (chunk) => {
        if (settled) return;
        if (n + chunk.length > entry.size || chunk.length > budget.left) return fail(bombError());
        out.set(chunk, n);
        n += chunk.length;
        budget.left -= chunk.length;
      })
      .on('error', (err) =>
        fail(
          epubError(
            `The EPUB entry "${entry.path.slice(0, 80)}" is damaged (${/size mismatch/.test(err.message) ? 'size mismatch' : err.message.slice(0, 80)})`,
          ),
        ),
      )
      .on('end', () => {
        if (settled) return;
        if (n !== entry.size) return fail(epubError(`The EPUB entry "${entry.path.slice(0, 80)}" is damaged (size mismatch)`));
        settled = true;
        resolve(out);
      })
      .resume();
  });
}
