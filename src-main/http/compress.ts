// Runs in: main. Response compression, only where it pays: a large JSON answer to a client on another machine
// (multi-user serve over a LAN) that asked for it with Accept-Encoding. On loopback the bytes never cross a
// wire, and compressing a 3 MB reading payload would cost the server more than the transfer it saves, so
// loopback clients get identity unless the server is told otherwise (HttpServerOptions.compressLoopback).
import type { IncomingMessage } from 'node:http';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { isLoopbackAddress } from '../net/address';

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this go as they are: one or two TCP segments either way. */
export const COMPRESS_MIN_BYTES = 16 * 1024;

/**
 * The coding to answer with, from an Accept-Encoding header: br preferred over gzip at equal weight; q=0 refuses
 * a coding (also through `*;q=0`); no header or only identity means none.
 */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Whether this response may be compressed at all (then its coding varies with Accept-Encoding). */
export function compressible(req: IncomingMessage, bytes: number, compressLoopback: boolean): boolean {
  return bytes >= COMPRESS_MIN_BYTES && (compressLoopback || !isLoopbackAddress(req.socket.remoteAddress ?? ''));
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Compresses on the libuv thread pool (the event loop keeps answering). Brotli at quality 4 and gzip at level 6
 * take a few milliseconds per megabyte of JSON and shrink a reading payload about tenfold.
 */
export function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzip(body, { level: 6 });
}
