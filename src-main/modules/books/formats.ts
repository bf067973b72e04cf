// Runs in: main. A book file's format told by its bytes (then its name), and each format read off the main thread
// in the worker that reads books, with the same caps: EPUB (books.parseEpub), PDF (books.parsePdf), FB2
// (books.parseFb2), MOBI/AZW3 (books.parseKindle; KFX and DRM are refused here, docs/books.md "Kindle").
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { UploadedTempFile } from '../../../src-shared/contract/endpoint';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { ParsedBook } from '../../../src-shared/epub/parse';
import { EPUB_LIMITS, KINDLE_MAX_TEXT_BYTES, openEpubZip } from '../../../src-shared/epub/zip';
import { runInWorker } from '../../core/worker';
import { inflateRaw, openFileAccess } from '../../core/file-access';
import type { ParseEpubInput } from './parse-task';
import type { ParsePdfInput } from './parse-pdf-task';
import type { ParseFb2Input } from './parse-fb2-task';
import type { ParseKindleInput } from './parse-kindle-task';

/** A multipart upload streamed to a temporary file (HTTP), or its bytes (IPC). */
export type Upload = UploadedTempFile | { filename: string; data: Uint8Array };

export const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');
export const isZip = (head: Uint8Array) => head.length >= 2 && head[0] === 0x50 && head[1] === 0x4b;
/** "%PDF-" — readers accept it within the first KB; the head read here is its first bytes. */
export const isPdf = (head: Uint8Array) => Buffer.from(head.subarray(0, 1024)).toString('latin1').includes('%PDF-');
/** FictionBook's root element near the start (after the XML declaration), or the name of an .fb2 / .fb2.zip. */
export const isFb2 = (head: Uint8Array, name: string) =>
  /\.fb2(\.zip)?$/i.test(name) || /<(\w+:)?FictionBook[\s>]/.test(Buffer.from(head.subarray(0, 1024)).toString('latin1'));
/** A Kindle book: a PalmDB whose type and creator (at byte 60) say MOBI (BOOKMOBI), or the names Kindle gives it. */
export const isKindle = (head: Uint8Array, name: string) =>
  /\.(mobi|azw3?|kfx|prc)$/i.test(name) || Buffer.from(head.subarray(60, 68)).toString('latin1') === 'BOOKMOBI';
/**
 * A MOBI/AZW3's encryption: the 16-bit field at byte 12 of its first record (PalmDOC header), 0 for none. Record 0
 * starts where the PalmDB's record list says (byte 78 holds its offset).
 */
export function kindleEncrypted(head: Uint8Array): boolean {
  if (head.length < 86) return false;
  const record0 = ((head[78] << 24) | (head[79] << 16) | (head[80] << 8) | head[81]) >>> 0;
  return record0 + 14 <= head.length && ((head[record0 + 12] << 8) | head[record0 + 13]) !== 0;
}
/** A KFX book (Amazon's newest format: a "CONT" container, not a PalmDB), which no reader here knows. */
export const isKfx = (head: Uint8Array, name: string) => Buffer.from(head.subarray(0, 4)).toString('latin1') === 'CONT' || /\.kfx$/i.test(name);
/**
 * The text size a MOBI's first record declares (PalmDOC header: bytes 4-7), checked before any record is unpacked:
 * over the cap it is a decompression bomb (or a book no learner reads). Records past the head are not looked at
 * here: the worker checks a KF8 book's own text length, and its heap cap and deadline bound the rest.
 */
export function kindleTextTooLarge(head: Uint8Array): boolean {
  if (head.length < 86) return false;
  const record0 = ((head[78] << 24) | (head[79] << 16) | (head[80] << 8) | head[81]) >>> 0;
  if (record0 + 8 > head.length) return false;
  const textLength = ((head[record0 + 4] << 24) | (head[record0 + 5] << 16) | (head[record0 + 6] << 8) | head[record0 + 7]) >>> 0;
  return textLength > KINDLE_MAX_TEXT_BYTES;
}
export const sizeOf = (file: Upload) => (file instanceof UploadedTempFile ? file.size : file.data.byteLength);

export async function hashOf(file: Upload): Promise<string> {
  if (!(file instanceof UploadedTempFile)) return sha256(file.data);
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file.path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Enough for a Kindle book's record list (8 bytes a record) to reach its first record, where DRM is said. */
const HEAD_BYTES = 64 * 1024;

export async function headOf(file: Upload): Promise<Uint8Array> {
  if (!(file instanceof UploadedTempFile)) return file.data.subarray(0, HEAD_BYTES);
  const handle = await fs.promises.open(file.path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Parses the EPUB off the main thread: a hostile file costs the worker, never the window. */
export async function parseEpubOffThread(upload: Upload | Uint8Array, withoutText = false, imagesDir?: string): Promise<ParsedBook> {
  const file = upload instanceof Uint8Array ? { filename: 'book.epub', data: upload } : upload;
  if (sizeOf(file) > EPUB_LIMITS.maxFileBytes) throw new AppError(413, msg('book.tooLarge', { mb: EPUB_LIMITS.maxFileBytes / 1024 / 1024 }));
  // The zip listing (entries, declared sizes, ratios) is checked here first: it reads the central directory only,
  // inflates nothing, and refuses a bomb or a 3,000-entry zip without paying for a worker.
  if (file instanceof UploadedTempFile) {
    const access = await openFileAccess(file.path);
    try {
      await openEpubZip(access, inflateRaw);
    } finally {
      await access.close();
    }
  } else await openEpubZip(file.data, inflateRaw);
  const limits = { maxHeapMb: 384, timeoutMs: 60_000, tooComplexMessage: msg('book.tooComplex') };
  // From disk the worker reads the entries it needs from the file; bytes (IPC) move into the worker instead
  // of being copied when they own their whole buffer. The caller must not read them afterwards.
  if (file instanceof UploadedTempFile)
    return runInWorker<ParsedBook>('books.parseEpub', { path: file.path, withoutText, imagesDir } satisfies ParseEpubInput, limits);
  const data = file.data;
  const owned = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
  return runInWorker<ParsedBook>('books.parseEpub', { bytes: data, withoutText, imagesDir } satisfies ParseEpubInput, {
    ...limits,
    transfer: owned ? [data.buffer as ArrayBuffer] : [],
  });
}

/** Parses an FB2 (or FB2.zip) off the main thread with the EPUB reader's caps; pictures are written to `imagesDir`. */
export async function parseFb2OffThread(file: Upload, imagesDir?: string): Promise<ParsedBook> {
  if (sizeOf(file) > EPUB_LIMITS.maxFileBytes) throw new AppError(413, msg('book.tooLargeFile', { mb: EPUB_LIMITS.maxFileBytes / 1024 / 1024 }));
  const limits = { maxHeapMb: 384, timeoutMs: 60_000, tooComplexMessage: msg('book.tooComplex') };
  if (file instanceof UploadedTempFile) return runInWorker<ParsedBook>('books.parseFb2', { path: file.path, imagesDir } satisfies ParseFb2Input, limits);
  return runInWorker<ParsedBook>('books.parseFb2', { bytes: file.data, imagesDir } satisfies ParseFb2Input, limits);
}

/**
 * Parses a DRM-free MOBI/AZW3 off the main thread with the EPUB reader's caps; pictures are written to `imagesDir`.
 * The parser writes the resources it meets into `scratchDir` (removed by the task, and by the caller).
 */
export async function parseKindleOffThread(file: Upload, scratchDir: string, imagesDir?: string): Promise<ParsedBook> {
  if (sizeOf(file) > EPUB_LIMITS.maxFileBytes) throw new AppError(413, msg('book.tooLargeFile', { mb: EPUB_LIMITS.maxFileBytes / 1024 / 1024 }));
  const limits = { maxHeapMb: 384, timeoutMs: 60_000, tooComplexMessage: msg('book.tooComplex') };
  const where = file instanceof UploadedTempFile ? { path: file.path } : { bytes: file.data };
  try {
    return await runInWorker<ParsedBook>('books.parseKindle', { ...where, scratchDir, imagesDir } satisfies ParseKindleInput, limits);
  } finally {
    await fs.promises.rm(scratchDir, { recursive: true, force: true });
  }
}

/** Parses the PDF off the main thread with the EPUB reader's caps: 100 MB, 384 MB of heap, 60 s. */
export async function parsePdfOffThread(file: Upload): Promise<ParsedBook> {
  if (sizeOf(file) > EPUB_LIMITS.maxFileBytes) throw new AppError(413, msg('book.tooLargeFile', { mb: EPUB_LIMITS.maxFileBytes / 1024 / 1024 }));
  const limits = { maxHeapMb: 384, timeoutMs: 60_000, tooComplexMessage: msg('pdf.tooComplex') };
  if (file instanceof UploadedTempFile)
    return runInWorker<ParsedBook>('books.parsePdf', { path: file.path, filename: file.filename } satisfies ParsePdfInput, limits);
  return runInWorker<ParsedBook>('books.parsePdf', { bytes: file.data, filename: file.filename } satisfies ParsePdfInput, limits);
}
