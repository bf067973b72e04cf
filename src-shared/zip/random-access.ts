// Runs in: any process. A zip read from its central directory through random access: the listing is checked
// first (entries, declared sizes, total, ratio), then only the entries asked for are read and inflated, with hard
// output caps, so a zip bomb stops at the cap instead of filling memory and entries nobody asks for (an EPUB's
// images, an Anki deck's media) are never even read. The bytes can be in memory (an IPC upload) or in a file (an
// HTTP upload streamed to disk): only the parts read are ever loaded. ArrayBuffer memory is not covered by a
// worker's heap cap: these caps are what bounds it. The caller words the refusals (ZipWords): an EPUB and an
// Anki package say them differently.

export interface ZipLimits {
  /** Size of the zip file itself. */
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

/** The errors a refusal throws, in the words of the caller's file format (sizes in bytes). */
export interface ZipWords {
  notZip(): Error;
  tooLarge(size: number, max: number): Error;
  /** The end record declares more entries than allowed. */
  tooManyEntries(count: number, max: number): Error;
  /** The central directory lists more entries than allowed (its end record said fewer). */
  moreThanEntries(max: number): Error;
  encrypted(): Error;
  entryTooLarge(path: string, size: number, max: number): Error;
  bomb(): Error;
  unpacksTooLarge(max: number): Error;
  damaged(why: string): Error;
  lacks(path: string): Error;
  entryDamaged(path: string, why: string): Error;
}

export interface ZipArchive {
  /** Entry paths with "/" separators, files only. */
  paths: string[];
  has(path: string): boolean;
  /** The declared unpacked size of an entry (from the listing), or undefined. */
  sizeOf(path: string): number | undefined;
  /** Inflates one entry; rejects on a damaged or lying entry or when a cap is passed. */
  read(path: string): Promise<Uint8Array>;
}

/** Where the zip's bytes are: `read` may return fewer bytes than asked at the end. */
export interface RandomAccess {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const bytesAccess = (bytes: Uint8Array): RandomAccess => ({
  size: bytes.length,
  read: (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length))),
});

/**
 * A synchronous raw-deflate inflater with an output cap (node:zlib's inflateRawSync with maxOutputLength in
 * main and the worker). It must throw when the output would pass `maxBytes`.
 */
export type InflateRaw = (packed: Uint8Array, maxBytes: number) => Uint8Array;

const STORED = 0;
const DEFLATED = 8;
const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  path: string;
  method: number;
  size: number;
  packed: number;
  /** Offset of the local header, already corrected for bytes prepended to the archive. */
  local: number;
}

const view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);
const u64 = (v: DataView, at: number) => Number(v.getBigUint64(at, true));
const utf8 = new TextDecoder('utf-8');

/** The end of central directory record: where the listing is and how many entries it claims. */
async function endOfCentralDirectory(src: RandomAccess, words: ZipWords): Promise<{ entries: number; cdSize: number; cdOffset: number; at: number }> {
  // The record is 22 bytes plus a comment of at most 65,535.
  const tailStart = Math.max(0, src.size - 22 - 0xffff);
  const tail = await src.read(tailStart, src.size - tailStart);
  const v = view(tail);
  let i = tail.length - 22;
  while (i >= 0 && v.getUint32(i, true) !== EOCD) i--;
  if (i < 0) throw words.damaged('no central directory');
  let entries = v.getUint16(i + 10, true);
  let cdSize = v.getUint32(i + 12, true);
  let cdOffset = v.getUint32(i + 16, true);
  const at = tailStart + i;
  if ((entries === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) && i >= 20 && v.getUint32(i - 20, true) === EOCD64_LOCATOR) {
    const rec = view(await src.read(u64(v, i - 12), 56));
    if (rec.byteLength < 56 || rec.getUint32(0, true) !== EOCD64) throw words.damaged('bad zip64 record');
    entries = u64(rec, 32);
    cdSize = u64(rec, 40);
    cdOffset = u64(rec, 48);
  }
  return { entries, cdSize, cdOffset, at };
}

/** Zip64 sizes and offset from the extra field (id 1), in the order the 32-bit fields are saturated. */
function zip64Extra(v: DataView, from: number, to: number, e: { size: number; packed: number; local: number }): void {
  for (let p = from; p + 4 <= to;) {
    const id = v.getUint16(p, true);
    const len = v.getUint16(p + 2, true);
    if (id === 1) {
      let q = p + 4;
      for (const key of ['size', 'packed', 'local'] as const) {
        if (e[key] === 0xffffffff && q + 8 <= p + 4 + len) {
          e[key] = u64(v, q);
          q += 8;
        }
      }
      return;
    }
    p += 4 + len;
  }
}

export async function openZip(source: Uint8Array | RandomAccess, inflateRaw: InflateRaw, limits: ZipLimits, words: ZipWords): Promise<ZipArchive> {
  const src = source instanceof Uint8Array ? bytesAccess(source) : source;
  if (src.size > limits.maxFileBytes) throw words.tooLarge(src.size, limits.maxFileBytes);
  const magic = await src.read(0, 4);
  if (src.size < 22 || magic[0] !== 0x50 || magic[1] !== 0x4b) throw words.notZip();
  const end = await endOfCentralDirectory(src, words);
  if (end.entries > limits.maxEntries) throw words.tooManyEntries(end.entries, limits.maxEntries);
  // Bytes prepended to the archive (a self-extractor stub, a broken writer) shift every offset by the same amount.
  const shift = end.at - end.cdSize - end.cdOffset;
  if (shift < 0 || end.cdSize > src.size) throw words.damaged('central directory out of range');
  const cd = await src.read(end.cdOffset + shift, end.cdSize);
  const v = view(cd);
  const entries = new Map<string, Entry>();
  let total = 0;
  let count = 0;
  for (let p = 0; p + 46 <= cd.length && v.getUint32(p, true) === CENTRAL;) {
    if (++count > limits.maxEntries) throw words.moreThanEntries(limits.maxEntries);
    const flags = v.getUint16(p + 8, true);
    const nameLength = v.getUint16(p + 28, true);
    const extraLength = v.getUint16(p + 30, true);
    const next = p + 46 + nameLength + extraLength + v.getUint16(p + 32, true);
    if (p + 46 + nameLength > cd.length) throw words.damaged('truncated central directory');
    const name = utf8.decode(cd.subarray(p + 46, p + 46 + nameLength));
    const e = { size: v.getUint32(p + 24, true), packed: v.getUint32(p + 20, true), local: v.getUint32(p + 42, true) };
    zip64Extra(v, p + 46 + nameLength, Math.min(cd.length, p + 46 + nameLength + extraLength), e);
    const method = v.getUint16(p + 10, true);
    p = next;
    if (name.endsWith('/')) continue;
    if (flags & 1) throw words.encrypted();
    const path = name.replace(/\\/g, '/').replace(/^\/+/, '');
    if (e.size > limits.maxEntryBytes) throw words.entryTooLarge(path.slice(0, 80), e.size, limits.maxEntryBytes);
    if (e.size > limits.ratioFloorBytes && e.size > e.packed * limits.maxRatio) throw words.bomb();
    total += e.size;
    if (total > limits.maxTotalBytes) throw words.unpacksTooLarge(limits.maxTotalBytes);
    entries.set(path, { path, method, size: e.size, packed: e.packed, local: e.local + shift });
  }
  if (count === 0 && end.entries > 0) throw words.damaged('unreadable central directory');
  const budget = { left: limits.maxTotalBytes };
  return {
    paths: [...entries.keys()],
    has: (path) => entries.has(path),
    sizeOf: (path) => entries.get(path)?.size,
    async read(path) {
      const entry = entries.get(path);
      if (!entry) throw words.lacks(path.slice(0, 80));
      return inflateEntry(src, entry, inflateRaw, budget, words);
    },
  };
}

async function inflateEntry(src: RandomAccess, entry: Entry, inflateRaw: InflateRaw, budget: { left: number }, words: ZipWords): Promise<Uint8Array> {
  const entryDamaged = (e: Entry, why: string) => words.entryDamaged(e.path.slice(0, 80), why);
  if (entry.size > budget.left) throw words.bomb();
  const header = await src.read(entry.local, 30);
  const h = view(header);
  if (header.length < 30 || h.getUint32(0, true) !== LOCAL) throw entryDamaged(entry, 'no local header');
  // The local extra field may differ from the central one: the data starts after the local header's own.
  const start = entry.local + 30 + h.getUint16(26, true) + h.getUint16(28, true);
  if (start + entry.packed > src.size) throw entryDamaged(entry, 'truncated');
  const packed = await src.read(start, entry.packed);
  let out: Uint8Array;
  if (entry.method === STORED) out = packed;
  else if (entry.method === DEFLATED) {
    try {
      // One byte over the declared size is enough to catch a lying header.
      out = inflateRaw(packed, entry.size + 1);
    } catch (err) {
      if (/maxOutputLength|buffer|too large|RangeError/i.test(`${(err as Error).name} ${(err as Error).message}`)) throw words.bomb();
      throw entryDamaged(entry, (err as Error).message.slice(0, 80));
    }
  } else throw entryDamaged(entry, `compression method ${entry.method} is not supported`);
  if (out.length > entry.size) throw words.bomb();
  if (out.length !== entry.size) throw entryDamaged(entry, 'size mismatch');
  budget.left -= out.length;
  return out;
}
