// Runs in: the worker that reads books (src-main/workers/tasks.ts 'books.parsePdf'), never main: a hostile PDF may
// cost CPU and memory. PDF bytes in, a ParsedBook out (the EPUB reader's shape, so the preview and the import are
// the same): pdf.js (Mozilla's pdfjs-dist, legacy build for Node) gives each page's text pieces with their
// positions, src-shared/pdf/layout.ts makes reading text of them, and chapters come from the outline (bookmarks),
// else from large-type lines opening a page, else every PAGES_PER_PART pages.
import type { BookToc, ParsedBook, ParsedChapter } from '../epub/parse';
import { sortBookMatter } from '../epub/matter';
import { countWords, splitIntoParts } from '../epub/text';
import { AppError } from '../contract/errors';
import { msg } from '../contract/messages';
import { checkPdfStreams, type CountInflated } from './streams';
import { pageLines, toParagraphs, type PdfPage, type PdfParagraph } from './layout';

export const PDF_LIMITS = {
  maxPages: 2000,
  /** Text pieces read from one page: a page of a million invisible glyphs is a bomb, not a book. */
  maxItemsPerPage: 20_000,
  maxChars: 20_000_000,
  maxChapters: 3000,
  chapterMaxChars: 1_000_000,
};

const PAGES_PER_PART = 10;

const pdfError = (m: ReturnType<typeof msg>) => new AppError(422, m);

export type PdfToc = Extract<BookToc, 'outline' | 'headings' | 'pages'>;

/** pdf.js's module, loaded when a PDF is read (an ES module: imported, not required, from the CommonJS worker). */
async function loadPdfjs(): Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> {
  const specifier = 'pdfjs-dist/legacy/build/pdf.mjs';
  // A computed specifier keeps the bundler from turning the import into a require().
  return (await import(/* @vite-ignore */ specifier)) as typeof import('pdfjs-dist/legacy/build/pdf.mjs');
}

interface OutlineNode {
  title: string;
  dest: string | unknown[] | null;
  items: OutlineNode[];
}

type PdfDoc = Awaited<ReturnType<Awaited<ReturnType<typeof loadPdfjs>>['getDocument']>['promise']>;

/** Where each usable bookmark points: page index and the top of its view (null: the page's top). */
async function outlineTargets(doc: PdfDoc): Promise<{ title: string; page: number; top: number | null }[]> {
  const outline = ((await doc.getOutline()) ?? []) as OutlineNode[];
  // A single top entry (the book's own title) holding the chapters: its children are the chapters.
  const entries = outline.length === 1 && outline[0].items.length > 1 ? outline[0].items : outline;
  const out: { title: string; page: number; top: number | null }[] = [];
  for (const e of entries.slice(0, PDF_LIMITS.maxChapters)) {
    try {
      const dest = typeof e.dest === 'string' ? await doc.getDestination(e.dest) : e.dest;
      if (!Array.isArray(dest) || dest.length === 0) continue;
      const ref = dest[0];
      const page = typeof ref === 'number' ? ref : await doc.getPageIndex(ref as { num: number; gen: number });
      const kind = (dest[1] as { name?: string } | undefined)?.name;
      const top = kind === 'XYZ' && typeof dest[3] === 'number' ? dest[3] : kind === 'FitH' && typeof dest[2] === 'number' ? dest[2] : null;
      out.push({ title: e.title.replace(/\s+/g, ' ').trim(), page, top });
    } catch {
      // A bookmark to nowhere is skipped, as an EPUB's ToC entry to a missing document is.
    }
  }
  return out.sort((a, b) => a.page - b.page || (b.top ?? Infinity) - (a.top ?? Infinity));
}

interface Cut {
  at: number;
  title: string;
}

/** Paragraph indexes where the bookmarks start (the first paragraph on their page at or below their top). */
function cutsFromOutline(paras: PdfParagraph[], targets: { title: string; page: number; top: number | null }[], body: number): Cut[] {
  const cuts: Cut[] = [];
  for (const t of targets) {
    let at = paras.findIndex((p) => p.page === t.page && (t.top === null || p.y <= t.top + body * 2));
    if (at < 0) at = paras.findIndex((p) => p.page > t.page);
    if (at < 0) continue;
    if (cuts.length && cuts[cuts.length - 1].at >= at) continue;
    cuts.push({ at, title: t.title });
  }
  return cuts;
}

/** A heading in large type opening a page: a chapter's first line in most typeset books. */
function cutsFromHeadings(paras: PdfParagraph[], body: number): Cut[] {
  return paras.flatMap((p, at) => (p.opensPage && p.size >= body * 1.25 && p.text.length <= 200 ? [{ at, title: p.text }] : []));
}

function cutsEveryPages(paras: PdfParagraph[], pageCount: number): Cut[] {
  const cuts: Cut[] = [];
  for (let from = 0; from < pageCount; from += PAGES_PER_PART) {
    const at = paras.findIndex((p) => p.page >= from);
    if (at < 0 || (cuts.length && cuts[cuts.length - 1].at >= at)) continue;
    const to = Math.min(pageCount, from + PAGES_PER_PART);
    cuts.push({ at, title: `Pages ${from + 1}–${to}` });
  }
  return cuts;
}

function chaptersAt(paras: PdfParagraph[], cuts: Cut[]): { title: string; text: string }[] {
  const out: { title: string; text: string }[] = [];
  if (cuts.length && cuts[0].at > 0)
    out.push({
      title: 'Opening',
      text: paras
        .slice(0, cuts[0].at)
        .map((p) => p.text)
        .join('\n\n'),
    });
  cuts.forEach((c, i) => {
    const end = i + 1 < cuts.length ? cuts[i + 1].at : paras.length;
    out.push({
      title: c.title.slice(0, 200),
      text: paras
        .slice(c.at, end)
        .map((p) => p.text)
        .join('\n\n'),
    });
  });
  return out.filter((c) => /[\p{L}\p{N}]/u.test(c.text));
}

export interface ParsePdfOptions {
  onProgress?: (done: number) => void;
  /** The file's name, for a title when the PDF names none. */
  filename?: string;
  /** node:zlib's counting inflater (the worker's), to refuse a decompression bomb before pdf.js unpacks it. */
  countInflated: CountInflated;
}

export async function parsePdf(data: Uint8Array, options: ParsePdfOptions): Promise<ParsedBook & { toc: PdfToc }> {
  await checkPdfStreams(data, options.countInflated);
  const pdfjs = await loadPdfjs();
  let doc: PdfDoc;
  try {
    doc = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false, verbosity: 0 }).promise;
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name === 'PasswordException') throw pdfError(msg('pdf.encrypted'));
    throw pdfError(msg('pdf.damaged', { why: String((err as Error).message ?? err).slice(0, 200) }));
  }
  try {
    if (doc.numPages > PDF_LIMITS.maxPages) throw pdfError(msg('pdf.tooManyPages', { count: doc.numPages, max: PDF_LIMITS.maxPages }));
    const pages: PdfPage[] = [];
    let chars = 0;
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const view = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      if (content.items.length > PDF_LIMITS.maxItemsPerPage) throw pdfError(msg('pdf.tooComplexPage', { page: i }));
      const items = [];
      for (const it of content.items) {
        if (!('str' in it) || !it.str) continue;
        const [a, b, c, d, x, y] = it.transform as number[];
        // Rotated text (a margin note, a spine label) is not reading text.
        if (Math.abs(b) > 1e-3 || Math.abs(c) > 1e-3) continue;
        chars += it.str.length;
        items.push({ str: it.str, x, y, width: it.width, size: Math.abs(d) || Math.hypot(a, b) });
      }
      if (chars > PDF_LIMITS.maxChars) throw pdfError(msg('pdf.tooMuchText', { max: PDF_LIMITS.maxChars / 1_000_000 }));
      pages.push({ width: view.width, height: view.height, items });
      page.cleanup();
      options.onProgress?.(i / doc.numPages);
    }
    const letters = pages.reduce((n, p) => n + p.items.reduce((m, it) => m + (it.str.match(/\p{L}/gu)?.length ?? 0), 0), 0);
    if (letters < Math.max(20, pages.length)) throw pdfError(msg('pdf.scan'));

    const { lines, body } = pageLines(pages);
    const paras = toParagraphs(lines, body);
    let toc: PdfToc = 'outline';
    let drafts = chaptersAt(paras, cutsFromOutline(paras, await outlineTargets(doc), body));
    if (drafts.length < 2) {
      toc = 'headings';
      drafts = chaptersAt(paras, cutsFromHeadings(paras, body));
    }
    if (drafts.length < 2) {
      toc = 'pages';
      drafts = chaptersAt(paras, cutsEveryPages(paras, pages.length));
    }
    const parts = drafts.flatMap((d) => {
      const pieces = splitIntoParts(d.text, PDF_LIMITS.chapterMaxChars);
      return pieces.map((text, i) => ({ title: pieces.length > 1 ? `${d.title} (${i + 1})` : d.title, text }));
    });
    if (parts.length === 0) throw pdfError(msg('pdf.scan'));
    if (parts.length > PDF_LIMITS.maxChapters) throw pdfError(msg('epub.tooManyChapters', { count: parts.length, max: PDF_LIMITS.maxChapters }));
    const sorted = sortBookMatter(parts);
    const chapters: ParsedChapter[] = parts.map((c, i) => ({ ...c, words: countWords(c.text), images: [], matter: sorted[i].matter }));

    const meta = await doc.getMetadata().catch(() => null);
    const info = (meta?.info ?? {}) as { Title?: string; Author?: string; Subject?: string; Language?: string };
    const xmp = meta?.metadata;
    const clean = (s: unknown) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim().slice(0, 200) : '');
    const title = clean(xmp?.get('dc:title')) || clean(info.Title) || (options.filename ?? '').replace(/\.[^.]+$/, '') || chapters[0].title;
    return {
      title,
      author: clean(xmp?.get('dc:creator')) || clean(info.Author),
      description: clean(info.Subject),
      language: clean(xmp?.get('dc:language')) || clean(info.Language),
      cover: null,
      chapters,
      images: [],
      imageNotes: [],
      toc,
    };
  } finally {
    await doc.destroy();
  }
}
