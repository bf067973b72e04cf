import fs from 'node:fs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { fixture, hasFixtures } from '../../tests/helpers/core';
import { makePng, pngHeaderOnly } from '../../tests/helpers/png';
import { imageInfo } from './header';

const bytes = (...parts: (number[] | string)[]) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('imageInfo', () => {
  it('reads a PNG and a 200-megapixel PNG header without pixels', () => {
    expect(imageInfo(makePng(12, 7))).toEqual({ mime: 'image/png', ext: 'png', width: 12, height: 7 });
    expect(imageInfo(pngHeaderOnly(20_000, 10_000))).toMatchObject({ width: 20_000, height: 10_000 });
  });

  it.skipIf(!hasFixtures)('reads the JPEGs of the Alice fixture (frame size after the JFIF segment)', async () => {
    const zip = await JSZip.loadAsync(fs.readFileSync(fixture('epub', 'epubjs_alice.epub')));
    const jpg = await zip.file('OPS/images/i001_th.jpg')!.async('uint8array');
    expect(imageInfo(jpg)).toEqual({ mime: 'image/jpeg', ext: 'jpg', width: 160, height: 193 });
  });

  it('reads GIF and the three WebP flavours', () => {
    expect(imageInfo(bytes('GIF89a', [0x40, 0x01, 0xc8, 0x00], [0, 0, 0]))).toMatchObject({ mime: 'image/gif', width: 320, height: 200 });
    const riff = (kind: string, body: number[]) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', kind, [0, 0, 0, 0], body);
    // VP8X: 24-bit width-1 and height-1.
    expect(imageInfo(riff('VP8X', [0, 0, 0, 0, 0x3f, 0x01, 0x00, 0xc7, 0x00, 0x00]))).toMatchObject({ mime: 'image/webp', width: 320, height: 200 });
    // VP8 (lossy): frame tag, start code, 14-bit sizes.
    expect(imageInfo(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x40, 0x01, 0xc8, 0x00]))).toMatchObject({ width: 320, height: 200 });
    // VP8L (lossless): signature 0x2f, then 14 bits each of width-1 and height-1.
    const w = 319;
    const h = 199;
    const v = w | (h << 14);
    expect(imageInfo(riff('VP8L', [0x2f, v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, (v >>> 24) & 0xff, 0, 0, 0, 0, 0]))).toMatchObject({
      width: 320,
      height: 200,
    });
  });

  it('refuses what the bytes do not say is a raster picture', () => {
    expect(imageInfo(bytes('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(imageInfo(bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(imageInfo(bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]))).toBeNull();
    // A truncated PNG (signature only) and a JPEG whose scan starts before any frame.
    expect(imageInfo(makePng(2, 2).subarray(0, 10))).toBeNull();
    expect(imageInfo(bytes([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0, 0, 0, 0, 0]))).toBeNull();
  });
});
