// PDF books over real HTTP (issue 48): real PDFs printed by Chromium (tests/fixtures/pdf, made from the Alice EPUB
// of the shared fixtures) read back into the EPUB's very words and paragraphs, chapters from the outline or the
// headings, running header and page numbers gone, hyphenated words joined; synthetic PDFs for compounds and
// the every-N-pages fallback; and every refusal with nothing stored.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures } from '../helpers/core';
import { makePdf, makePdfBomb, proseChapters } from '../helpers/pdf';

let english: number;
const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
});

const PDFS = path.resolve(import.meta.dirname, '../fixtures/pdf');
const pdf = (name: string) => new Uint8Array(fs.readFileSync(path.join(PDFS, name)));
const count = (sql: string) => (s.core.sqlite.prepare(sql).get() as { n: number }).n;
const stored = () => ({ books: count('SELECT count(*) AS n FROM books'), texts: count('SELECT count(*) AS n FROM texts') });
const preview = (name: string, data: Uint8Array) => s.client.upload('/api/v1/books/preview', { name, data });
const importFile = (name: string, data: Uint8Array, fields: Record<string, string> = {}) =>
  s.client.upload('/api/v1/books', { name, data }, { language_id: String(english), ...fields });
const chapterTexts = (bookId: number) =>
  (
    s.core.sqlite.prepare('SELECT TxText FROM book_chapters JOIN texts ON TxID = BcTxID WHERE BcBkID = ? ORDER BY BcNum').all(bookId) as { TxText: string }[]
  ).map((r) => r.TxText);

/** The EPUB's chapters 1-3 as the PDFs were printed from them (tests/fixtures/pdf/make.ts). */
async function aliceChapters(): Promise<string[]> {
  const res = await s.client.upload(
    '/api/v1/books',
    { name: 'alice.epub', data: new Uint8Array(fs.readFileSync(fixture('epub', 'epubjs_alice.epub'))) },
    { language_id: String(english) },
  );
  expect(res.status).toBe(200);
  const texts = chapterTexts(res.body.BkID).slice(1, 4);
  await s.client.delete(`/api/v1/books/${res.body.BkID}`);
  return texts;
}

describe.skipIf(!hasFixtures)("Chromium's print of Alice", () => {
  let epub: string[];
  beforeAll(async () => {
    epub = await aliceChapters();
  });

  it('previews the PDF with bookmarks: its three chapters from the outline, nothing stored', async () => {
    const before = stored();
    const res = await preview('alice.pdf', pdf('alice-chromium.pdf'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Alice's Adventures in Wonderland", toc: 'outline', cover: null, duplicate_of: null });
    expect(res.body.chapters.map((c: { title: string }) => c.title)).toEqual(['Down The Rabbit-Hole', 'The Pool Of Tears', 'A Caucus-Race And A Long Tale']);
    expect(res.body.chapters[0].words).toBeGreaterThan(1000);
    expect(stored()).toEqual(before);
  });

  it("imports it as reading text: the EPUB's words and paragraphs, no running header, no page number, hyphens joined", async () => {
    const res = await importFile('alice.pdf', pdf('alice-chromium.pdf'));
    expect(res.status).toBe(200);
    const texts = chapterTexts(res.body.BkID);
    expect(texts).toHaveLength(3);
    texts.forEach((text, i) => {
      // Chromium broke words at soft hyphens ("pict-" / "ures"): every one is joined again.
      expect(text.split(/\s+/)).toEqual(epub[i].split(/\s+/));
      expect(text.split('\n\n')).toHaveLength(epub[i].split('\n\n').length);
      expect(text).not.toContain("Alice's Adventures in Wonderland");
      expect(text).not.toMatch(/(^|\n)\d+(\n|$)/);
    });
    // Real compounds broken at their hyphen keep it.
    expect(texts.join(' ')).toContain('waistcoat-pocket');
    const again = await importFile('alice.pdf', pdf('alice-chromium.pdf'));
    expect([again.status, again.body.code]).toEqual([409, 'book.duplicate']);
  });

  it('reads a two-column print column by column, chapters from the headings opening pages', async () => {
    const res = await preview('columns.pdf', pdf('alice-chromium-columns.pdf'));
    expect(res.status).toBe(200);
    expect(res.body.toc).toBe('headings');
    const book = await importFile('columns.pdf', pdf('alice-chromium-columns.pdf'));
    expect(book.status).toBe(200);
    const texts = chapterTexts(book.body.BkID);
    texts.forEach((text, i) => {
      const words = text.split(/\s+/);
      const want = epub[i].split(/\s+/);
      // One em dash Chromium set at a line start ("you." / "—") is the only difference allowed.
      expect(words.filter((w) => !want.includes(w)).length).toBeLessThanOrEqual(2);
      expect(text.split('\n\n')).toHaveLength(epub[i].split('\n\n').length);
    });
  });

  it('refuses a scan: "this PDF has no text: it is a scan", nothing stored', async () => {
    const before = stored();
    const res = await importFile('scan.pdf', pdf('alice-scan.pdf'));
    expect([res.status, res.body.code]).toEqual([422, 'pdf.scan']);
    expect(res.body.error).toMatch(/no text: it is a scan/);
    expect(stored()).toEqual(before);
  });

  it('refuses a password-protected PDF (qpdf, AES-256), nothing stored', async () => {
    const before = stored();
    const res = await importFile('locked.pdf', pdf('locked-qpdf.pdf'));
    expect([res.status, res.body.code]).toEqual([422, 'pdf.encrypted']);
    expect(stored()).toEqual(before);
  });
});

describe.skipIf(!hasFixtures)('Alice typeset by pdfTeX and exported by LibreOffice Writer', () => {
  let epub: string[];
  beforeAll(async () => {
    epub = await aliceChapters();
  });

  // Each maker sets its own running head, page numbers and (pdfTeX) its own hyphenation: the reader must undo each.
  it.each([
    ['alice-latex.pdf', 'pdfTeX, the book class: page number beside the running head, TeX hyphenation, ligatures'],
    ['alice-libreoffice.pdf', 'Writer: header and footer, Heading 1 bookmarks, justified indented paragraphs'],
  ])("%s (%s): three chapters from its bookmarks, the EPUB's words, no header or page number", async (name) => {
    const previewed = await preview(name, pdf(name));
    expect(previewed.status).toBe(200);
    expect(previewed.body.toc).toBe('outline');
    expect(previewed.body.chapters.map((c: { title: string }) => c.title)).toEqual([
      'Down The Rabbit-Hole',
      'The Pool Of Tears',
      'A Caucus-Race And A Long Tale',
    ]);
    const res = await importFile(name, pdf(name));
    expect(res.status).toBe(200);
    const texts = chapterTexts(res.body.BkID);
    expect(texts).toHaveLength(3);
    texts.forEach((text, i) => {
      // pdfTeX sets the EPUB's straight quotes (" and ') as curly ones: the glyph on the page is what is read.
      const straight = (t: string) => t.replace(/[“”]/g, '"').replace(/[‘’]/g, "'");
      const words = straight(text).split(/\s+/);
      const want = new Set(straight(epub[i]!).split(/\s+/));
      const compoundsJoined = new Set([...want].filter((w) => w.includes('-')).map((w) => w.replace(/-/g, '')));
      // A chapter's heading is its first paragraph in both; every word read back is one of the EPUB's (a word cut at
      // a line end and not joined, a ligature or a page number left in would not be) — or a compound the book prints
      // once, cut at its own hyphen by a line end: with no other use in the book to go by, it is joined
      // ("book-shelves" → bookshelves; docs/books.md, Hyphens).
      expect(words.filter((w) => !want.has(w) && !compoundsJoined.has(w))).toEqual([]);
      expect(words).toHaveLength(epub[i]!.split(/\s+/).length);
      expect(text).not.toContain("Alice's Adventures in Wonderland");
      expect(text).not.toMatch(/(^|\n)\d+(\n|$)/);
    });
  });
});

describe('synthetic PDFs', () => {
  it('joins a word hyphenated at a line end but keeps a compound the book prints with its hyphen', async () => {
    const chapters = [
      {
        title: 'One',
        paragraphs: [
          ['The information was well-known to all of us in the', 'village, and we spoke of it often when the days grew short.'],
          ['Everyone wanted more infor-', 'mation about the road; it was a well-', 'known fact that nobody had walked it in years.'],
        ],
      },
      ...proseChapters(2, 20),
    ];
    const res = await importFile('hyphens.pdf', makePdf({ title: 'Hyphens', chapters, outline: true, header: 'Hyphens: a test' }));
    expect(res.status).toBe(200);
    const [first, second] = chapterTexts(res.body.BkID);
    expect(first).toContain('more information about the road; it was a well-known fact');
    expect(first.split('\n\n')).toEqual(['One', expect.stringMatching(/^The information/), expect.stringMatching(/^Everyone/)]);
    expect(second).not.toContain('Hyphens: a test');
    // The page numbers at the pages' feet are gone: the only number left is the chapter's.
    expect(second.split(/\s+/).filter((w) => /^\d+$/.test(w))).toEqual(['1']);
  });

  it('cuts a PDF without bookmarks or headings every 10 pages', async () => {
    const chapters = proseChapters(1, 120).map((c) => ({ ...c, title: 'the river ran by' }));
    const res = await preview('flat.pdf', makePdf({ chapters, linesPerPage: 30 }));
    expect(res.status).toBe(200);
    expect(res.body.toc).toBe('pages');
    expect(res.body.chapters.map((c: { title: string }) => c.title).slice(0, 2)).toEqual(['Pages 1–10', 'Pages 11–20']);
  });

  const refusals: [string, () => Uint8Array, number, string][] = [
    ['a decompression bomb (80 MB of spaces in a few KB)', () => makePdfBomb(80), 422, 'pdf.bomb'],
    ['2,001 pages', () => makePdf({ rawPages: Array.from({ length: 2001 }, () => 'BT /F1 11 Tf 60 500 Td (page) Tj ET') }), 422, 'pdf.tooManyPages'],
    [
      'a page of 30,000 text pieces',
      () => makePdf({ rawPages: ['BT /F1 11 Tf 60 590 Td ' + '(a) Tj 0 -0.02 Td '.repeat(30_000) + 'ET'], deflate: true }),
      422,
      'pdf.tooComplexPage',
    ],
    ['a damaged file with a PDF header', () => new TextEncoder().encode('%PDF-1.7\nthis is not a PDF at all'), 422, 'pdf.damaged'],
    ['a .pdf that is not a PDF', () => new TextEncoder().encode('hello'), 422, 'pdf.damaged'],
  ];
  for (const [what, make, status, code] of refusals)
    it(`refuses ${what}, nothing stored`, async () => {
      const before = stored();
      const res = await importFile('bad.pdf', make());
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(stored()).toEqual(before);
    });
});
