// Runs in: a worker thread (src-main/workers/tasks.ts 'books.parseEpub'). The EPUB reader, off the main thread.
// An HTTP upload arrives as the path of its temporary file (read per entry), an IPC upload as its bytes.
import { parseEpub, type ParsedBook } from '../../../src-shared/epub/parse';
import type { WorkerTaskContext } from '../../workers/tasks';
import { inflateRaw, openFileAccess } from '../../core/file-access';

export type ParseEpubInput = ({ bytes: Uint8Array } | { path: string }) & { withoutText?: boolean };

export async function parseEpubTask(input: ParseEpubInput, ctx: WorkerTaskContext): Promise<ParsedBook> {
  const options = { withoutText: input.withoutText, onProgress: (done: number) => ctx.progress(done, 'reading'), inflateRaw };
  if ('bytes' in input) return parseEpub(input.bytes, options);
  const file = await openFileAccess(input.path);
  try {
    return await parseEpub(file, options);
  } finally {
    await file.close();
  }
}
