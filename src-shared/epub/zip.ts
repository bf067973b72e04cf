// Runs in: any process (in practice the EPUB worker thread, and main for the listing check). The EPUB's zip:
// the random-access zip reader (src-shared/zip/random-access.ts: listing checked first, only the entries asked
// for inflated, images never read) with the EPUB's caps and its refusals worded for an EPUB.
import { AppError, type ErrorText } from '../contract/errors';
import { msg } from '../contract/messages';
import { openZip, type InflateRaw, type RandomAccess, type ZipArchive, type ZipLimits, type ZipWords } from '../zip/random-access';

export { bytesAccess, type InflateRaw, type RandomAccess } from '../zip/random-access';

export type EpubLimits = ZipLimits;
export type EpubZip = ZipArchive;

export const EPUB_LIMITS: EpubLimits = {
  maxFileBytes: 100 * 1024 * 1024,
  maxEntries: 2000,
  maxTotalBytes: 500 * 1024 * 1024,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 4 * 1024 * 1024,
};

/** The text a Kindle book (MOBI/AZW3) may unpack to from its PalmDOC/HUFF records: past it, a decompression bomb. */
export const KINDLE_MAX_TEXT_BYTES = 64 * 1024 * 1024;

export const epubError = (message: ErrorText) => new AppError(422, message);

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

/** The zip reader's refusals, said of an EPUB. */
const EPUB_WORDS: ZipWords = {
  notZip: () => epubError(msg('epub.notZip')),
  tooLarge: (size, max) => epubError(msg('epub.tooLarge', { size: MB(size), max: MB(max) })),
  tooManyEntries: (count, max) => epubError(msg('epub.tooManyEntries', { count, max })),
  moreThanEntries: (max) => epubError(msg('epub.moreThanEntries', { max })),
  encrypted: () => epubError(msg('epub.encrypted')),
  entryTooLarge: (path, size, max) => epubError(msg('epub.entryTooLarge', { path, size: MB(size), max: MB(max) })),
  bomb: () => epubError(msg('epub.bomb')),
  unpacksTooLarge: (max) => epubError(msg('epub.unpacksTooLarge', { max: MB(max) })),
  damaged: (why) => epubError(msg('epub.damagedZip', { why })),
  lacks: (path) => epubError(msg('epub.lacks', { path })),
  entryDamaged: (path, why) => epubError(msg('epub.entryDamaged', { path, why })),
};

export const openEpubZip = (source: Uint8Array | RandomAccess, inflateRaw: InflateRaw, limits: EpubLimits = EPUB_LIMITS): Promise<EpubZip> =>
  openZip(source, inflateRaw, limits, EPUB_WORDS);
