// Real PNG files for the picture tests: a solid colour (with a darker band, so a screenshot shows where it is),
// written with node:zlib (deflate and CRC-32), and bare headers that claim any size without any pixels.
import zlib from 'node:zlib';

/** One chunk: length, type, data and the CRC-32 of type and data. */
export function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export function ihdr(width: number, height: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = 8; // bit depth
  data[9] = 2; // truecolour RGB
  return chunk('IHDR', data);
}

export const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A decodable RGB PNG of one colour, with a band of half its brightness across the middle third. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [80, 140, 220]): Uint8Array {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    const band = y >= height / 3 && y < (2 * height) / 3;
    for (let x = 0; x < width; x++) {
      const at = y * row + 1 + x * 3;
      raw[at] = band ? rgb[0] >> 1 : rgb[0];
      raw[at + 1] = band ? rgb[1] >> 1 : rgb[1];
      raw[at + 2] = band ? rgb[2] >> 1 : rgb[2];
    }
  }
  return new Uint8Array(Buffer.concat([SIGNATURE, ihdr(width, height), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]));
}

/** A PNG header claiming width × height with one tiny (wrong) data chunk: what a decompression bomb looks like from outside. */
export function pngHeaderOnly(width: number, height: number): Uint8Array {
  return new Uint8Array(Buffer.concat([SIGNATURE, ihdr(width, height), chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))), chunk('IEND', Buffer.alloc(0))]));
}
