// Runs in: any process (in practice the EPUB worker thread: a hostile picture costs the worker, never main). The
// pictures of an EPUB: the ones its chapters show, checked by their bytes (PNG, JPEG, GIF, WebP by magic bytes,
// the size read from the headers, never decoded; then whole, to the last byte: image/whole.ts), capped per
// picture and per book. SVG is never kept (it can carry script). What is left out is said in notes, shown by the
// import preview.
import { imageInfo, type ImageInfo } from '../image/header';
import { brokenImage, type ImageZlib } from '../image/whole';
import { type Message, msg } from '../contract/messages';
import type { BlockImage } from './html';
import type { EpubZip } from './zip';

/** Caps on a book's pictures (said in the import preview). */
export const BOOK_IMAGE_LIMITS = {
  /** Bytes of one picture. */
  maxImageBytes: 8 * 1024 * 1024,
  /** Pixels of one picture (width × height from its header): a 200-megapixel bomb is refused unread. */
  maxImagePixels: 40_000_000,
  /** Bytes of all of a book's pictures. */
  maxBookBytes: 100 * 1024 * 1024,
  /** Pictures shown in a book (the same file shown twice counts twice). */
  maxImages: 1000,
};
export type BookImageLimits = typeof BOOK_IMAGE_LIMITS;

/** A picture kept: what its header says, and where its bytes were written (none in a preview). */
export interface ParsedImage extends ImageInfo {
  path: string;
  bytes: number;
  /** The file `keep` wrote the bytes to: an import moves it into the media store. */
  file?: string;
}

/** Writes a checked picture's bytes somewhere (the worker: a temporary file) and says where. */
export type KeepImage = (data: Uint8Array, info: ImageInfo, index: number) => Promise<string>;

/** Where a chapter shows a picture: before its paragraph `para` (paragraphs are separated by a blank line). */
export interface ChapterImage {
  /** Index into ParsedBook.images. */
  image: number;
  para: number;
  alt: string;
}

/** Alt texts that are file-ish placeholders ("Illo12", "image", "cover image"), not captions. */
const PLACEHOLDER_ALT = /^(?:illo|illus|illustration|image|img|fig|figure|picture|pic|photo|cover|cover image|title)?[\s_-]*\d*$/i;
export const captionOf = (alt: string) => (PLACEHOLDER_ALT.test(alt.trim()) ? '' : alt.trim().slice(0, 300));

const MB = (n: number) => Math.round(n / 1024 / 1024);

/**
 * Checks every picture the chapters show, in reading order, reading each file once. `chapters[i]` are the
 * pictures of chapter i with their src already resolved to zip paths (or '' for a src that is no zip path,
 * such as a remote URL). Pictures left out disappear from their chapter; the notes say why.
 */
export async function checkImages(
  zip: EpubZip,
  chapters: BlockImage[][],
  opts: { zlib: ImageZlib; keep?: KeepImage; limits?: BookImageLimits },
): Promise<{ images: ParsedImage[]; placed: ChapterImage[][]; notes: Message[] }> {
  const limits = opts.limits ?? BOOK_IMAGE_LIMITS;
  const images: ParsedImage[] = [];
  const byPath = new Map<string, number | null>();
  const left = { notPicture: [] as string[], svg: [] as string[], tooLarge: [] as string[], damaged: [] as string[], missing: [] as string[] };
  let total = 0;
  let placedCount = 0;
  let over = 0;
  let bookFull = false;
  const lower = new Map(zip.paths.map((p) => [p.toLowerCase(), p]));

  /** One file's verdict: its index in `images`, or the list of files left out it joins. */
  const verdict = async (path: string): Promise<number | string[] | 'full'> => {
    const declared = zip.sizeOf(path) ?? 0;
    if (declared > limits.maxImageBytes) return left.tooLarge;
    if (total + declared > limits.maxBookBytes) return 'full';
    const data = await zip.read(path);
    const info = imageInfo(data);
    if (!info) return /<svg[\s>]/i.test(new TextDecoder().decode(data.subarray(0, 1024))) ? left.svg : left.notPicture;
    if (info.width === 0 || info.height === 0 || info.width * info.height > limits.maxImagePixels) return left.tooLarge;
    // Only after the pixel cap: a PNG's check inflates as many bytes as its header promises.
    if (await brokenImage(data, info, opts.zlib)) return left.damaged;
    total += data.length;
    // Written out one by one as they are checked: a book of 100 MB of pictures never sits in memory at once.
    const file = opts.keep ? await opts.keep(data, info, images.length) : undefined;
    images.push({ ...info, path, bytes: data.length, ...(file ? { file } : {}) });
    return images.length - 1;
  };
  const check = async (src: string): Promise<number | null> => {
    const path = zip.has(src) ? src : lower.get(src.toLowerCase());
    const result = path ? await verdict(path) : left.missing;
    if (typeof result === 'number') return result;
    if (result === 'full') bookFull = true;
    else result.push(path ?? src);
    return null;
  };

  const placed: ChapterImage[][] = [];
  for (const list of chapters) {
    const out: ChapterImage[] = [];
    for (const img of list) {
      if (!img.src) continue;
      if (placedCount >= limits.maxImages) {
        over++;
        continue;
      }
      let index = byPath.get(img.src);
      if (index === undefined) byPath.set(img.src, (index = await check(img.src)));
      if (index === null) continue;
      out.push({ image: index, para: img.para, alt: captionOf(img.alt) });
      placedCount++;
    }
    placed.push(out);
  }

  const notes: Message[] = [];
  const first = (paths: string[]) => paths[0].slice(0, 80);
  if (left.notPicture.length) notes.push(msg('epub.imagesNotPictures', { count: left.notPicture.length, path: first(left.notPicture) }));
  if (left.svg.length) notes.push(msg('epub.imagesSvg', { count: left.svg.length }));
  if (left.tooLarge.length)
    notes.push(
      msg('epub.imagesTooLarge', {
        count: left.tooLarge.length,
        path: first(left.tooLarge),
        mb: MB(limits.maxImageBytes),
        megapixels: Math.round(limits.maxImagePixels / 1e6),
      }),
    );
  if (left.damaged.length) notes.push(msg('epub.imagesDamaged', { count: left.damaged.length, path: first(left.damaged) }));
  if (left.missing.length) notes.push(msg('epub.imagesMissing', { count: left.missing.length }));
  if (bookFull) notes.push(msg('epub.imagesBookTooLarge', { mb: MB(limits.maxBookBytes) }));
  if (over) notes.push(msg('epub.imagesTooMany', { count: placedCount + over, max: limits.maxImages }));
  return { images, placed, notes };
}

/**
 * A chapter cut into parts (over a million characters) hands each part the pictures of its paragraphs. Parts
 * are cut at paragraph breaks, so each part's paragraph count moves the next part's start.
 */
export function imagesOfParts(parts: string[], images: BlockImage[]): BlockImage[][] {
  const out: BlockImage[][] = parts.map(() => []);
  let start = 0;
  parts.forEach((part, k) => {
    const count = part.split(/\n{2,}/).length;
    const last = k === parts.length - 1;
    for (const img of images) if (img.para >= start && (img.para < start + count || last)) out[k].push({ ...img, para: Math.min(img.para - start, count) });
    start += count;
  });
  return out;
}
