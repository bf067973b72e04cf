// Runs in: a worker thread (src-main/workers/tasks.ts 'books.parseEpub'). The EPUB reader, off the main thread.
import zlib from 'node:zlib';
import { parseEpub, type ParsedBook } from '../../../src-shared/epub/parse';
import type { WorkerTaskContext } from '../../workers/tasks';

export interface ParseEpubInput {
  bytes: Uint8Array;
  withoutText?: boolean;
}

export function parseEpubTask(input: ParseEpubInput, ctx: WorkerTaskContext): Promise<ParsedBook> {
  return parseEpub(input.bytes, {
    withoutText: input.withoutText,
    onProgress: (done) => ctx.progress(done, 'reading'),
    // Native inflate, capped: maxOutputLength makes zlib stop (RangeError) instead of growing past the cap.
    inflateRaw: (packed, maxBytes) => zlib.inflateRawSync(packed, { maxOutputLength: Math.max(1, maxBytes) }),
  });
}
