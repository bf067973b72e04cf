// Runs in: a worker thread (src-main/workers/tasks.ts 'books.parsePdf'). The PDF reader, off the main thread, with
// the EPUB reader's heap cap and deadline. An HTTP upload arrives as the path of its temporary file, an IPC upload
// as its bytes; pdf.js needs the whole file, so the file is read here (at most the 100 MB upload cap).
import fs from 'node:fs';
import { parsePdf } from '../../../src-shared/pdf/parse';
import type { ParsedBook } from '../../../src-shared/epub/parse';
import type { WorkerTaskContext } from '../../workers/tasks';
import { imageZlib } from '../../core/image-zlib';

export type ParsePdfInput = ({ bytes: Uint8Array } | { path: string }) & { filename?: string };

export async function parsePdfTask(input: ParsePdfInput, ctx: WorkerTaskContext): Promise<ParsedBook> {
  const data = 'bytes' in input ? input.bytes : new Uint8Array(await fs.promises.readFile(input.path));
  return parsePdf(data, { filename: input.filename, countInflated: imageZlib.inflatedBytes, onProgress: (done) => ctx.progress(done, 'reading') });
}
