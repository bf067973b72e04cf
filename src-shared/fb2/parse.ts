// Runs in: the worker that reads books (src-main/workers/tasks.ts 'books.parseFb2'), never main. FictionBook 2
// (`.fb2`, or `.fb2.zip` holding one) in, a ParsedBook out (the EPUB reader's shape): metadata from title-info, a
// chapter per section of the main body, pictures from its <binary> elements checked as an EPUB's are, the cover
// from <coverpage>. htmlparser2 in XML mode, so no DTD entity is ever expanded; the declared encoding (often
// windows-1251) is honoured.
import { Parser } from 'htmlparser2';
import type { ParsedBook, ParsedChapter } from '../epub/parse';
import { decodeDocument } from '../epub/decode';
import { sortBookMatter } from '../epub/matter';
import { countWords, splitIntoParts } from '../epub/text';
import { BOOK_IMAGE_LIMITS, checkImages, imagesOfParts, type KeepImage } from '../epub/images';
import type { BlockImage } from '../epub/html';
import { imageInfo } from '../image/header';
import type { ImageZlib } from '../image/whole';
import { openEpubZip, type InflateRaw, type RandomAccess } from '../epub/zip';
import type { ZipArchive } from '../zip/random-access';
import { AppError } from '../contract/errors';
import { msg } from '../contract/messages';

const CHAPTER_MAX_CHARS = 1_000_000;
const MAX_CHAPTERS = 3000;
/** Base64 of all pictures: the book cap on pictures, as base64 is 4/3 of the bytes, plus slack for line breaks. */
const MAX_BINARY_CHARS = Math.ceil((BOOK_IMAGE_LIMITS.maxBookBytes * 4) / 3) + 1024 * 1024;

interface Section {
  title: string;
  items: (string | BlockImage | Section)[];
}

export interface ParseFb2Options {
  inflateRaw: InflateRaw;
  imageZlib: ImageZlib;
  keepImage?: KeepImage;
}

const fb2Error = (m: ReturnType<typeof msg>) => new AppError(422, m);
const isSection = (x: Section['items'][number]): x is Section => typeof x === 'object' && 'items' in x;
const isImage = (x: Section['items'][number]): x is BlockImage => typeof x === 'object' && 'src' in x;
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The .fb2 document of an .fb2.zip (the zip's caps are the EPUB's). */
async function unzipFb2(source: Uint8Array | RandomAccess, inflateRaw: InflateRaw): Promise<Uint8Array> {
  const zip = await openEpubZip(source, inflateRaw);
  const docs = zip.paths.filter((p) => /\.fb2$/i.test(p));
  if (docs.length !== 1) throw fb2Error(msg('fictionbook.zipWithoutOne'));
  return zip.read(docs[0]);
}

interface Read {
  title: string;
  authors: string[];
  lang: string;
  annotation: string;
  coverId: string;
  body: Section;
  binaries: Map<string, { type: string; base64: string }>;
}

function read(xml: string): Read {
  const out: Read = { title: '', authors: [], lang: '', annotation: '', coverId: '', body: { title: '', items: [] }, binaries: new Map() };
  const path: string[] = [];
  const sections: Section[] = [out.body];
  let text: string | null = null;
  let stanza: string[] | null = null;
  let titleLines: string[] = [];
  let skip = 0;
  let author: string[] = [];
  let binary: { id: string; type: string; chunks: string[] } | null = null;
  let binaryChars = 0;
  let sawRoot = false;
  let mainBody = false;
  const inside = (name: string) => path.includes(name);
  const here = () => sections[sections.length - 1];

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const tag = name.replace(/^.*:/, '');
        path.push(tag);
        if (!sawRoot) {
          if (tag !== 'FictionBook') throw fb2Error(msg('fictionbook.notFictionBook'));
          sawRoot = true;
        }
        if (skip) {
          skip++;
          return;
        }
        const href = (attrs['l:href'] ?? attrs['xlink:href'] ?? attrs.href ?? Object.entries(attrs).find(([k]) => k.endsWith(':href'))?.[1] ?? '').replace(
          /^#/,
          '',
        );
        if (tag === 'body') {
          // Footnotes and comments live in bodies of their own: not the book's running text.
          mainBody = !attrs.name || !/notes|comments|footnotes/i.test(attrs.name);
          if (!mainBody) skip = 1;
        } else if (tag === 'binary') {
          binary = { id: attrs.id ?? '', type: attrs['content-type'] ?? '', chunks: [] };
        } else if (tag === 'a' && /note/i.test(attrs.type ?? '')) {
          skip = 1; // a footnote marker ("[1]") is no word of the text
        } else if (tag === 'image' && inside('coverpage')) {
          out.coverId ||= href;
        } else if (tag === 'image' && inside('body')) {
          here().items.push({ src: href, alt: attrs.alt ?? attrs.title ?? '', para: 0 });
        } else if (tag === 'section' && inside('body')) {
          const s: Section = { title: '', items: [] };
          here().items.push(s);
          sections.push(s);
        } else if (tag === 'stanza') {
          stanza = [];
        } else if (['p', 'v', 'subtitle', 'text-author', 'book-title', 'first-name', 'middle-name', 'last-name', 'nickname', 'lang'].includes(tag)) {
          text ??= '';
        }
      },
      ontext(data) {
        if (skip) return;
        if (binary) {
          binaryChars += data.length;
          if (binaryChars > MAX_BINARY_CHARS) throw fb2Error(msg('fictionbook.tooManyPictures', { mb: BOOK_IMAGE_LIMITS.maxBookBytes / 1024 / 1024 }));
          binary.chunks.push(data);
        } else if (text !== null) text += data;
      },
      onclosetag(name) {
        const tag = name.replace(/^.*:/, '');
        path.pop();
        if (skip) {
          skip--;
          return;
        }
        const value = text === null ? '' : clean(text);
        const titleInfo = inside('title-info');
        if (tag === 'binary' && binary) {
          if (binary.id) out.binaries.set(binary.id, { type: binary.type, base64: binary.chunks.join('') });
          binary = null;
        } else if (tag === 'section' && sections.length > 1) {
          sections.pop();
        } else if (titleInfo && tag === 'book-title') out.title = value;
        else if (titleInfo && tag === 'lang') out.lang = value;
        else if (titleInfo && ['first-name', 'middle-name', 'last-name', 'nickname'].includes(tag)) {
          if (value) author.push(value);
        } else if (titleInfo && tag === 'author') {
          if (author.length) out.authors.push(author.join(' '));
          author = [];
        } else if (titleInfo && tag === 'p' && inside('annotation')) out.annotation = clean(`${out.annotation} ${value}`);
        else if (mainBody && inside('body') && tag === 'v' && stanza) {
          if (value) stanza.push(value);
        } else if (tag === 'stanza' && stanza) {
          if (stanza.length) here().items.push(stanza.join('\n'));
          stanza = null;
        } else if (mainBody && inside('body') && ['p', 'subtitle', 'text-author'].includes(tag)) {
          if (value && inside('title')) titleLines.push(value);
          else if (value) here().items.push(value);
        } else if (mainBody && tag === 'title' && titleLines.length) {
          // A title's lines make one paragraph: the chapter's heading, as an EPUB chapter opens on its <h1>.
          const heading = titleLines.join(' ');
          // The body's own title is the book's (shown by the preview from title-info), not a paragraph of it.
          if (sections.length > 1) {
            here().title ||= heading;
            here().items.push(heading);
          }
          titleLines = [];
        }
        if (['p', 'v', 'subtitle', 'text-author', 'book-title', 'first-name', 'middle-name', 'last-name', 'nickname', 'lang'].includes(tag)) text = null;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
  if (!sawRoot) throw fb2Error(msg('fictionbook.notFictionBook'));
  return out;
}

/** A section's paragraphs (its sub-sections' too, in order) and its pictures, each before its paragraph. */
function flatten(s: Section, paras: string[] = [], images: BlockImage[] = []): { paras: string[]; images: BlockImage[] } {
  for (const item of s.items) {
    if (typeof item === 'string') paras.push(item);
    else if (isImage(item)) images.push({ ...item, para: paras.length });
    else flatten(item, paras, images);
  }
  return { paras, images };
}

/**
 * The chapters: the body's sections; a body holding a single section of sections (a part, or the book's own
 * wrapper) is looked into. What comes before the first section (the body's title, an epigraph) opens the book.
 */
function chapterSections(body: Section): { title: string; section: Section }[] {
  let top = body;
  for (;;) {
    const subs = top.items.filter(isSection);
    if (subs.length === 1 && subs[0].items.filter(isSection).length > 1 && top.items.every((i) => isSection(i) || typeof i === 'string')) top = subs[0];
    else break;
  }
  const out: { title: string; section: Section }[] = [];
  let loose: Section = { title: '', items: [] };
  // A part looked into keeps its heading out of the chapters: a "Part One" chapter would hold no text but its title.
  const onlyHeading = (items: Section['items']) => top !== body && items.length === 1 && items[0] === top.title;
  for (const item of top.items) {
    if (isSection(item)) {
      if (loose.items.length && !onlyHeading(loose.items)) out.push({ title: loose.title || 'Opening', section: loose });
      loose = { title: '', items: [] };
      out.push({ title: item.title, section: item });
    } else loose.items.push(item);
  }
  if (loose.items.length) out.push({ title: loose.title || (out.length ? 'End' : ''), section: loose });
  return out;
}

function base64Bytes(base64: string): Uint8Array {
  const clean64 = base64.replace(/[^A-Za-z0-9+/=]/g, '');
  return typeof Buffer !== 'undefined' ? new Uint8Array(Buffer.from(clean64, 'base64')) : Uint8Array.from(atob(clean64), (c) => c.charCodeAt(0));
}

/** The <binary> elements as the zip the EPUB's picture check reads from. */
function binariesAsArchive(binaries: Read['binaries']): ZipArchive {
  const paths = [...binaries.keys()];
  return {
    paths,
    has: (p) => binaries.has(p),
    sizeOf: (p) => {
      const b = binaries.get(p);
      return b ? Math.floor((b.base64.length * 3) / 4) : undefined;
    },
    read: async (p) => base64Bytes(binaries.get(p)?.base64 ?? ''),
  };
}

export async function parseFb2(source: Uint8Array | RandomAccess, options: ParseFb2Options): Promise<ParsedBook> {
  let bytes: Uint8Array;
  if (source instanceof Uint8Array && !(source[0] === 0x50 && source[1] === 0x4b)) bytes = source;
  else if (!(source instanceof Uint8Array)) {
    const head = await source.read(0, 2);
    bytes = head[0] === 0x50 && head[1] === 0x4b ? await unzipFb2(source, options.inflateRaw) : await source.read(0, source.size);
  } else bytes = await unzipFb2(source, options.inflateRaw);
  let book: Read;
  try {
    book = read(decodeDocument(bytes));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw fb2Error(msg('fictionbook.badXml', { why: String((err as Error).message).slice(0, 200) }));
  }
  const drafts = chapterSections(book.body)
    .map(({ title, section }, i) => {
      const { paras, images } = flatten(section);
      return { title: title || paras[0]?.slice(0, 200) || `Chapter ${i + 1}`, text: paras.join('\n\n'), images };
    })
    .filter((c) => /[\p{L}\p{N}]/u.test(c.text));
  if (drafts.length === 0) throw fb2Error(msg('fictionbook.noText'));
  const parts = drafts.flatMap((d) => {
    const pieces = splitIntoParts(d.text, CHAPTER_MAX_CHARS);
    const pictures = imagesOfParts(pieces, d.images);
    return pieces.map((text, i) => ({ title: pieces.length > 1 ? `${d.title} (${i + 1})` : d.title, text, images: pictures[i] }));
  });
  if (parts.length > MAX_CHAPTERS) throw fb2Error(msg('epub.tooManyChapters', { count: parts.length, max: MAX_CHAPTERS }));
  const archive = binariesAsArchive(book.binaries);
  const checked = await checkImages(
    archive,
    parts.map((p) => p.images),
    { zlib: options.imageZlib, keep: options.keepImage },
  );
  const sorted = sortBookMatter(parts);
  const chapters: ParsedChapter[] = parts.map((p, i) => ({
    title: p.title.slice(0, 200),
    text: p.text,
    words: countWords(p.text),
    images: checked.placed[i],
    matter: sorted[i].matter,
  }));

  let cover: ParsedBook['cover'] = null;
  const coverBinary = book.coverId ? book.binaries.get(book.coverId) : undefined;
  if (coverBinary && coverBinary.base64.length <= (BOOK_IMAGE_LIMITS.maxImageBytes * 4) / 3 + 1024) {
    const data = base64Bytes(coverBinary.base64);
    const info = imageInfo(data);
    if (info && info.width * info.height <= BOOK_IMAGE_LIMITS.maxImagePixels) cover = { data, mediaType: info.mime };
  }
  return {
    title: book.title.slice(0, 200),
    author: book.authors.join(', ').slice(0, 200),
    description: book.annotation.slice(0, 2000),
    language: book.lang,
    cover,
    chapters,
    images: checked.images,
    imageNotes: checked.notes,
    toc: 'sections',
  };
}
