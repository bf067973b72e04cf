// Runs in: a worker thread (src-main/workers/tasks.ts 'books.parseFb2'). The FB2 reader, off the main thread, with
// the EPUB reader's caps; pictures that pass their checks are written to `imagesDir` as an EPUB's are.
import { parseFb2 } from '../../../src-shared/fb2/parse';
import type { ParsedBook } from '../../../src-shared/epub/parse';
import type { WorkerTaskContext } from '../../workers/tasks';
import { inflateRaw, openFileAccess } from '../../core/file-access';
import { imageZlib } from '../../core/image-zlib';
import { keepIn } from './parse-task';

export type ParseFb2Input = ({ bytes: Uint8Array } | { path: string }) & { imagesDir?: string };

export async function parseFb2Task(input: ParseFb2Input, ctx: WorkerTaskContext): Promise<ParsedBook> {
  const options = { inflateRaw, imageZlib, ...(input.imagesDir ? { keepImage: keepIn(input.imagesDir) } : {}) };
  ctx.progress(0, 'reading');
  if ('bytes' in input) return parseFb2(input.bytes, options);
  const file = await openFileAccess(input.path);
  try {
    return await parseFb2(file, options);
  } finally {
    await file.close();
  }
}
