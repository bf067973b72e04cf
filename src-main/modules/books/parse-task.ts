// Runs in: a worker thread (src-main/workers/tasks.ts 'books.parseEpub'). The EPUB reader, off the main thread.
import { parseEpub, type ParsedBook } from '../../../src-shared/epub/parse';
import type { WorkerTaskContext } from '../../workers/tasks';

export interface ParseEpubInput {
  bytes: Uint8Array;
  withoutText?: boolean;
}

export function parseEpubTask(input: ParseEpubInput, ctx: WorkerTaskContext): Promise<ParsedBook> {
  return parseEpub(input.bytes, { withoutText: input.withoutText, onProgress: (done) => ctx.progress(done, 'reading') });
}
