// Runs in: any process (in practice the EPUB worker thread). Whether a picture's bytes hold together from the
// first byte to the last, past the header that imageInfo reads: a file cut short, a damaged chunk or a header
// followed by garbage is shown by the browser as a broken image, so it is left out like a file that is no picture.
// A walk of each format's structure, not a decode: decoding in JavaScript (jpeg-js: ~0.7 s for Alice's 28 small
// JPEGs, ~16 s and 160 MB for one 40-megapixel picture) would cost the worker more than the import itself, and no
// kept WebP decoder runs in Node without native code. PNG goes furthest: every chunk's CRC-32 and its pixel data
// inflated to the size its header promises (zlib does both, handed in: this file stays pure).
import type { ImageInfo } from './header';

/** What the check needs from zlib (the worker passes node:zlib's; see src-main/core/image-zlib.ts). */
export interface ImageZlib {
  /** zlib's CRC-32 of `data`. */
  crc32(data: Uint8Array): number;
  /**
   * How many bytes the zlib stream cut into `parts` inflates to, stopping once it reaches `want` (so memory and time
   * stay bounded by the header's promise); fewer when the stream is damaged or ends early.
   */
  inflatedBytes(parts: Uint8Array[], want: number): Promise<number>;
}

const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const le32 = (b: Uint8Array, at: number) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
const fourcc = (b: Uint8Array, at: number) => String.fromCharCode(b[at], b[at + 1], b[at + 2], b[at + 3]);

/** Samples per pixel by PNG colour type, and the bit depths each allows. */
const PNG_COLOUR: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};
/** Adam7's seven passes: x start, y start, x step, y step. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/** The bytes a PNG's pixel data inflates to (a filter byte before each row of each pass), or null for an IHDR no decoder accepts. */
function pngRawBytes(ihdr: Uint8Array): number | null {
  const [width, height, depth, colour, compression, filter, interlace] = [be32(ihdr, 0), be32(ihdr, 4), ihdr[8], ihdr[9], ihdr[10], ihdr[11], ihdr[12]];
  const kind = PNG_COLOUR[colour];
  if (!kind || !kind.depths.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1 || !width || !height) return null;
  const rows = (w: number, h: number) => (w && h ? h * (1 + Math.ceil((w * kind.channels * depth) / 8)) : 0);
  if (!interlace) return rows(width, height);
  return ADAM7.reduce((sum, [x0, y0, dx, dy]) => sum + rows(Math.ceil(Math.max(0, width - x0) / dx), Math.ceil(Math.max(0, height - y0) / dy)), 0);
}

/** Chunks from the signature to IEND, each in bounds with its CRC right; IHDR first, PLTE for a palette, IDAT in one run, pixels all there. */
async function png(b: Uint8Array, zlib: ImageZlib): Promise<string | null> {
  let at = 8;
  let raw: number | null = null;
  let palette = false;
  let needsPalette = false;
  const idat: Uint8Array[] = [];
  let idatOver = false;
  for (;;) {
    if (at + 12 > b.length) return `cut short at byte ${at}, before IEND`;
    const length = be32(b, at);
    const type = fourcc(b, at + 4);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length) return `${type} chunk runs past the end`;
    if (zlib.crc32(b.subarray(at + 4, end - 4)) >>> 0 !== be32(b, end - 4)) return `${type} chunk's CRC is wrong`;
    const data = b.subarray(at + 8, end - 4);
    if (at === 8) {
      if (type !== 'IHDR' || length !== 13) return 'IHDR is not first';
      raw = pngRawBytes(data);
      needsPalette = data[9] === 3;
      if (raw === null) return 'IHDR holds values no decoder accepts';
    } else if (type === 'IDAT') {
      if (idatOver) return 'IDAT chunks are not consecutive';
      idat.push(data);
    } else if (idat.length) idatOver = true;
    if (type === 'PLTE') palette = true;
    at = end;
    // Bytes after IEND are ignored by every decoder, so they do not break the picture.
    if (type === 'IEND') break;
  }
  if (!idat.length) return 'no IDAT chunk';
  if (needsPalette && !palette) return 'a palette picture without PLTE';
  const got = await zlib.inflatedBytes(idat, raw!);
  return got < raw! ? `pixel data inflates to ${got} of ${raw} bytes` : null;
}

const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** Segments from SOI to EOI, each in bounds: a frame (its size the header's) before the first scan, each scan's data up to the next marker. */
function jpeg(b: Uint8Array, info: ImageInfo): string | null {
  let at = 2;
  let frame = false;
  let scans = 0;
  while (at + 1 < b.length) {
    if (b[at] !== 0xff) return `no marker at byte ${at}`;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9) return scans ? null : 'ends before any scan';
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0x00 || marker === 0xd8) return `marker ${marker.toString(16)} out of place at byte ${at}`;
    if (at + 4 > b.length) break;
    const length = be16(b, at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > b.length) return `segment ${marker.toString(16)} runs past the end`;
    if (marker === 0xda) {
      const components = b[at + 4];
      if (!frame) return 'scan before any frame';
      if (!components || components > 4 || length !== 6 + 2 * components) return 'scan header is malformed';
    }
    if (isFrame(marker)) {
      const components = b[at + 9];
      if (length < 8 || !components || length !== 8 + 3 * components) return 'frame header is malformed';
      if (!frame && (be16(b, at + 5) !== info.height || be16(b, at + 7) !== info.width)) return 'frame size is not the header size';
      frame = true;
    }
    at = end;
    if (marker === 0xda) {
      scans++;
      // Entropy-coded data runs to the next marker: 0xFF is followed by 0x00 (a stuffed byte), a restart marker,
      // or fill bytes before a real marker.
      for (;;) {
        at = b.indexOf(0xff, at);
        if (at < 0 || at + 1 >= b.length) return 'scan data cut short, no end-of-image marker';
        const next = b[at + 1];
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
        else if (next === 0xff) at++;
        else break;
      }
    }
  }
  return 'cut short, no end-of-image marker';
}

/**
 * Blocks from the screen descriptor to the trailer 0x3B, every sub-block in bounds, at least one image. A file that
 * ends right after a whole image without the trailer passes: browsers show it whole, and such files are about
 * (Python's own IDLE icons).
 */
function gif(b: Uint8Array): string | null {
  const table = (flags: number) => (flags & 0x80 ? 3 * (1 << ((flags & 7) + 1)) : 0);
  /** The position after a run of sub-blocks and its zero terminator, or -1 when it runs past the end. */
  const subBlocks = (at: number) => {
    while (at < b.length) {
      const size = b[at];
      at += 1 + size;
      if (!size) return at;
    }
    return -1;
  };
  let at = 13 + table(b[10]);
  let images = 0;
  while (at < b.length) {
    const block = b[at];
    if (block === 0x3b) return images ? null : 'no image before the trailer';
    if (block === 0x21) at = subBlocks(at + 2);
    else if (block === 0x2c) {
      if (at + 10 >= b.length) break;
      at += 10 + table(b[at + 9]);
      // LZW minimum code size: 2-8 by the spec; decoders take up to 11.
      if (at >= b.length || b[at] < 1 || b[at] > 11) return 'image data is malformed';
      at = subBlocks(at + 1);
      images++;
    } else return `unknown block 0x${block.toString(16)} at byte ${at}`;
    if (at < 0) return 'a block runs past the end';
  }
  return images && at === b.length ? null : 'cut short, no trailer';
}

/** The RIFF size is the file's; chunks fill it in bounds; an image chunk (VP8, VP8L or an animation frame) with a sound header. */
function webp(b: Uint8Array): string | null {
  const end = le32(b, 4) + 8;
  if (end !== b.length) return `RIFF says ${end} bytes, the file has ${b.length}`;
  let at = 12;
  let image = false;
  while (at < end) {
    if (at + 8 > end) return `chunk header cut short at byte ${at}`;
    const size = le32(b, at + 4);
    const type = fourcc(b, at);
    const body = at + 8;
    if (body + size > end) return `${type} chunk runs past the end`;
    if (type === 'VP8 ') {
      // Frame tag: key frame (bit 0 clear), first partition size (19 bits from bit 5), then the start code.
      const tag = b[body] | (b[body + 1] << 8) | (b[body + 2] << 16);
      if (size < 10 || tag & 1 || 10 + (tag >>> 5) > size) return 'VP8 frame header is malformed';
      image = true;
    } else if (type === 'VP8L') {
      if (size < 5 || b[body] !== 0x2f || b[body + 4] >> 5) return 'VP8L header is malformed';
      image = true;
    } else if (type === 'ANMF') {
      if (size < 16) return 'ANMF frame is malformed';
      image = true;
    }
    at = body + size + (size & 1);
  }
  return image ? null : 'no image chunk';
}

/** Why the picture's bytes do not hold together (for logs and tests), or null when they do. */
export async function brokenImage(bytes: Uint8Array, info: ImageInfo, zlib: ImageZlib): Promise<string | null> {
  switch (info.ext) {
    case 'png':
      return png(bytes, zlib);
    case 'jpg':
      return jpeg(bytes, info);
    case 'gif':
      return gif(bytes);
    case 'webp':
      return webp(bytes);
  }
}
