// Runs in: a worker thread (src-main/workers/tasks.ts 'books.parseKindle'). A DRM-free Kindle book (MOBI 6, or KF8:
// AZW3 and the KF8 half of a joint MOBI) read by `@lingo-reader/mobi-parser` (docs/books.md "Kindle"), then cut into
// chapters, checked and kept exactly as an EPUB's documents are (src-shared/epub/book.ts). The parser writes every
// resource a chapter uses into a folder of its own (`scratchDir`); those files are the "zip" the picture check reads,
// and the folder is removed before the task answers.
import fs from 'node:fs';
import path from 'node:path';
import type { Kf8, Mobi } from '@lingo-reader/mobi-parser';
import type { ParsedBook } from '../../../src-shared/epub/parse';
import { bookFromDocs } from '../../../src-shared/epub/book';
import { clip, type SpineDoc, type TocEntry } from '../../../src-shared/epub/chapters';
import { htmlToBlocks } from '../../../src-shared/epub/html';
import { BOOK_IMAGE_LIMITS } from '../../../src-shared/epub/images';
import { KINDLE_MAX_TEXT_BYTES, type EpubZip } from '../../../src-shared/epub/zip';
import { imageInfo } from '../../../src-shared/image/header';
import { brokenImage } from '../../../src-shared/image/whole';
import { AppError } from '../../../src-shared/contract/errors';
import { msg } from '../../../src-shared/contract/messages';
import type { WorkerTaskContext } from '../../workers/tasks';
import { imageZlib } from '../../core/image-zlib';
import { keepIn } from './parse-task';

export type ParseKindleInput = ({ bytes: Uint8Array } | { path: string }) & { scratchDir: string; imagesDir?: string };

const damaged = (err: unknown) => new AppError(422, msg('mobi.damaged', { why: String(err instanceof Error ? err.message : err).slice(0, 200) }));

interface TocItem {
  label: string;
  href: string;
  children?: TocItem[];
}
const flatten = (items: TocItem[]): TocItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);

/** The resources the parser wrote, as the archive the picture check reads (paths are the files' names). */
function folderArchive(dir: string): EpubZip {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const set = new Set(names);
  return {
    paths: names,
    has: (p) => set.has(p),
    sizeOf: (p) => (set.has(p) ? fs.statSync(path.join(dir, p)).size : undefined),
    read: async (p) => new Uint8Array(await fs.promises.readFile(path.join(dir, p))),
  };
}

/** A src the parser wrote (an absolute path in `dir`) as its file name; anything else ('', a URL) is no picture. */
function resourceName(dir: string, src: string): string {
  return path.dirname(src) === dir ? path.basename(src) : '';
}

function docOf(id: string, html: string, dir: string): SpineDoc {
  const blocks = htmlToBlocks(html);
  blocks.images = blocks.images.map((img) => ({ ...img, src: resourceName(dir, img.src) }));
  return { path: id, blocks, docTitle: '' };
}

/** KF8: one document per skeleton (an XHTML file of the source book); ToC positions resolved to an element id. */
function readKf8(book: Kf8, dir: string): { docs: SpineDoc[]; toc: TocEntry[] } {
  // The text length from the FDST table, read by the parser at init (a private field: the version is pinned for it).
  const rawLength = (book as unknown as { fullRawLength: number }).fullRawLength;
  if (rawLength > KINDLE_MAX_TEXT_BYTES) throw new AppError(422, msg('mobi.tooLarge', { mb: KINDLE_MAX_TEXT_BYTES / 1024 / 1024 }));
  const docs = book.getSpine().map((c) => docOf(c.id, book.loadChapter(c.id)?.html ?? '', dir));
  const toc: TocEntry[] = [];
  for (const item of flatten(book.getToc())) {
    const at = book.resolveHref(item.href);
    if (!at) continue;
    // The parser names the target as a selector: [id="x"] (or name/aid, which are not anchors here: the document's start).
    const id = /^\[(?:id|name)="(.*)"\]$/.exec(at.selector)?.[1] ?? '';
    toc.push({ title: item.label.trim(), path: at.id, fragment: id });
  }
  const contents = new Set((book.getGuide() ?? []).filter((g) => g.type.includes('toc')).map((g) => book.resolveHref(g.href)?.id ?? ''));
  return { docs: withoutContents(docs, toc, contents), toc };
}

/**
 * The book's contents pages left out, as an EPUB's nav document is: the one the guide names (calibre and Kindle tools
 * insert one), and any document no ToC entry starts whose paragraphs are nearly all the ToC's titles (the source
 * EPUB's own nav, which a Kindle file keeps as a page).
 */
function withoutContents(docs: SpineDoc[], toc: TocEntry[], named: Set<string>): SpineDoc[] {
  const targets = new Set(toc.map((e) => e.path));
  const titles = new Set(toc.map((e) => e.title.toLowerCase()));
  const isContents = (d: SpineDoc) => {
    if (targets.has(d.path)) return false;
    if (named.has(d.path)) return true;
    const paras = d.blocks.paragraphs.filter((p) => p.trim());
    const listed = paras.filter((p) => titles.has(p.trim().toLowerCase())).length;
    return titles.size >= 2 && listed >= 2 && listed >= 0.8 * (paras.length - 1);
  };
  return docs.filter((d) => !isContents(d));
}

/**
 * MOBI 6: one document per page break (`<mbp:pagebreak>`); a ToC entry (a byte position, `filepos`) starts the
 * document it falls in. Entries falling into one document keep the first one's title: MOBI 6 has no anchors to split at.
 */
function readMobi6(book: Mobi, dir: string): { docs: SpineDoc[]; toc: TocEntry[] } {
  const spine = book.getSpine();
  // The parser expects every <img> to name its record (recindex) and throws on one that does not; such a picture
  // points nowhere in the file, so it is dropped before the parser replaces the rest by the files it writes.
  for (const c of spine) c.text = c.text.replace(/<img\b(?![^>]*\brecindex=)[^>]*>/gi, '');
  const docs = spine.map((c) => docOf(c.id, book.loadChapter(c.id)?.html ?? '', dir));
  const toc: TocEntry[] = [];
  const seen = new Set<string>();
  for (const item of flatten(book.getToc())) {
    const pos = Number(/^filepos:(\d+)$/.exec(item.href)?.[1] ?? NaN);
    if (!Number.isFinite(pos)) continue;
    const doc = spine.filter((c) => c.start <= pos).pop();
    if (!doc || seen.has(doc.id)) continue;
    seen.add(doc.id);
    toc.push({ title: item.label.trim(), path: doc.id, fragment: '' });
  }
  return { docs: withoutContents(docs, toc, new Set()), toc };
}

type MobiParser = typeof import('@lingo-reader/mobi-parser');

/**
 * The parser's module, imported, never required: the package is "type": "module", so Node loads its CommonJS build
 * as an ES module with no exports. A computed specifier keeps the bundler from turning the import into a require().
 */
async function loadParser(): Promise<MobiParser> {
  const specifier = '@lingo-reader/mobi-parser';
  return (await import(/* @vite-ignore */ specifier)) as MobiParser;
}

/** The PalmDB's record list: a record starting past the end of the file (a file cut short) is damage, not a book. */
function checkRecords(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes.length >= 78 ? view.getUint16(76) : 0;
  if (count === 0 || 78 + count * 8 > bytes.length) throw damaged('its record list is cut short');
  for (let i = 0; i < count; i++) if (view.getUint32(78 + i * 8) > bytes.length) throw damaged(`record ${i} lies past the end of the file`);
}

async function openKindle(bytes: Uint8Array, dir: string): Promise<{ book: Kf8 | Mobi; kf8: boolean }> {
  checkRecords(bytes);
  const { initKf8File, initMobiFile } = await loadParser();
  // KF8 first (AZW3, and a joint MOBI's KF8 half: the newer, richer copy); a MOBI 6-only file has no KF8 header.
  try {
    return { book: await initKf8File(bytes, dir), kf8: true };
  } catch (kf8Error) {
    try {
      return { book: await initMobiFile(bytes, dir), kf8: false };
    } catch {
      throw damaged(kf8Error);
    }
  }
}

async function coverOf(book: Kf8 | Mobi, dir: string): Promise<ParsedBook['cover']> {
  const file = book.getCoverImage();
  if (!file || path.dirname(file) !== dir) return null;
  const data = new Uint8Array(await fs.promises.readFile(file));
  const info = imageInfo(data);
  if (!info || data.length > BOOK_IMAGE_LIMITS.maxImageBytes || info.width * info.height > BOOK_IMAGE_LIMITS.maxImagePixels) return null;
  return (await brokenImage(data, info, imageZlib)) ? null : { data, mediaType: info.mime };
}

export async function parseKindleTask(input: ParseKindleInput, ctx: WorkerTaskContext): Promise<ParsedBook> {
  ctx.progress(0, 'reading');
  const bytes = 'bytes' in input ? input.bytes : new Uint8Array(await fs.promises.readFile(input.path));
  const dir = path.resolve(input.scratchDir);
  try {
    const { book, kf8 } = await openKindle(bytes, dir);
    let read: { docs: SpineDoc[]; toc: TocEntry[] };
    let cover: ParsedBook['cover'];
    try {
      read = kf8 ? readKf8(book as Kf8, dir) : readMobi6(book as Mobi, dir);
      cover = await coverOf(book, dir);
    } catch (err) {
      throw err instanceof AppError ? err : damaged(err);
    }
    const meta = book.getMetadata();
    const description = meta.description ? htmlToBlocks(meta.description).paragraphs.join('\n\n').slice(0, 5000) : '';
    const language = meta.language && meta.language !== 'unknown' ? meta.language.slice(0, 35) : '';
    return await bookFromDocs(
      read.docs,
      read.toc,
      'kindle',
      folderArchive(dir),
      { title: clip(meta.title.trim()) || 'Untitled', author: clip(meta.author.join(', ')), description, language, cover },
      { imageZlib, ...(input.imagesDir ? { keepImage: keepIn(input.imagesDir) } : {}) },
      msg('mobi.noText'),
    );
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}
