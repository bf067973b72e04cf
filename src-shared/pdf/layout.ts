// Runs in: any process; in the app only in the worker that reads books (src-shared/pdf/parse.ts). Pure: the text
// pieces of a PDF's pages (as pdf.js gives them: a string, its baseline position and font size) in, reading text
// out — lines, then columns, then paragraphs, with running headers and footers, page numbers and footnote
// markers left out and words hyphenated across a line end joined. docs/books.md "PDF" says why each rule is so.

/** One run of text on a page: PDF user space, y growing upwards (pdf.js's transform[4], transform[5]). */
export interface PdfItem {
  str: string;
  x: number;
  y: number;
  width: number;
  size: number;
}

export interface PdfPage {
  width: number;
  height: number;
  items: PdfItem[];
}

export interface PdfLine {
  text: string;
  x: number;
  right: number;
  y: number;
  size: number;
  page: number;
}

/** A paragraph of reading text, with where it starts (page and baseline) so chapters can be cut at it. */
export interface PdfParagraph {
  text: string;
  page: number;
  y: number;
  size: number;
  /** Its first line starts a page (after the header): a heading there may open a chapter. */
  opensPage: boolean;
}

const median = (xs: number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** The size most of the page's letters are set in: the body text's. */
export function bodySize(pages: readonly PdfPage[]): number {
  const weight = new Map<number, number>();
  for (const p of pages) for (const it of p.items) weight.set(Math.round(it.size * 2) / 2, (weight.get(Math.round(it.size * 2) / 2) ?? 0) + it.str.length);
  let best = 10;
  let most = -1;
  for (const [size, n] of weight)
    if (n > most) {
      best = size;
      most = n;
    }
  return best;
}

/** A superscript footnote marker: a few digits or dagger signs, smaller than the body and raised off its line. */
function isFootnoteMarker(it: PdfItem, line: { y: number; size: number }, body: number): boolean {
  return /^\s*[\d*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]{1,3}\s*$/.test(it.str) && it.size < body * 0.8 && it.y > line.y + line.size * 0.15;
}

/**
 * TeX's default (OT1) fonts have no accented letters: `\\`u` is set as a grave glyph kerned over a u, so the text
 * layer holds "O`u" for "Où". Spacing accents directly before a letter become the accented letter (a dotless ı
 * under an accent is the i it stands for); the ASCII grave only before a vowel, where no prose has a backtick.
 */
const COMBINING: Record<string, string> = {
  '`': '\u0300',
  '\u00B4': '\u0301',
  '\u02C6': '\u0302',
  '\u02DC': '\u0303',
  '\u00AF': '\u0304',
  '\u02D8': '\u0306',
  '\u02D9': '\u0307',
  '\u00A8': '\u0308',
  '\u02DA': '\u030A',
  '\u02DD': '\u030B',
  '\u02C7': '\u030C',
};
export const withComposedAccents = (text: string): string =>
  text.replace(/([`\u00B4\u02C6\u02DC\u00AF\u02D8\u02D9\u00A8\u02DA\u02DD\u02C7])(\p{L})/gu, (piece, accent: string, letter: string) =>
    accent === '`' && !/[aeiouAEIOU]/.test(letter) ? piece : ((letter === 'ı' ? 'i' : letter) + COMBINING[accent]).normalize('NFC'),
  );

/** Items on one baseline, left to right, joined with a space where the gap between them is a word space. */
function toLines(items: PdfItem[], page: number, body: number): PdfLine[] {
  const sorted = items.filter((it) => it.str.length > 0).sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PdfItem[][] = [];
  for (const it of sorted) {
    // A superscript sits a little above its line: it still belongs to the line whose baseline it is near.
    const row = rows.find((r) => Math.abs(r[0].y - it.y) < Math.max(r[0].size, it.size) * 0.5);
    if (row) row.push(it);
    else rows.push([it]);
  }
  const lines: PdfLine[] = [];
  for (const row of rows) {
    const main = row.reduce((a, b) => (b.size * b.str.length > a.size * a.str.length ? b : a));
    const kept = row.filter((it) => it === main || !isFootnoteMarker(it, main, body)).sort((a, b) => a.x - b.x);
    let text = '';
    let end = -Infinity;
    for (const it of kept) {
      const gap = it.x - end;
      if (text && gap > it.size * 0.15 && !/\s$/.test(text) && !/^\s/.test(it.str)) text += ' ';
      text += it.str;
      end = Math.max(end, it.x + it.width);
    }
    text = withComposedAccents(text.replace(/\s+/g, ' ').trim());
    if (!text) continue;
    lines.push({ text, x: kept[0].x, right: end, y: main.y, size: main.size, page });
  }
  return lines.sort((a, b) => b.y - a.y);
}

/**
 * The x of the gutter between two columns, when the page has one: a band in the middle third that almost no body
 * text piece crosses while most pieces lie wholly left or right of it. Pieces, not lines: two columns' lines on
 * one baseline would join into one line across the gutter.
 */
function gutterOf(page: PdfPage, body: number): number | null {
  const pieces = page.items.filter((it) => it.str.trim() && Math.abs(it.size - body) < body * 0.2);
  if (pieces.length < 12) return null;
  const from = page.width * 0.3;
  const to = page.width * 0.7;
  let best: { x: number; crossing: number } | null = null;
  for (let x = from; x <= to; x += 2) {
    let crossing = 0;
    let left = 0;
    let right = 0;
    for (const it of pieces) {
      if (it.x + it.width <= x) left++;
      else if (it.x >= x) right++;
      else crossing++;
    }
    if (crossing <= pieces.length * 0.02 && left >= pieces.length * 0.25 && right >= pieces.length * 0.25 && (!best || crossing < best.crossing))
      best = { x, crossing };
  }
  return best?.x ?? null;
}

/** A page's lines in reading order: a two-column page column by column (lines across both keep their place). */
function readingOrder(page: PdfPage, index: number, body: number): PdfLine[] {
  const gutter = gutterOf(page, body);
  if (gutter === null) return toLines(page.items, index, body);
  const side = (it: PdfItem) => (it.x + it.width <= gutter + 1 ? 'left' : it.x >= gutter - 1 ? 'right' : 'across');
  const left = toLines(
    page.items.filter((it) => side(it) === 'left'),
    index,
    body,
  );
  const right = toLines(
    page.items.filter((it) => side(it) === 'right'),
    index,
    body,
  );
  // A title over both columns: its pieces cross the gutter (or its line does, once joined).
  const spanning = toLines(
    page.items.filter((it) => side(it) === 'across'),
    index,
    body,
  );
  // Lines across the gutter (a title over both columns) cut the page into bands read one after the other.
  const out: PdfLine[] = [];
  let top = Infinity;
  for (const cut of [...spanning, null]) {
    const bottom = cut ? cut.y : -Infinity;
    const inBand = (l: PdfLine) => l.y < top && l.y > bottom;
    out.push(...left.filter(inBand), ...right.filter(inBand));
    if (cut) out.push(cut);
    top = bottom;
  }
  return out;
}

const PAGE_NUMBER = /^(?:[-–—([]\s*)?(?:page\s+|p\.\s*|página\s+|seite\s+)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:of|\/|de|von)\s*\d{1,4})?(?:\s*[-–—)\]])?$/i;

/** The key a running header or footer has on every page: its text with numbers as #, and where it stands. */
const edgeKey = (l: PdfLine, place: string) => `${place}|${l.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ')}`;

/**
 * Leaves out running headers and footers (a line repeated at the top or bottom of at least 40 % of the pages —
 * even and odd pages may alternate two of them — with page numbers as wildcards) and page numbers alone on the
 * top or bottom lines.
 */
export function withoutPageFurniture(pages: PdfLine[][]): PdfLine[][] {
  const EDGE = 2;
  const count = new Map<string, number>();
  const edges = (lines: PdfLine[]) => {
    const byY = [...lines].sort((a, b) => b.y - a.y);
    return [...byY.slice(0, EDGE).map((l) => [l, 'top'] as const), ...byY.slice(-EDGE).map((l) => [l, 'bottom'] as const)];
  };
  for (const lines of pages) {
    const seen = new Set<string>();
    for (const [l, place] of edges(lines)) seen.add(edgeKey(l, place));
    for (const k of seen) count.set(k, (count.get(k) ?? 0) + 1);
  }
  const repeated = Math.max(2, Math.ceil(pages.length * 0.4));
  return pages.map((lines) => {
    const drop = new Set<PdfLine>();
    for (const [l, place] of edges(lines)) {
      if (PAGE_NUMBER.test(l.text)) drop.add(l);
      else if (pages.length >= 3 && (count.get(edgeKey(l, place)) ?? 0) >= repeated) drop.add(l);
    }
    return lines.filter((l) => !drop.has(l));
  });
}

/** Every page's lines in reading order, page furniture left out. */
export function pageLines(pages: readonly PdfPage[]): { lines: PdfLine[][]; body: number } {
  const body = bodySize(pages);
  return { lines: withoutPageFurniture(pages.map((p, i) => readingOrder(p, i, body))), body };
}

const HYPHEN_END = /([\p{L}-]*\p{L})[-\u00ad\u2010]$/u;
const WORD_START = /^(\p{Ll}[\p{L}-]*\p{L}|\p{Ll})/u;

/** The hyphenated compounds the book prints inside a line ("well-known"), and its words, lower-cased. */
export function compoundsOf(lines: readonly PdfLine[]): { compounds: Set<string>; words: Set<string> } {
  const compounds = new Set<string>();
  const words = new Set<string>();
  for (const l of lines) {
    for (const m of l.text.matchAll(/\p{L}+(?:-\p{L}+)+/gu)) compounds.add(m[0].toLowerCase());
    for (const m of l.text.matchAll(/\p{L}+/gu)) words.add(m[0].toLowerCase());
  }
  return { compounds, words };
}

/**
 * Joins line `b` to `a`. A word hyphenated across the break is joined ("infor-" + "mation"), unless the hyphen is a
 * compound's: the book prints the compound with its hyphen elsewhere ("well-known") and never the joined word, or
 * one half is itself a compound ("out-of-" + "the-way"). A soft hyphen always joins.
 */
export function joinLines(a: string, b: string, book: { compounds: Set<string>; words: Set<string> }): string {
  const end = HYPHEN_END.exec(a);
  const start = WORD_START.exec(b);
  if (!end || !start) return `${a} ${b}`;
  if (a.endsWith('\u00ad')) return `${a.slice(0, -1)}${b}`;
  const hyphenated = `${end[1]}-${start[1]}`.toLowerCase();
  const joined = `${end[1]}${start[1]}`.toLowerCase();
  const compound = (book.compounds.has(hyphenated) || end[1].includes('-') || start[1].includes('-')) && !book.words.has(joined);
  return compound ? `${a}${b}` : `${a.slice(0, -1)}${b}`;
}

/** Left edges shared by many lines (at least 2 and 15 %), plus `more`; an indent is no margin: margins lie columns apart. */
function marginsOf(lines: readonly PdfLine[], body: number, more: readonly number[]): number[] {
  const atLeft = new Map<number, number>();
  for (const l of lines) atLeft.set(Math.round(l.x), (atLeft.get(Math.round(l.x)) ?? 0) + 1);
  return [...[...atLeft].filter(([, n]) => n >= Math.max(2, lines.length * 0.15)).map(([x]) => x), ...more]
    .sort((a, b) => a - b)
    .filter((x, i, all) => i === 0 || x - all[i - 1] > body * 4);
}

/**
 * Lines → paragraphs. A paragraph starts after a blank space taller than the usual line spacing, at a first-line
 * indent, after a short line that ends a sentence, or where the type size changes (a heading is a paragraph of its
 * own). A paragraph running over a page or column break continues.
 */
export function toParagraphs(pages: PdfLine[][], body: number): PdfParagraph[] {
  const all = pages.flat();
  const book = compoundsOf(all);
  const gaps: number[] = [];
  for (const lines of pages)
    for (let i = 1; i < lines.length; i++) {
      const g = lines[i - 1].y - lines[i].y;
      if (g > 0 && Math.abs(lines[i].size - body) < body * 0.2) gaps.push(g);
    }
  const spacing = median(gaps) || body * 1.2;
  const bookMargins = marginsOf(
    all.filter((l) => Math.abs(l.size - body) < body * 0.2),
    body,
    [],
  );
  const out: PdfParagraph[] = [];
  let current: { lines: string[]; first: PdfLine; opensPage: boolean } | null = null;
  let last: PdfLine | null = null;
  const flush = () => {
    if (!current) return;
    const text = current.lines.reduce((acc, l) => (acc ? joinLines(acc, l, book) : l), '');
    out.push({ text, page: current.first.page, y: current.first.y, size: current.first.size, opensPage: current.opensPage });
    current = null;
  };
  for (const lines of pages) {
    const bodyLines = lines.filter((l) => Math.abs(l.size - body) < body * 0.2);
    // Column margins: left edges many body lines share, on this page or in the whole book (a page of two lines
    // says little); a two-column page has two. A line's margin is the nearest one at or left of it, and its
    // column's right edge is the farthest right of lines on that margin.
    const margins = marginsOf(bodyLines, body, bookMargins);
    const marginOf = (l: PdfLine) => Math.max(-Infinity, ...margins.filter((x) => x <= l.x + 1)) || l.x;
    const rights = new Map<number, number>();
    for (const l of bodyLines) rights.set(marginOf(l), Math.max(rights.get(marginOf(l)) ?? 0, l.right));
    const rightOf = (l: PdfLine) => rights.get(marginOf(l)) ?? l.right;
    lines.forEach((l, i) => {
      const prev = i > 0 ? lines[i - 1] : null;
      const sizeChange = last !== null && Math.abs(last.size - l.size) >= body * 0.2;
      const indented = l.x > marginOf(l) + body * 0.8;
      let starts = current === null || sizeChange || indented;
      if (!starts && prev) {
        const prevShort = prev.right < rightOf(prev) - body * 3 && /[.!?:;"'”’»)\]]$/.test(prev.text);
        // A line above the one before it starts the next column: spacing says nothing there.
        starts = prevShort || (prev.y > l.y && prev.y - l.y > spacing * 1.6);
      }
      if (starts) {
        flush();
        current = { lines: [l.text], first: l, opensPage: i === 0 };
      } else current!.lines.push(l.text);
      last = l;
    });
  }
  flush();
  return out;
}
