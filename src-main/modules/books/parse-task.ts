// Runs in: a worker thread (src-main/workers/tasks.ts 'books.parseEpub'). The EPUB reader, off the main thread.
// An HTTP upload arrives as the path of its temporary file (read per entry), an IPC upload as its bytes. An import
// names `imagesDir`: each picture that passes its checks is written there as it is read, and main moves the files
// into the media store (no picture's bytes cross to main, none is checked there).
import fs from 'node:fs';
import path from 'node:path';
import { parseEpub, type ParsedBook } from '../../../src-shared/epub/parse';
import type { KeepImage } from '../../../src-shared/epub/images';
import type { WorkerTaskContext } from '../../workers/tasks';
import { inflateRaw, openFileAccess } from '../../core/file-access';
import { imageZlib } from '../../core/image-zlib';

export type ParseEpubInput = ({ bytes: Uint8Array } | { path: string }) & { withoutText?: boolean; imagesDir?: string };

export function keepIn(dir: string): KeepImage {
  let made = false;
  return async (data, info, index) => {
    if (!made) await fs.promises.mkdir(dir, { recursive: true });
    made = true;
    const file = path.join(dir, `${index}.${info.ext}`);
    await fs.promises.writeFile(file, data, { mode: 0o600 });
    return file;
  };
}

export async function parseEpubTask(input: ParseEpubInput, ctx: WorkerTaskContext): Promise<ParsedBook> {
  const options = {
    withoutText: input.withoutText,
    onProgress: (done: number) => ctx.progress(done, 'reading'),
    inflateRaw,
    imageZlib,
    ...(input.imagesDir ? { keepImage: keepIn(input.imagesDir) } : {}),
  };
  if ('bytes' in input) return parseEpub(input.bytes, options);
  const file = await openFileAccess(input.path);
  try {
    return await parseEpub(file, options);
  } finally {
    await file.close();
  }
}
