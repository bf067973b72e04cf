// Runs in: main. Serves a stored media file (MediaFileResult) with HTTP Range support, so the audio and video
// elements can seek without downloading the whole file; the file is streamed, never read into memory.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MediaFileResult } from '../../src-shared/contract/endpoint';

/** Parses a single "bytes=a-b" / "bytes=a-" / "bytes=-n" range; null when absent, 'bad' when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return header.includes(',') ? null : 'bad';
  let start: number;
  let end: number;
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'bad';
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

export function sendMediaFile(req: IncomingMessage, res: ServerResponse, media: MediaFileResult, head: boolean): void {
  const range = parseRange(req.headers.range, media.size);
  const common = { 'Content-Type': media.contentType, 'Accept-Ranges': 'bytes', 'Cache-Control': 'private, max-age=3600' };
  if (range === 'bad') {
    res.writeHead(416, { ...common, 'Content-Range': `bytes */${media.size}` });
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: media.size - 1 };
  res.writeHead(range ? 206 : 200, {
    ...common,
    'Content-Length': media.size === 0 ? 0 : end - start + 1,
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${media.size}` } : {}),
  });
  if (head || media.size === 0) {
    res.end();
    return;
  }
  const stream = fs.createReadStream(media.path, { start, end });
  stream.on('error', () => res.destroy());
  res.on('close', () => stream.destroy());
  stream.pipe(res);
}
