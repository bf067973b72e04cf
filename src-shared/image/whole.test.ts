// Pictures checked whole: real pictures pass (Alice's 28 JPEGs; a PNG, an interlaced and a palette PNG, a GIF, a
// progressive JPEG with restart markers, lossy, lossless and animated WebP made from one of Alice's pictures by
// netpbm and libwebp), and the same pictures cut short, with a flipped bit, garbage after the header or no end
// are refused.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { imageZlib } from '../../src-main/core/image-zlib';
import { fixture, hasFixtures } from '../../tests/helpers/core';
import { chunk, ihdr, makePng, SIGNATURE } from '../../tests/helpers/png';
import { imageInfo } from './header';
import { brokenImage } from './whole';

const picture = (name: string) => new Uint8Array(fs.readFileSync(path.join(__dirname, '../../tests/fixtures/images', name)));
/** Why the bytes are refused as a picture (by the header reader or the whole check), or null when they pass. */
const broken = async (bytes: Uint8Array) => {
  const info = imageInfo(bytes);
  return info ? brokenImage(bytes, info, imageZlib) : 'no picture by its header';
};
const PICTURES = [
  'rabbit-interlaced.png',
  'rabbit-palette.png',
  'rabbit.gif',
  'rabbit-progressive.jpg',
  'rabbit-lossy.webp',
  'rabbit-lossless.webp',
  'rabbit-animated.webp',
];

/**
 * Where garbage starts: after the header imageInfo reads (PNG: signature and IHDR; JPEG: through the frame header;
 * GIF: the screen descriptor). WebP: over the first chunk's size; garbage inside a sound VP8/VP8L chunk would take
 * a WebP decoder to see (docs/books.md).
 */
function headerLength(name: string, b: Uint8Array): number {
  if (name.endsWith('.png')) return 33;
  if (name.endsWith('.gif')) return 13;
  if (name.endsWith('.webp')) return 16;
  let at = 2;
  while (b[at + 1] < 0xc0 || b[at + 1] > 0xc2) at += 2 + ((b[at + 2] << 8) | b[at + 3]);
  return at + 2 + ((b[at + 2] << 8) | b[at + 3]);
}

/** The same bytes with everything after `from` replaced by seeded noise. */
function garbageAfter(b: Uint8Array, from: number): Uint8Array {
  const out = b.slice();
  let seed = 12345;
  for (let i = from; i < out.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    out[i] = seed >>> 24;
  }
  return out;
}

describe('pictures that are whole pass', () => {
  it.each(PICTURES)('%s', async (name) => {
    expect(await broken(picture(name))).toBeNull();
  });

  it('a PNG made by node:zlib, and the smallest of them', async () => {
    expect(await broken(makePng(40, 30))).toBeNull();
    expect(await broken(makePng(1, 1))).toBeNull();
  });

  it.skipIf(!hasFixtures)("Alice's 28 JPEGs", async () => {
    const zip = await JSZip.loadAsync(fs.readFileSync(fixture('epub', 'epubjs_alice.epub')));
    const jpegs = zip.file(/\.jpg$/);
    expect(jpegs).toHaveLength(28);
    for (const file of jpegs) expect([file.name, await broken(await file.async('uint8array'))]).toEqual([file.name, null]);
  });
});

describe('pictures that are not whole are refused', () => {
  it.each(PICTURES)('%s cut short, with garbage after its header, or without its last two bytes', async (name) => {
    const b = picture(name);
    expect(await broken(b.subarray(0, Math.floor(b.length / 2)))).not.toBeNull();
    expect(await broken(garbageAfter(b, headerLength(name, b)))).not.toBeNull();
    expect(await broken(b.subarray(0, b.length - 2))).not.toBeNull();
  });

  it('a PNG with a bit flipped (its CRC no longer matches), without IEND, or with IHDR not first', async () => {
    const good = makePng(12, 7);
    const flipped = good.slice();
    flipped[good.length - 20] ^= 0x04;
    expect(await broken(flipped)).toMatch(/IDAT chunk's CRC is wrong/);
    expect(await broken(good.subarray(0, good.length - 12))).toMatch(/before IEND/);
    const text = chunk('tEXt', new TextEncoder().encode('Comment\0hi'));
    const late = Buffer.concat([SIGNATURE, text, ihdr(12, 7), Buffer.from(good.subarray(33))]);
    // The header reader sees no IHDR at its place either: such a file is no picture at all.
    expect(imageInfo(late)).toBeNull();
  });

  it('a PNG whose chunks are sound but whose pixels stop early, or are missing', async () => {
    // Rows of noise: zeros would deflate to a few bytes, all of them in the first eight.
    const rows = (n: number) => Buffer.from(garbageAfter(new Uint8Array(n * (1 + 12 * 3)), 0));
    const png = (...chunks: Buffer[]) => new Uint8Array(Buffer.concat([SIGNATURE, ihdr(12, 7), ...chunks, chunk('IEND', Buffer.alloc(0))]));
    expect(await broken(png(chunk('IDAT', zlib.deflateSync(rows(7)))))).toBeNull();
    expect(await broken(png(chunk('IDAT', zlib.deflateSync(rows(5)))))).toBe('pixel data inflates to 185 of 259 bytes');
    expect(await broken(png(chunk('IDAT', zlib.deflateSync(rows(7)).subarray(0, 8))))).toMatch(/pixel data inflates to \d+ of 259 bytes/);
    expect(await broken(png(chunk('tEXt', Buffer.from('a\0b'))))).toBe('no IDAT chunk');
    const [head, tail] = [zlib.deflateSync(rows(7)).subarray(0, 10), zlib.deflateSync(rows(7)).subarray(10)];
    expect(await broken(png(chunk('IDAT', head), chunk('IDAT', tail)))).toBeNull();
    expect(await broken(png(chunk('IDAT', head), chunk('tEXt', Buffer.from('a\0b')), chunk('IDAT', tail)))).toBe('IDAT chunks are not consecutive');
  });

  it('a JPEG without its end-of-image marker, or whose frame is not the size its header says', async () => {
    const jpg = picture('rabbit-progressive.jpg');
    expect(await broken(jpg.subarray(0, jpg.length - 2))).toBe('scan data cut short, no end-of-image marker');
    const sof = headerLength('x.jpg', jpg) - 17; // a 3-component frame header is 17 bytes from its marker
    const bad = jpg.slice();
    bad[sof + 5] ^= 1; // the frame's height
    const info = imageInfo(jpg)!;
    expect(await brokenImage(bad, info, imageZlib)).toBe('frame size is not the header size');
  });

  it('a GIF cut inside its last image (one that lacks only the trailer shows whole), a WebP whose RIFF size is not the file', async () => {
    const gif = picture('rabbit.gif');
    expect(await broken(gif.subarray(0, gif.length - 1))).toBeNull();
    expect(await broken(gif.subarray(0, gif.length - 2))).toBe('a block runs past the end');
    expect(await broken(Buffer.concat([gif.subarray(0, gif.length - 1), Buffer.from([0x2c, 0, 0])]))).toBe('cut short, no trailer');
    const webp = picture('rabbit-lossy.webp');
    expect(await broken(Buffer.concat([webp, Buffer.alloc(4)]))).toMatch(/^RIFF says \d+ bytes, the file has \d+$/);
  });
});
