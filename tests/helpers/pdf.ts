// Synthetic PDFs for the books tests and bench, written object by object (a real cross-reference table, the
// standard Times font, one content stream a page): typeset pages with a running header, a page number, a chapter
// heading per chapter, first-line indents, words hyphenated across line ends and optional bookmarks; and hostile
// ones (a decompression bomb, a page of 30,000 text pieces, 2,001 pages, no text at all).
import zlib from 'node:zlib';

export interface PdfSpec {
  title?: string;
  /** Chapters: a heading and paragraphs; each paragraph is a list of lines as they should be set. */
  chapters?: { title: string; paragraphs: string[][] }[];
  /** Bookmarks to each chapter's first page. */
  outline?: boolean;
  /** A running header on every page, and a page number at its foot. */
  header?: string;
  /** Lines a page (body). */
  linesPerPage?: number;
  /** Raw pages instead of chapters: each a content stream (for hostile files). */
  rawPages?: (string | Buffer)[];
  /** Compress content streams (FlateDecode). */
  deflate?: boolean;
}

const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
const W = 420;
const H = 595;

/** Content streams of typeset pages, and the page each chapter starts on. */
function typeset(spec: PdfSpec): { pages: string[]; starts: number[] } {
  const per = spec.linesPerPage ?? 30;
  const pages: string[] = [];
  const starts: number[] = [];
  let ops: string[] = [];
  let line = 0;
  const newPage = () => {
    if (ops.length || pages.length === 0) {
      const n = pages.length + 1;
      const furniture = spec.header ? `BT /F1 7 Tf 150 570 Td (${esc(spec.header)}) Tj ET BT /F1 7 Tf 205 20 Td (${n}) Tj ET ` : '';
      if (ops.length) pages.push(furniture + ops.join(' '));
    }
    ops = [];
    line = 0;
  };
  const y = () => 540 - line * 15;
  for (const chapter of spec.chapters ?? []) {
    newPage();
    starts.push(pages.length + 1);
    ops.push(`BT /F1 20 Tf 60 ${y()} Td (${esc(chapter.title)}) Tj ET`);
    line += 3;
    for (const para of chapter.paragraphs)
      para.forEach((text, i) => {
        if (line >= per) newPage();
        ops.push(`BT /F1 11 Tf ${i === 0 ? 76 : 60} ${y()} Td (${esc(text)}) Tj ET`);
        line++;
      });
  }
  newPage();
  return { pages, starts };
}

/** A PDF file of the spec. */
export function makePdf(spec: PdfSpec): Buffer {
  const { pages, starts } = spec.rawPages ? { pages: spec.rawPages, starts: [] } : typeset(spec);
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman /Encoding /WinAnsiEncoding >>');
  const pageIds: number[] = [];
  for (const content of pages) {
    const raw = Buffer.isBuffer(content) ? content : Buffer.from(content, 'latin1');
    const data = spec.deflate ? zlib.deflateSync(raw) : raw;
    const stream = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${data.length}${spec.deflate ? ' /Filter /FlateDecode' : ''} >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    pageIds.push(
      add(`<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`),
    );
  }
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  let outlineRef = '';
  if (spec.outline && spec.chapters?.length) {
    const outline = add('');
    const items = spec.chapters.map(() => add(''));
    items.forEach((id, i) => {
      const links = `${i > 0 ? ` /Prev ${items[i - 1]} 0 R` : ''}${i + 1 < items.length ? ` /Next ${items[i + 1]} 0 R` : ''}`;
      objects[id - 1] = `<< /Title (${esc(spec.chapters![i].title)}) /Parent ${outline} 0 R${links} /Dest [${pageIds[starts[i] - 1]} 0 R /XYZ 0 ${H} 0] >>`;
    });
    objects[outline - 1] = `<< /Type /Outlines /First ${items[0]} 0 R /Last ${items[items.length - 1]} 0 R /Count ${items.length} >>`;
    outlineRef = ` /Outlines ${outline} 0 R`;
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R${outlineRef} >>`;
  const info = add(`<< /Title (${esc(spec.title ?? 'Untitled')}) /Producer (tests/helpers/pdf.ts) >>`);

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    offsets.push(offset);
    offset += chunk.length;
    parts.push(chunk);
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const WORDS = 'the river ran quietly past the old mill where children played every summer afternoon while their parents worked in the fields'.split(' ');

/** `n` chapters of prose, lines about 60 characters, some words hyphenated across line ends. */
export function proseChapters(n: number, paragraphsEach: number, linesEach = 6): { title: string; paragraphs: string[][] }[] {
  return Array.from({ length: n }, (_, c) => ({
    title: `Chapter ${c + 1}`,
    paragraphs: Array.from({ length: paragraphsEach }, (_, p) =>
      Array.from({ length: linesEach }, (_, l) => {
        const words = Array.from({ length: 10 }, (_, w) => WORDS[(c * 7 + p * 5 + l * 3 + w) % WORDS.length]);
        return l === linesEach - 1 ? `${words.slice(0, 5).join(' ')}.` : words.join(' ');
      }),
    ),
  }));
}

/** A decompression bomb: one page whose content stream is `mb` MB of spaces deflated (a few KB). */
export function makePdfBomb(mb: number): Buffer {
  return makePdf({ rawPages: [Buffer.alloc(mb * 1024 * 1024, 0x20)], deflate: true });
}
