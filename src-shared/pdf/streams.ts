// Runs in: the worker that reads books (src-shared/pdf/parse.ts), before pdf.js sees the file. A PDF's Flate streams
// inflate into ArrayBuffers, which the worker's heap cap does not bound: a few KB of zeros deflated unpack to a
// gigabyte. Each Flate stream is inflated once here as a count (node:zlib, output dropped, 1 MB at a time), and a
// file whose streams unpack past the caps is refused before anything keeps their bytes.
import { AppError } from '../contract/errors';
import { msg } from '../contract/messages';

export const PDF_STREAM_LIMITS = {
  /** One stream unpacked (a page's content, an object stream, a picture's pixels). */
  maxStreamBytes: 64 * 1024 * 1024,
  /** Every Flate stream of the file, unpacked. */
  maxTotalBytes: 512 * 1024 * 1024,
};

/** Inflates a zlib stream, counting its output up to `want` bytes (src-main/core/image-zlib.ts). */
export type CountInflated = (parts: Uint8Array[], want: number) => Promise<number>;

const STREAM = Buffer.from('stream');
const END = Buffer.from('endstream');
const DICT_LOOKBACK = 2048;

/** Refuses (422 `pdf.bomb`) a PDF whose Flate streams unpack past PDF_STREAM_LIMITS. */
export async function checkPdfStreams(data: Uint8Array, count: CountInflated, limits = PDF_STREAM_LIMITS): Promise<void> {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let total = 0;
  let at = 0;
  for (;;) {
    const found = buf.indexOf(STREAM, at);
    if (found < 0) return;
    at = found + STREAM.length;
    // "endstream" holds "stream" too; a stream keyword is followed by an end of line.
    if (found >= 3 && buf.toString('latin1', found - 3, found) === 'end') continue;
    let start = at;
    if (buf[start] === 0x0d) start++;
    if (buf[start] !== 0x0a) continue;
    start++;
    const dict = buf.toString('latin1', Math.max(0, found - DICT_LOOKBACK), found);
    const end = buf.indexOf(END, start);
    const stop = end < 0 ? buf.length : end;
    at = stop;
    if (!/\/FlateDecode|\/Fl\b/.test(dict.slice(dict.lastIndexOf('obj')))) continue;
    const unpacked = await count([buf.subarray(start, stop)], limits.maxStreamBytes + 1);
    total += unpacked;
    if (unpacked > limits.maxStreamBytes || total > limits.maxTotalBytes)
      throw new AppError(
        422,
        msg('pdf.bomb', { mb: Math.round((unpacked > limits.maxStreamBytes ? limits.maxStreamBytes : limits.maxTotalBytes) / 1024 / 1024) }),
      );
  }
}
