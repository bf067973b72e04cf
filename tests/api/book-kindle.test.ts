// Kindle books over real HTTP (issue 48): calibre's AZW3 (KF8) and MOBI 6 prints of Alice (tests/fixtures/kindle)
// become books like the EPUB they were made from — preview with metadata, cover and chapters from the ToC, chapters
// stored as texts with their pictures in the media store — and damaged, bomb-sized, KFX and DRM files are refused
// with nothing stored (no book, text, media file nor scratch folder left behind).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { makeMobiHead } from '../helpers/fb2';
import { fixture } from '../helpers/core';

let english: number;
const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
});

const KINDLE = path.resolve(import.meta.dirname, '../fixtures/kindle');
const azw3 = () => new Uint8Array(fs.readFileSync(path.join(KINDLE, 'alice.azw3')));
const mobi6 = () => new Uint8Array(fs.readFileSync(path.join(KINDLE, 'alice-mobi6.mobi')));
const count = (sql: string) => (s.core.sqlite.prepare(sql).get() as { n: number }).n;
const tmpEntries = () => {
  const dir = path.join(s.core.config.dataDir, 'tmp');
  // The parser's scratch folders and the pictures' folder (the upload's own file goes when the answer is written).
  return (fs.existsSync(dir) ? fs.readdirSync(dir) : []).filter((n) => /^(kindle|book-images)-/.test(n));
};
const stored = () => ({
  books: count('SELECT count(*) AS n FROM books'),
  texts: count('SELECT count(*) AS n FROM texts'),
  media: count('SELECT count(*) AS n FROM media_files'),
  tmp: tmpEntries().length,
});
const importFile = (name: string, data: Uint8Array) => s.client.upload('/api/v1/books', { name, data }, { language_id: String(english) });
const chapterTexts = (bookId: number) =>
  (
    s.core.sqlite.prepare('SELECT TxText FROM book_chapters JOIN texts ON TxID = BcTxID WHERE BcBkID = ? ORDER BY BcNum').all(bookId) as { TxText: string }[]
  ).map((r) => r.TxText);
const ALICE_CHAPTERS = ['Down The Rabbit-Hole', 'The Pool Of Tears', 'A Caucus-Race And A Long Tale', 'The Rabbit Sends In A Little Bill'];

describe('Kindle books', () => {
  it('previews an AZW3 (KF8): metadata, cover, chapters from its NCX, pictures counted, nothing stored', async () => {
    const before = stored();
    const res = await s.client.upload('/api/v1/books/preview', { name: 'alice.azw3', data: azw3() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Alice's Adventures in Wonderland", author: 'Lewis Carroll', language: 'en', language_id: english, toc: 'kindle' });
    expect(res.body.cover).toMatch(/^data:image\/jpeg;base64,/);
    const titles = res.body.chapters.map((c: { title: string }) => c.title);
    expect(titles.slice(0, 5)).toEqual(['Title Page', ...ALICE_CHAPTERS]);
    // The contents pages (the EPUB's nav kept as a page, calibre's inserted one) are no chapters, as in the EPUB.
    expect(titles).toHaveLength(11);
    expect(titles).not.toContain('Contents');
    expect(res.body.pictures.count).toBeGreaterThanOrEqual(20);
    expect(stored()).toEqual(before);
  });

  it('imports the AZW3: each chapter the text of the EPUB it was made from, its pictures in the media store', async () => {
    const res = await importFile('alice.azw3', azw3());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ BkTitle: "Alice's Adventures in Wonderland", BkAuthor: 'Lewis Carroll', BkChapterCount: 11 });
    const texts = chapterTexts(res.body.BkID);
    const epub = await importFile('alice.epub', new Uint8Array(fs.readFileSync(fixture('epub', 'epubjs_alice.epub'))));
    expect(texts).toEqual(chapterTexts(epub.body.BkID));
    const picturesOf = (id: number) =>
      s.core.sqlite.prepare('SELECT BiChapter, BiPara, BiWidth, BiHeight FROM book_images WHERE BiBkID = ? ORDER BY BiChapter, BiPara, BiID').all(id);
    expect(picturesOf(res.body.BkID)).toEqual(picturesOf(epub.body.BkID));
    expect(texts[1]).toMatch(/^Down The Rabbit-Hole\n\nAlice was beginning to get very tired of sitting by her sister on the bank/);
    expect(texts[1]).toContain('"and what is the use of a book," thought Alice, "without pictures or conversations?"');
    const pictures = count(`SELECT count(*) AS n FROM book_images WHERE BiBkID = ${res.body.BkID}`);
    expect(pictures).toBeGreaterThanOrEqual(20);
    expect((await s.client.get(`/api/v1/books/${res.body.BkID}/cover`)).status).toBe(200);
    expect(tmpEntries()).toEqual([]);
  });

  it('imports the MOBI 6 print too: chapters at its page breaks titled from its ToC, pictures kept', async () => {
    const preview = await s.client.upload('/api/v1/books/preview', { name: 'alice.mobi', data: mobi6() });
    expect(preview.status).toBe(200);
    expect(preview.body.chapters.map((c: { title: string }) => c.title)).toEqual(expect.arrayContaining(ALICE_CHAPTERS));
    const res = await importFile('alice.mobi', mobi6());
    expect(res.status).toBe(200);
    const texts = chapterTexts(res.body.BkID);
    const rabbitHole = texts.find((t) => t.startsWith('Down The Rabbit-Hole'));
    expect(rabbitHole).toContain('thought Alice, "without pictures or conversations?"');
    expect(count(`SELECT count(*) AS n FROM book_images WHERE BiBkID = ${res.body.BkID}`)).toBeGreaterThanOrEqual(20);
  });

  const damagedCopy = () => {
    const b = azw3();
    // Record 0's MOBI header magic overwritten: no reader can find the book's header.
    const record0 = Buffer.from(b).readUInt32BE(78);
    b.set([0x58, 0x58, 0x58, 0x58], record0 + 16);
    return b;
  };
  const bomb = () => {
    const b = Buffer.from(azw3());
    b.writeUInt32BE(200 * 1024 * 1024, b.readUInt32BE(78) + 4); // declares 200 MB of text
    return new Uint8Array(b);
  };
  const refusals: [string, string, () => Uint8Array, number, string][] = [
    ['a damaged MOBI (no MOBI header)', 'broken.azw3', damagedCopy, 422, 'mobi.damaged'],
    ['a MOBI cut short', 'short.mobi', () => mobi6().subarray(0, 3000), 422, 'mobi.damaged'],
    ['a MOBI declaring 200 MB of text (a bomb)', 'bomb.mobi', bomb, 422, 'mobi.tooLarge'],
    ['a KFX book', 'book.kfx', () => new TextEncoder().encode('CONT\u0002\u0000some kfx container'), 422, 'mobi.kfx'],
    ['a DRM-protected AZW3', 'locked.azw3', () => makeMobiHead(2), 422, 'mobi.drm'],
  ];
  for (const [what, name, make, status, code] of refusals)
    it(`refuses ${what}, in the preview and the import, nothing stored`, async () => {
      const before = stored();
      const preview = await s.client.upload('/api/v1/books/preview', { name, data: make() });
      expect([preview.status, preview.body.code]).toEqual([status, code]);
      const res = await importFile(name, make());
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(stored()).toEqual(before);
    });

  it('refuses a Kindle file over 100 MB before reading it', async () => {
    const big = new Uint8Array(101 * 1024 * 1024);
    big.set(mobi6().subarray(0, 4096));
    const res = await importFile('huge.mobi', big);
    expect(res.status).toBe(413);
  });
});
