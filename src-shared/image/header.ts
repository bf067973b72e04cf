// Runs in: any process (in practice the EPUB worker thread). What a picture's bytes say it is: PNG, JPEG, GIF or
// WebP by their magic bytes, with the width and height read from the headers — never by decoding pixels, so a
// 200-megapixel bomb costs a few bytes to refuse. Anything else (SVG, HTML named .png, BMP, TIFF) is null.
// A small reader of our own: no header library (image-size and the like) is installed, and these four formats
// put their dimensions at fixed, documented places.

export interface ImageInfo {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  width: number;
  height: number;
}

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (b: Uint8Array, bytes: readonly number[], at = 0) => b.length >= at + bytes.length && bytes.every((x, i) => b[at + i] === x);
const ascii = (b: Uint8Array, at: number, s: string) =>
  startsWith(
    b,
    [...s].map((c) => c.charCodeAt(0)),
    at,
  );
const be16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const le16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const be32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;
const le24 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);

function png(b: Uint8Array): ImageInfo | null {
  // The first chunk must be IHDR (13 bytes: width, height, ...), right after the signature.
  if (b.length < 24 || !ascii(b, 12, 'IHDR')) return null;
  return { mime: 'image/png', ext: 'png', width: be32(b, 16), height: be32(b, 20) };
}

function gif(b: Uint8Array): ImageInfo | null {
  if (b.length < 10) return null;
  return { mime: 'image/gif', ext: 'gif', width: le16(b, 6), height: le16(b, 8) };
}

/** Walks the JPEG's segments to the first start-of-frame marker, which holds the frame's size. */
function jpeg(b: Uint8Array): ImageInfo | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    const length = be16(b, at + 2);
    if (length < 2) return null;
    // SOF0-SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: 'image/jpeg', ext: 'jpg', height: be16(b, at + 5), width: be16(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

function webp(b: Uint8Array): ImageInfo | null {
  if (b.length < 30) return null;
  const info = (width: number, height: number): ImageInfo => ({ mime: 'image/webp', ext: 'webp', width, height });
  if (ascii(b, 12, 'VP8 ')) {
    // Lossy: a key frame's start code, then 14-bit width and height.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return info(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  }
  if (ascii(b, 12, 'VP8L')) {
    if (b[20] !== 0x2f) return null;
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return info((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (ascii(b, 12, 'VP8X')) return info(le24(b, 24) + 1, le24(b, 27) + 1);
  return null;
}

/** The picture's type and size from its first bytes, or null when it is not a PNG, JPEG, GIF or WebP. */
export function imageInfo(bytes: Uint8Array): ImageInfo | null {
  if (startsWith(bytes, PNG_MAGIC)) return png(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes);
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return gif(bytes);
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return webp(bytes);
  return null;
}
