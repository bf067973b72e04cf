// Runs in: any process (in practice the EPUB worker thread). XHTML → paragraphs of plain text with a real HTML
// parser (htmlparser2), never regexes over markup. Blocks become paragraphs (joined by a blank line), <br>
// becomes a line break (verse), list items stay one per paragraph, script/style/svg/images/page numbers are
// dropped, entities decoded. Ruby keeps its base text in the paragraph and its reading (<rt>) aside, in
// `readings` (base → reading), for the reader's furigana. Element ids are remembered with the paragraph they start in, so
// several ToC entries pointing into one file can split it at their anchors.
import { Parser } from 'htmlparser2';
import { HTML_BLOCK_ELEMENTS } from '../text/html-blocks';

export interface HtmlBlocks {
  paragraphs: string[];
  /** Index of paragraphs that are headings (h1-h6), in order. */
  headings: number[];
  /** Element id → index of the paragraph it starts in (may equal paragraphs.length: at the very end). */
  anchors: Map<string, number>;
  /** Ruby readings: base text → reading (<ruby>漢字<rt>かんじ</rt></ruby>; per-character pairs also as the whole word). */
  readings: Map<string, string>;
  /**
   * Pictures (<img src>, and <image href> inside an <svg> wrapper) in document order, each placed before the
   * paragraph `para` (paragraphs.length: after the last one). A picture inside a paragraph goes after it: the
   * reader shows pictures between paragraphs, never among the words.
   */
  images: BlockImage[];
}

export interface BlockImage {
  /** As written in the document (resolved against the document's path by the caller). */
  src: string;
  alt: string;
  para: number;
}

/** An open <ruby>: the base text since the last <rt>, the pairs so far, and the <rt> being read. */
interface RubyState {
  base: string;
  pairs: [string, string][];
  rt: string | null;
}

const RUBY_MAX = 40;
function addRuby(readings: Map<string, string>, ruby: RubyState): void {
  const pairs = ruby.pairs.map(([b, r]) => [b.trim(), r.trim()] as const).filter(([b, r]) => b && r && b.length <= RUBY_MAX && r.length <= RUBY_MAX * 3);
  // The first reading of a base wins: a book is consistent, and a later variant must not flip earlier words.
  for (const [b, r] of pairs) if (!readings.has(b)) readings.set(b, r);
  if (pairs.length > 1 && pairs.length === ruby.pairs.length && !ruby.base.trim()) {
    const whole = pairs.map(([b]) => b).join('');
    if (!readings.has(whole)) readings.set(whole, pairs.map(([, r]) => r).join(''));
  }
}

// Whole documents and table sections too: a chapter file is parsed from <html> down.
const BLOCK = new Set([...HTML_BLOCK_ELEMENTS, 'body', 'html', 'tbody', 'thead', 'tfoot']);
const SKIP = new Set(['script', 'style', 'svg', 'math', 'head', 'title', 'rt', 'rp', 'noscript', 'template', 'object', 'video', 'audio', 'iframe']);
const HEADING = /^h[1-6]$/;
const VOID = new Set(['br', 'img', 'hr', 'meta', 'link', 'input', 'col', 'area', 'base', 'wbr', 'source', 'embed', 'param', 'track']);

/** Page-number markers (Gutenberg's pageno/pagenum, EPUB 3 pagebreak): their text is not part of the book. */
function isPageMarker(attrs: Record<string, string>): boolean {
  const type = `${attrs['epub:type'] ?? ''} ${attrs.role ?? ''}`;
  if (/\bpagebreak\b|doc-pagebreak/.test(type)) return true;
  return /\bpage-?(no|num|number)\b|\bpagenum\b|\bpageno\b/i.test(attrs.class ?? '');
}

/**
 * The picture an element shows: an <img> outside dropped content, or an SVG wrapper's <image> (the usual cover
 * page and picture-book page: the SVG itself is never kept, only the raster picture it points to).
 */
function pictureOf(name: string, attrs: Record<string, string>, stack: readonly { name: string; skipped: boolean }[]): { src: string; alt: string } | null {
  if (name === 'img') {
    if (stack.length > 0 && stack[stack.length - 1].skipped) return null;
    const src = attrs.src ?? '';
    return src ? { src, alt: (attrs.alt ?? attrs.title ?? '').replace(/\s+/g, ' ').trim() } : null;
  }
  if (name !== 'image') return null;
  // Kept only when the SVG wrapper is what drops it: a picture inside <script> or a page marker is not one.
  if (stack.find((e) => e.skipped)?.name !== 'svg') return null;
  const src = attrs['xlink:href'] ?? attrs.href ?? '';
  return src ? { src, alt: '' } : null;
}

/** Collapses whitespace inside a line and trims each line of a paragraph. */
function tidy(raw: string): string {
  return raw
    .split('\n')
    .map((l) => l.replace(/[ \t\f\r\u00a0\u200b]+/g, ' ').trim())
    .filter((l, i, all) => l !== '' || (i > 0 && i < all.length - 1 && all[i - 1] !== ''))
    .join('\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export function htmlToBlocks(html: string): HtmlBlocks {
  const paragraphs: string[] = [];
  const headings: number[] = [];
  const anchors = new Map<string, number>();
  const readings = new Map<string, string>();
  const images: BlockImage[] = [];
  let ruby: RubyState | null = null;
  let cur = '';
  let curHeading = false;
  /** Open elements; `skipped` when the element or an ancestor is dropped (script, style, rt, page numbers…). */
  const stack: { name: string; skipped: boolean; pre: boolean }[] = [];
  let preDepth = 0;
  const inSkipped = () => stack.length > 0 && stack[stack.length - 1].skipped;

  const flush = () => {
    const text = preDepth > 0 ? cur.replace(/^\n+|\s+$/g, '') : tidy(cur);
    if (text) {
      if (curHeading) headings.push(paragraphs.length);
      paragraphs.push(text);
    }
    cur = '';
    curHeading = false;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'ruby' && !inSkipped()) ruby = { base: '', pairs: [], rt: null };
        if (name === 'rt' && ruby && !inSkipped()) ruby.rt = '';
        const image = pictureOf(name, attrs, stack);
        if (image) images.push({ ...image, para: paragraphs.length + (tidy(cur) ? 1 : 0) });
        const skipped = inSkipped() || SKIP.has(name) || isPageMarker(attrs);
        if (!VOID.has(name)) stack.push({ name, skipped, pre: name === 'pre' && !skipped });
        if (skipped) return;
        if (BLOCK.has(name)) flush();
        if (name === 'pre') preDepth++;
        if (HEADING.test(name)) curHeading = true;
        if (name === 'br') cur += '\n';
        const id = attrs.id ?? attrs.name;
        if (id && !anchors.has(id)) anchors.set(id, paragraphs.length);
      },
      ontext(text) {
        if (ruby && ruby.rt !== null && stack[stack.length - 1]?.name === 'rt') ruby.rt += text;
        if (inSkipped()) return;
        if (ruby) ruby.base += text;
        cur += preDepth > 0 ? text : text.replace(/[\r\n]+/g, ' ');
      },
      onclosetag(name) {
        if (VOID.has(name)) return;
        let i = stack.length - 1;
        while (i >= 0 && stack[i].name !== name) i--;
        if (i < 0) return;
        for (let j = stack.length - 1; j >= i; j--) {
          const el = stack[j];
          if (ruby && el.name === 'rt' && ruby.rt !== null) {
            ruby.pairs.push([ruby.base, ruby.rt]);
            ruby.base = '';
            ruby.rt = null;
          }
          if (ruby && el.name === 'ruby') {
            addRuby(readings, ruby);
            ruby = null;
          }
          if (el.skipped) continue;
          if (el.pre) preDepth--;
          if (BLOCK.has(el.name)) flush();
        }
        stack.length = i;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: false, recognizeSelfClosing: true },
  );

  parser.write(html);
  parser.end();
  flush();
  // A caption the book prints beside its picture (a <figcaption>, a caption paragraph) is already words of the
  // chapter: the picture does not repeat it under itself as its alt text.
  for (const img of images) {
    const key = captionKey(img.alt);
    if (key && [paragraphs[img.para - 1], paragraphs[img.para]].some((p) => p !== undefined && captionKey(p) === key)) img.alt = '';
  }
  return { paragraphs, headings, anchors, readings, images };
}

/** Letters and digits only, lowercased: a printed caption with quotes or odd spacing is still the alt's caption. */
const captionKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
