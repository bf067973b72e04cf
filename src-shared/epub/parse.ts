// Runs in: any process; in the app only in a worker thread (src-main/workers/tasks.ts 'books.parseEpub'), because a
// hostile EPUB may cost CPU. Pure: EPUB bytes in, {metadata, cover bytes, chapters} out.
//
// container.xml → OPF (fast-xml-parser) → spine; the table of contents from the EPUB 3 nav, else the EPUB 2 NCX,
// matched to the spine in spine order. Each ToC entry starts a chapter at its document (and anchor); spine
// documents without an entry join the chapter before them. Without a usable ToC every spine document (minus the
// nav) is a chapter titled from its first heading. Empty and image-only chapters are skipped.
import { XMLParser } from 'fast-xml-parser';
import { Parser } from 'htmlparser2';
import { decodeDocument } from './decode';
import { htmlToBlocks } from './html';
import { bookFromDocs } from './book';
import type { MatterKind } from './matter';
import { clip, type SpineDoc, type TocEntry } from './chapters';
import { BOOK_IMAGE_LIMITS, type ChapterImage, type KeepImage, type ParsedImage } from './images';
import { imageInfo } from '../image/header';
import { brokenImage, type ImageZlib } from '../image/whole';
import { EPUB_LIMITS, epubError, openEpubZip, type EpubLimits, type EpubZip, type InflateRaw, type RandomAccess } from './zip';
import { type Message, type MessageParam, msg } from '../contract/messages';
import { decodeEntities } from '../html/entities';

export interface ParsedChapter {
  title: string;
  text: string;
  /** Rough count for the preview (letters runs; each CJK character counts one). The reader's tokenizer decides later. */
  words: number;
  /** Ruby readings of its documents (base → reading), when it has any: kept with the text for furigana. */
  readings?: Record<string, string>;
  /** Its pictures, each before a paragraph (ParsedBook.images holds the files). */
  images: ChapterImage[];
  /** Front or back matter (a Gutenberg licence, a colophon): left out of an import unless the learner ticks it. */
  matter: MatterKind | null;
}

/** Where a book's chapters came from: an EPUB's nav, NCX or spine; a PDF's outline, headings or pages; FB2 sections; a Kindle book's ToC. */
export type BookToc = 'nav' | 'ncx' | 'spine' | 'outline' | 'headings' | 'pages' | 'sections' | 'kindle';

export interface ParsedBook {
  title: string;
  author: string;
  description: string;
  /** dc:language as written (BCP 47, e.g. "en-US"), '' when missing. */
  language: string;
  /** The cover when its bytes are a PNG, JPEG, GIF or WebP within the picture caps (never an SVG). */
  cover: { data: Uint8Array; mediaType: string } | null;
  chapters: ParsedChapter[];
  /** The pictures the chapters show, checked (their bytes written by `keepImage` when given). */
  images: ParsedImage[];
  /** Why pictures were left out (not pictures, SVG, over a cap, missing), for the preview and the import. */
  imageNotes: Message[];
  /** Where the chapters came from. */
  toc: BookToc;
}

export interface ParseEpubOptions {
  limits?: EpubLimits;
  /** 0..1 while documents are read. */
  onProgress?: (done: number) => void;
  /** Leave out the chapter texts (preview): titles and word counts only. */
  withoutText?: boolean;
  /** The inflater with an output cap (the worker passes node:zlib's). */
  inflateRaw: InflateRaw;
  /** zlib's CRC-32 and a counting inflater, to check pictures whole (the worker passes node:zlib's). */
  imageZlib: ImageZlib;
  /** Where each checked picture's bytes go (an import); without it pictures are checked and counted only. */
  keepImage?: KeepImage;
}

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Entities are decoded by decodeEntities (named and numeric): no DOCTYPE entity expansion from the file.
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['rootfile', 'item', 'itemref', 'navPoint', 'title', 'creator', 'language', 'description', 'meta', 'EncryptedData'].includes(name),
});

type XmlNode = Record<string, unknown>;

/** Text content of a parsed XML value (string, {#text}, or array of those). */
function textOf(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (Array.isArray(v)) return v.length ? textOf(v[0]) : '';
  if (typeof v === 'object') return textOf((v as XmlNode)['#text']);
  return decodeEntities(String(v)).trim();
}
const attr = (node: unknown, name: string): string => (node && typeof node === 'object' ? decodeEntities(String((node as XmlNode)[`@_${name}`] ?? '')) : '');

function parseXml(text: string, what: MessageParam): XmlNode {
  try {
    return xml.parse(text) as XmlNode;
  } catch (err) {
    throw epubError(msg('epub.badXml', { what, why: (err as Error).message.slice(0, 100) }));
  }
}

/** Resolves an href against the directory of `base` (both zip paths), dropping the fragment. */
export function resolveHref(base: string, href: string): { path: string; fragment: string } {
  const hash = href.indexOf('#');
  const rawPath = hash >= 0 ? href.slice(0, hash) : href;
  const fragment = hash >= 0 ? safeDecode(href.slice(hash + 1)) : '';
  if (rawPath === '') return { path: base, fragment };
  const parts = rawPath.startsWith('/') ? [] : base.split('/').slice(0, -1);
  for (const seg of safeDecode(rawPath).split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return { path: parts.join('/'), fragment };
}
function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Case-insensitive path lookup (some EPUBs disagree with themselves about case). */
function findPath(zip: EpubZip, path: string): string | null {
  if (zip.has(path)) return path;
  const lower = path.toLowerCase();
  return zip.paths.find((p) => p.toLowerCase() === lower) ?? null;
}

async function readText(zip: EpubZip, path: string): Promise<string> {
  return decodeDocument(await zip.read(path));
}

interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: string;
}

const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);

/** DRM: META-INF/encryption.xml encrypting anything but fonts (font obfuscation alone is fine). */
async function refuseDrm(zip: EpubZip): Promise<void> {
  const path = findPath(zip, 'META-INF/encryption.xml');
  if (!path) return;
  const doc = parseXml(await readText(zip, path), 'META-INF/encryption.xml');
  const root = (doc.encryption ?? {}) as XmlNode;
  const entries = (root.EncryptedData ?? []) as XmlNode[];
  for (const e of entries) {
    const algorithm = attr(e.EncryptionMethod, 'Algorithm');
    const uri = attr((e.CipherData as XmlNode | undefined)?.CipherReference, 'URI');
    const isFont = /\.(otf|ttf|woff2?)$/i.test(uri);
    if (!(FONT_OBFUSCATION.has(algorithm) && isFont) && !(FONT_OBFUSCATION.has(algorithm) && uri === '')) {
      throw epubError(msg('epub.drm'));
    }
  }
}

/** The EPUB 3 nav's table of contents, flattened in document order. */
function navEntries(html: string, navPath: string): TocEntry[] {
  const entries: TocEntry[] = [];
  let navDepth = 0;
  let inToc = false;
  let sawTypedToc = false;
  let link: { href: string; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'nav') {
          navDepth++;
          if (navDepth === 1 && !sawTypedToc) {
            const type = `${attrs['epub:type'] ?? ''} ${attrs.role ?? ''}`;
            inToc = /\btoc\b|doc-toc/.test(type);
            sawTypedToc ||= inToc;
          }
        } else if (name === 'a' && inToc) link = { href: attrs.href ?? '', text: '' };
      },
      ontext(t) {
        if (link) link.text += t;
      },
      onclosetag(name) {
        if (name === 'a' && link) {
          if (link.href) entries.push({ title: link.text.replace(/\s+/g, ' ').trim(), ...resolveHref(navPath, link.href) });
          link = null;
        } else if (name === 'nav') {
          navDepth--;
          if (navDepth === 0) inToc = false;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return entries;
}

/** The EPUB 2 NCX's navMap, flattened depth-first. */
function ncxEntries(text: string, ncxPath: string): TocEntry[] {
  const doc = parseXml(text, 'NCX');
  const map = ((doc.ncx as XmlNode | undefined)?.navMap ?? {}) as XmlNode;
  const out: TocEntry[] = [];
  const walk = (points: unknown) => {
    for (const p of (Array.isArray(points) ? points : []) as XmlNode[]) {
      const src = attr(p.content, 'src');
      const title = textOf((p.navLabel as XmlNode | undefined)?.text);
      if (src) out.push({ title, ...resolveHref(ncxPath, src) });
      walk(p.navPoint);
    }
  };
  walk(map.navPoint);
  return out;
}

function docTitleOf(html: string): string {
  let inTitle = false;
  let title = '';
  const parser = new Parser({
    onopentag: (name) => void (name === 'title' && (inTitle = true)),
    ontext: (t) => void (inTitle && (title += t)),
    onclosetag: (name) => {
      if (name === 'title') {
        inTitle = false;
        parser.pause();
      }
    },
  });
  parser.write(html.slice(0, 4000));
  return title.replace(/\s+/g, ' ').trim();
}

/** Reads an EPUB from memory or through random access (a file): only the entries it needs are read. */
export async function parseEpub(source: Uint8Array | RandomAccess, options: ParseEpubOptions): Promise<ParsedBook> {
  const zip = await openEpubZip(source, options.inflateRaw, options.limits ?? EPUB_LIMITS);

  const containerPath = findPath(zip, 'META-INF/container.xml');
  let opfPath: string | null = null;
  if (containerPath) {
    const container = parseXml(await readText(zip, containerPath), 'META-INF/container.xml');
    const rootfiles = ((container.container as XmlNode | undefined)?.rootfiles as XmlNode | undefined)?.rootfile as XmlNode[] | undefined;
    const first = rootfiles?.find((r) => /oebps-package/.test(attr(r, 'media-type'))) ?? rootfiles?.[0];
    const full = first ? attr(first, 'full-path') : '';
    if (full) opfPath = findPath(zip, resolveHref('', full).path);
  }
  // A missing container is tolerated when exactly one OPF is in the zip.
  if (!opfPath) {
    const opfs = zip.paths.filter((p) => p.toLowerCase().endsWith('.opf'));
    if (opfs.length === 1) opfPath = opfs[0];
    else if (!containerPath) throw epubError(msg('epub.noContainer'));
    else throw epubError(msg('epub.noPackage'));
  }

  await refuseDrm(zip);

  const opf = parseXml(await readText(zip, opfPath), msg('epub.packageDocument'));
  const pkg = (opf.package ?? {}) as XmlNode;
  const meta = (pkg.metadata ?? {}) as XmlNode;
  const title = clip(textOf(meta.title)) || 'Untitled';
  const author = clip(textOf(meta.creator));
  const language = textOf(meta.language).slice(0, 35);
  const rawDescription = textOf(meta.description);
  const description = rawDescription ? htmlToBlocks(rawDescription).paragraphs.join('\n\n').slice(0, 5000) : '';

  const manifest = new Map<string, ManifestItem>();
  for (const it of ((pkg.manifest as XmlNode | undefined)?.item ?? []) as XmlNode[]) {
    const id = attr(it, 'id');
    const href = attr(it, 'href');
    if (!id || !href) continue;
    manifest.set(id, { id, path: resolveHref(opfPath, href).path, mediaType: attr(it, 'media-type').toLowerCase(), properties: attr(it, 'properties') });
  }

  // Cover: EPUB 3 cover-image, else EPUB 2 <meta name="cover">, else an image item named like a cover.
  const items = [...manifest.values()];
  const metaCover = ((meta.meta ?? []) as XmlNode[]).find((m) => attr(m, 'name') === 'cover');
  const coverItem =
    items.find((i) => /\bcover-image\b/.test(i.properties)) ??
    (metaCover ? manifest.get(attr(metaCover, 'content')) : undefined) ??
    items.find((i) => i.mediaType.startsWith('image/') && /cover/i.test(i.id + ' ' + i.path));
  let cover: ParsedBook['cover'] = null;
  const coverPath = coverItem && findPath(zip, coverItem.path);
  if (coverPath && (zip.sizeOf(coverPath) ?? 0) <= BOOK_IMAGE_LIMITS.maxImageBytes) {
    // Typed by its bytes, whatever the manifest says: an SVG (or HTML) "cover" is no cover, nor is a damaged one.
    const data = await zip.read(coverPath);
    const info = imageInfo(data);
    if (info && info.width * info.height <= BOOK_IMAGE_LIMITS.maxImagePixels && !(await brokenImage(data, info, options.imageZlib)))
      cover = { data, mediaType: info.mime };
  }

  const spineNode = (pkg.spine ?? {}) as XmlNode;
  const navItem = items.find((i) => /\bnav\b/.test(i.properties));
  const spineItems = ((spineNode.itemref ?? []) as XmlNode[])
    .map((r) => manifest.get(attr(r, 'idref')))
    .filter((i): i is ManifestItem => !!i && i !== navItem && /html|xml/.test(i.mediaType) && !/ncx/.test(i.mediaType));
  // No spine at all (broken OPF): every XHTML item of the manifest, in manifest order.
  const docItems = spineItems.length ? spineItems : items.filter((i) => i !== navItem && /xhtml|html/.test(i.mediaType));

  const docs: SpineDoc[] = [];
  const seen = new Set<string>();
  for (let k = 0; k < docItems.length; k++) {
    const path = findPath(zip, docItems[k].path);
    if (!path || seen.has(path)) continue;
    seen.add(path);
    const html = await readText(zip, path);
    const blocks = htmlToBlocks(html);
    // Pictures point into the zip; a remote or data: URL is never fetched nor kept.
    blocks.images = blocks.images.map((img) => ({ ...img, src: /^[a-z][a-z0-9+.-]*:/i.test(img.src) ? '' : resolveHref(path, img.src).path }));
    docs.push({ path, blocks, docTitle: docTitleOf(html) });
    options.onProgress?.((k + 1) / docItems.length);
  }

  // Table of contents: nav, else NCX (the spine's toc attribute, else any NCX item).
  let toc: TocEntry[] = [];
  let tocSource: ParsedBook['toc'] = 'spine';
  if (navItem) {
    const path = findPath(zip, navItem.path);
    if (path) {
      toc = navEntries(await readText(zip, path), path);
      tocSource = 'nav';
    }
  }
  if (toc.length === 0) {
    const ncxItem = manifest.get(attr(spineNode, 'toc')) ?? items.find((i) => /dtbncx/.test(i.mediaType));
    const path = ncxItem && findPath(zip, ncxItem.path);
    if (path) {
      toc = ncxEntries(await readText(zip, path), path);
      tocSource = 'ncx';
    }
  }

  return bookFromDocs(docs, toc, tocSource, zip, { title, author, description, language, cover }, options);
}
