// Runs in: any process (in practice the worker that reads books). The second half of reading a book made of XHTML
// documents, shared by EPUB and Kindle (MOBI, AZW3) files: the documents and the table of contents become chapters
// (by the ToC when it is usable, else one per document), long ones are cut, front and back matter is marked, and
// the pictures the chapters show are checked (and kept) once.
import { chaptersFromSpine, chaptersFromToc, clip, keepPicturesOfEmpty, readingsOf, type SpineDoc, type TocEntry } from './chapters';
import { checkImages, imagesOfParts } from './images';
import { sortBookMatter } from './matter';
import { countWords, splitIntoParts } from './text';
import { epubError, type EpubZip } from './zip';
import { msg, type Message } from '../contract/messages';
import type { BookToc, ParseEpubOptions, ParsedBook, ParsedChapter } from './parse';

/** A chapter longer than this is cut into parts (the texts module takes at most 5 million characters). */
const CHAPTER_MAX_CHARS = 1_000_000;
const MAX_CHAPTERS = 3000;

type Meta = Pick<ParsedBook, 'title' | 'author' | 'description' | 'language' | 'cover'>;

/**
 * `docs` with their pictures' src already resolved to paths of `files` ('' for one that is not); `toc` entries
 * resolved to documents and anchors. `noText` is the refusal when no chapter holds a word.
 */
export async function bookFromDocs(
  docs: SpineDoc[],
  toc: TocEntry[],
  tocFound: BookToc,
  files: EpubZip,
  meta: Meta,
  options: Pick<ParseEpubOptions, 'withoutText' | 'imageZlib' | 'keepImage'>,
  noText: Message = msg('epub.noText'),
): Promise<ParsedBook> {
  let tocSource = tocFound;
  let chapters = chaptersFromToc(docs, toc);
  if (!chapters) {
    chapters = chaptersFromSpine(docs);
    tocSource = 'spine';
  }
  chapters = keepPicturesOfEmpty(chapters).flatMap((c) => {
    if (c.text.length <= CHAPTER_MAX_CHARS) return [c];
    const parts = splitIntoParts(c.text, CHAPTER_MAX_CHARS);
    const pictures = imagesOfParts(parts, c.images);
    return parts.map((t, i) => ({ ...c, title: clip(`${c.title} (${i + 1})`), text: t, images: pictures[i] }));
  });
  // Gutenberg's header and licence, colophons and the like: cut from the text they share, marked where whole.
  const sorted = sortBookMatter(chapters, { title: meta.title, author: meta.author });
  chapters = chapters.map((c, k) => {
    const { title, text, cutParagraphs } = sorted[k];
    if (text === c.text) return c;
    const last = text.split(/\n{2,}/).length;
    const images = c.images.map((img) => ({ ...img, para: Math.min(Math.max(0, img.para - cutParagraphs), last) }));
    return { ...c, title, text, images };
  });
  if (chapters.length === 0) throw epubError(noText);
  if (chapters.length > MAX_CHAPTERS) throw epubError(msg('epub.tooManyChapters', { count: chapters.length, max: MAX_CHAPTERS }));
  const { images, placed, notes } = await checkImages(
    files,
    chapters.map((c) => c.images),
    { zlib: options.imageZlib, keep: options.keepImage },
  );
  const out = chapters.map((c, k): ParsedChapter => {
    const readings = options.withoutText ? undefined : readingsOf(docs, c.docs, c.text);
    return {
      title: c.title,
      text: options.withoutText ? '' : c.text,
      words: countWords(c.text),
      images: placed[k],
      matter: sorted[k].matter,
      ...(readings ? { readings } : {}),
    };
  });
  return { ...meta, chapters: out, images, imageNotes: notes, toc: tocSource };
}
