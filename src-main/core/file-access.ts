// Runs in: main and worker threads. A file streamed to disk (an HTTP upload: an EPUB, an Anki package) read
// through random access: the zip reader asks for the central directory and then one entry at a time, so the file
// is never loaded whole and entries nobody asks for (images, media) are never read.
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { InflateRaw, RandomAccess } from '../../src-shared/zip/random-access';

export interface FileAccess extends RandomAccess {
  close(): Promise<void>;
}

export async function openFileAccess(file: string): Promise<FileAccess> {
  const handle = await fs.promises.open(file, 'r');
  const { size } = await handle.stat();
  return {
    size,
    async read(offset, length) {
      const buf = Buffer.allocUnsafe(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buf, 0, buf.length, offset);
      return buf.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}

/** Native inflate, capped: maxOutputLength makes zlib stop (RangeError) instead of growing past the cap. */
export const inflateRaw: InflateRaw = (packed, maxBytes) => zlib.inflateRawSync(packed, { maxOutputLength: Math.max(1, maxBytes) });
