// Runs in: worker threads (the EPUB parser). node:zlib for the picture check of src-shared/image/whole.ts: the
// CRC-32 of a PNG chunk, and a PNG's pixel data inflated as a stream whose output is counted and dropped, so a
// 40-megapixel picture costs 1 MB of memory (one output chunk: 64 KB chunks inflated slower), never its 160 MB of
// pixels.
import zlib from 'node:zlib';
import type { ImageZlib } from '../../src-shared/image/whole';

export const imageZlib: ImageZlib = {
  crc32: (data) => zlib.crc32(data),
  inflatedBytes: (parts, want) =>
    new Promise((resolve) => {
      const inflate = zlib.createInflate({ chunkSize: 1024 * 1024 });
      let got = 0;
      const done = () => {
        inflate.destroy();
        resolve(Math.min(got, want));
      };
      inflate.on('data', (chunk: Buffer) => {
        got += chunk.length;
        if (got >= want) done();
      });
      // A damaged stream, or one that ends early ("unexpected end of file"), stops short of `want`.
      inflate.on('error', done);
      inflate.on('end', done);
      for (const part of parts) inflate.write(part);
      inflate.end();
    }),
};
