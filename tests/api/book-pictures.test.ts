// Books keep their pictures (issue 35), over real HTTP: Alice's 28 illustrations stored in the media store and
// linked to their chapters and paragraphs; hostile pictures (HTML named .png, SVG with script, a 200-megapixel
// PNG header, 5,000 pictures) left out or refused with a clear note and nothing half-stored; the reader's words
// unchanged by pictures; the per-book and default "hide pictures" settings; deletion with the book.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures } from '../helpers/core';
import { makeEpub, rawZip } from '../helpers/epub';
import { makePng, pngHeaderOnly } from '../helpers/png';

let english: number;
const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
});

const count = (sql: string, ...params: unknown[]) =>
  s.core.sqlite
    .prepare(sql)
    .pluck()
    .get(...params) as number;
const mediaDir = () => path.join(s.core.services.dataDir, 'media');
const mediaFiles = () => (fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()).length : 0);
const stored = () => ({
  books: count('SELECT count(*) FROM books'),
  media: count('SELECT count(*) FROM media_files'),
  files: mediaFiles(),
  images: count('SELECT count(*) FROM book_images'),
});
const importFile = (name: string, data: Uint8Array) => s.client.upload('/api/v1/books', { name, data }, { language_id: String(english) });
const preview = (name: string, data: Uint8Array) => s.client.upload('/api/v1/books/preview', { name, data });
const textOf = (id: number) => s.core.sqlite.prepare('SELECT TxText FROM texts WHERE TxID = ?').pluck().get(id) as string;
const noteCodes = (notes: { message_code: string }[]) => notes.map((n) => n.message_code);

interface Picture {
  url: string;
  para: number;
  alt: string;
  width: number;
  height: number;
  chapter?: number;
}

describe.skipIf(!hasFixtures)("Alice's illustrations", () => {
  let book: { BkID: number; chapters: { text_id: number; title: string }[]; pictures: Picture[]; pictures_shown: boolean; BkPictures: boolean | null };

  it('the preview says 28 pictures and the caps; nothing is stored', async () => {
    const before = stored();
    const res = await preview('alice.epub', new Uint8Array(fs.readFileSync(fixture('epub', 'epubjs_alice.epub'))));
    expect(res.status).toBe(200);
    expect(res.body.pictures).toMatchObject({ count: 28, notes: [], limits: { image_mb: 8, image_megapixels: 40, book_mb: 100, count: 1000 } });
    expect(res.body.pictures.bytes).toBeGreaterThan(100_000);
    expect(stored()).toEqual(before);
  });

  it('imports 28 pictures into the media store, linked to their chapters and paragraphs', async () => {
    const before = stored();
    const res = await importFile('alice.epub', new Uint8Array(fs.readFileSync(fixture('epub', 'epubjs_alice.epub'))));
    expect(res.status).toBe(200);
    book = res.body;
    expect(book.pictures).toHaveLength(28);
    expect(book.pictures_shown).toBe(true);
    expect(book.BkPictures).toBeNull();
    // 28 pictures shown, 27 files: the book shows one illustration (i015) twice; and the cover, one of the book's
    // pictures in the media store too (issue 45): 28 media files.
    expect(stored()).toEqual({ books: before.books + 1, media: before.media + 28, files: before.files + 28, images: before.images + 28 });
    // Per chapter: the cover page (no words) opens the title page; then the chapters' own.
    const perChapter = book.chapters.map((_, i) => book.pictures.filter((p) => p.chapter === i + 1).length);
    expect(perChapter).toEqual([3, 4, 4, 4, 3, 2, 1, 2, 1, 1, 3]);
    // "Down The Rabbit-Hole": a picture after the heading, the next after two paragraphs of text.
    const ch2 = book.pictures.filter((p) => p.chapter === 2);
    const paragraphs = textOf(book.chapters[1].text_id).split('\n\n');
    expect(paragraphs[ch2[0].para]).toMatch(/^Alice was beginning to get very tired/);
    expect(paragraphs[ch2[1].para]).toMatch(/^There was nothing so very remarkable in that/);
    expect(ch2[0]).toMatchObject({ alt: '', width: 160, height: 193 });
    // A plate's caption is printed by the book (<figcaption>): its words are in the chapter, the picture does not
    // repeat them as its caption.
    const plate = book.pictures.find((p) => textOf(book.chapters[p.chapter! - 1].text_id).split('\n\n')[p.para] === 'Alice at the Mad Tea Party.');
    expect(plate).toMatchObject({ alt: '' });
    expect(book.pictures.filter((p) => p.alt !== '')).toEqual([]);
  });

  it('serves a picture with its real type, nosniff and the CSP', async () => {
    const res = await s.client.get(book.pictures[3].url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  });

  it("the reader gets the chapter's pictures beside unchanged words; the same text without pictures reads the same", async () => {
    const id = book.chapters[1].text_id;
    const view = (await s.client.get(`/api/v1/texts/${id}/reader`)).body;
    expect(view.pictures).toEqual(book.pictures.filter((p) => p.chapter === 2).map(({ chapter: _c, ...p }) => p));
    const plain = (await s.client.post('/api/v1/texts', { TxLgID: english, TxTitle: 'Plain copy', TxText: textOf(id) })).body.TxID;
    const plainView = (await s.client.get(`/api/v1/texts/${plain}/reader`)).body;
    expect(plainView.pictures).toBeUndefined();
    expect(view.tokens).toEqual(plainView.tokens);
    // A position saved in the chapter is the word's order, whatever the pictures.
    const progress = await s.client.put(`/api/v1/books/${book.BkID}/progress`, { chapter: 2, position: 201 });
    expect(progress.body.BkPosition).toBe(201);
  });

  it('hides pictures per book and by the default setting', async () => {
    const id = book.chapters[1].text_id;
    const pictures = async () => (await s.client.get(`/api/v1/texts/${id}/reader`)).body.pictures;
    const hide = await s.client.put(`/api/v1/books/${book.BkID}/pictures`, { shown: false });
    expect(hide.body).toEqual({ BkID: book.BkID, BkPictures: false, pictures_shown: false });
    expect(await pictures()).toBeUndefined();
    expect((await s.client.get(`/api/v1/books/${book.BkID}`)).body).toMatchObject({ BkPictures: false, pictures_shown: false });
    // Back to the default, then the default says "hide".
    await s.client.put(`/api/v1/books/${book.BkID}/pictures`, { shown: null });
    expect(await pictures()).toHaveLength(4);
    await s.client.post('/api/v1/settings', { key: 'bookPictures', value: '0' });
    expect(await pictures()).toBeUndefined();
    // The book's own choice wins over the default.
    await s.client.put(`/api/v1/books/${book.BkID}/pictures`, { shown: true });
    expect(await pictures()).toHaveLength(4);
    await s.client.post('/api/v1/settings', { key: 'bookPictures', value: '1' });
    expect((await s.client.put('/api/v1/books/987654/pictures', { shown: true })).status).toBe(404);
  });

  it('deleting the book deletes its pictures: rows and files', async () => {
    const before = stored();
    const ids = book.pictures.map((p) => p.url.split('/').pop());
    expect((await s.client.delete(`/api/v1/books/${book.BkID}`)).status).toBe(200);
    // The 27 pictures' files and the cover's.
    expect(stored()).toEqual({ books: before.books - 1, media: before.media - 28, files: before.files - 28, images: before.images - 28 });
    expect(count(`SELECT count(*) FROM media_files WHERE MfID IN (${ids.map((i) => `'${i}'`).join(',')})`)).toBe(0);
    expect((await s.client.get(book.pictures[0].url)).status).toBe(404);
  });
});

describe('hostile pictures', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';
  const hostile = () =>
    makeEpub({
      title: 'Hostile',
      docs: [
        {
          path: 'a.xhtml',
          body: `<p>First words here.</p><img src="img/fake.png" alt="fake"/><p>Second words.</p><img src="img/evil.svg"/><img src="img/bomb.png"/>
            <svg><image href="img/evil.svg"/></svg><img src="img/good.png" alt="A good one"/><img src="https://example.com/x.png"/><img src="img/missing.png"/><p>Third words.</p>`,
        },
      ],
      nav: [{ title: 'A', href: 'a.xhtml' }],
      extra: {
        'OEBPS/img/fake.png': '<html><body><script>alert(1)</script></body></html>',
        'OEBPS/img/evil.svg': svg,
        'OEBPS/img/bomb.png': pngHeaderOnly(20_000, 10_000),
        'OEBPS/img/good.png': makePng(40, 30),
      },
    });

  it('keeps only the real picture and says why the others were left out', async () => {
    const data = await hostile();
    const pre = await preview('hostile.epub', data);
    expect(pre.body.pictures.count).toBe(1);
    expect(noteCodes(pre.body.pictures.notes)).toEqual(['epub.imagesNotPictures', 'epub.imagesSvg', 'epub.imagesTooLarge', 'epub.imagesMissing']);
    expect(pre.body.pictures.notes.map((n: { message: string }) => n.message)).toEqual([
      'Pictures left out, not PNG, JPEG, GIF or WebP by their bytes: 1 (e.g. "OEBPS/img/fake.png")',
      'SVG pictures left out (SVG can carry script): 1',
      'Pictures left out, over 8 MB or 40 megapixels: 1 (e.g. "OEBPS/img/bomb.png")',
      'Pictures left out, not in the file: 1',
    ]);
    const before = stored();
    const res = await importFile('hostile.epub', data);
    expect(res.status).toBe(200);
    expect(res.body.pictures).toEqual([
      { chapter: 1, url: expect.stringMatching(/^\/api\/v1\/media\/[0-9a-f]{32}$/), para: 2, alt: 'A good one', width: 40, height: 30 },
    ]);
    expect(stored()).toMatchObject({ media: before.media + 1, files: before.files + 1 });
    expect(count('SELECT count(*) FROM media_files WHERE MfType NOT IN (?, ?, ?, ?)', 'image/png', 'image/jpeg', 'image/gif', 'image/webp')).toBe(0);
    const served = await s.client.get(res.body.pictures[0].url);
    expect(served.headers.get('content-type')).toBe('image/png');
    // The worker's temporary picture files are gone: moved into the media store or removed.
    const tmp = path.join(s.core.services.dataDir, 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((n) => n.startsWith('book-images-')) : []).toEqual([]);
  });

  it('an SVG or HTML "cover" is no cover', async () => {
    const data = await makeEpub({
      title: 'SVG cover',
      docs: [{ path: 'a.xhtml', body: '<p>Some words.</p>' }],
      cover: { path: 'cover.svg', data: new TextEncoder().encode(svg), mediaType: 'image/svg+xml' },
    });
    const res = await importFile('svgcover.epub', data);
    expect(res.status).toBe(200);
    expect(res.body.cover_url).toBeNull();
  });

  it('5,000 pictures shown: the first 1,000 are kept, with a note', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 50; i++) files[`OEBPS/p${i}.png`] = makePng(2, 2, [i * 5, 0, 0]);
    const body = Array.from(
      { length: 100 },
      (_, k) => `<p>Page ${k} words.</p>${Array.from({ length: 50 }, (_, i) => `<img src="p${i}.png"/>`).join('')}`,
    ).join('');
    const data = await makeEpub({ title: 'Many', docs: [{ path: 'a.xhtml', body }], extra: files, extraCompression: 'STORE' });
    const pre = await preview('many.epub', data);
    expect(pre.body.pictures.count).toBe(1000);
    expect(pre.body.pictures.notes.map((n: { message: string }) => n.message)).toEqual(['This book shows 5000 pictures; only the first 1000 are kept']);
    const before = stored();
    const res = await importFile('many.epub', data);
    expect(res.body.pictures).toHaveLength(1000);
    // The same file shown many times is stored once.
    expect(stored()).toMatchObject({ media: before.media + 50, images: before.images + 1000 });
  });

  it('5,000 picture files: refused before parsing, nothing stored', async () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({ name: `OEBPS/p${i}.png`, data: makePng(1, 1), method: 0 as const }));
    const data = rawZip([
      { name: 'META-INF/container.xml', data: new TextEncoder().encode('<container><rootfiles><rootfile full-path="c.opf"/></rootfiles></container>') },
      ...entries,
    ]);
    const before = stored();
    const res = await importFile('files.epub', data);
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('This EPUB holds 5001 entries; at most 2000 are allowed');
    expect(stored()).toEqual(before);
  });

  it('an import that fails after its pictures reached the media store leaves nothing: no rows, no files', async () => {
    const data = await makeEpub({
      title: 'Fails late',
      docs: [{ path: 'a.xhtml', body: '<img src="p1.png"/><p>Look! The dog.</p><img src="p2.png"/><p>The dog runs.</p>' }],
      cover: { path: 'cover.png', data: makePng(6, 8), mediaType: 'image/png' },
      extra: { 'OEBPS/p1.png': makePng(8, 6, [200, 10, 10]), 'OEBPS/p2.png': makePng(8, 6, [10, 200, 10]) },
    });
    const covers = path.join(s.core.services.dataDir, 'covers');
    const coverFiles = () => (fs.existsSync(covers) ? fs.readdirSync(covers).length : 0);
    const before = { ...stored(), texts: count('SELECT count(*) FROM texts'), covers: coverFiles() };
    // The book's transaction fails at its last step, writing the pictures' rows: the files are already moved.
    s.core.sqlite.exec("CREATE TEMP TRIGGER fail_pictures BEFORE INSERT ON book_images BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    try {
      expect((await importFile('fails.epub', data)).status).toBe(500);
    } finally {
      s.core.sqlite.exec('DROP TRIGGER fail_pictures');
    }
    expect({ ...stored(), texts: count('SELECT count(*) FROM texts'), covers: coverFiles() }).toEqual(before);
    const tmp = path.join(s.core.services.dataDir, 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((n) => n.startsWith('book-images-')) : []).toEqual([]);
    // The same file imports afterwards: nothing of the failed try stands in its way.
    expect((await importFile('fails.epub', data)).body.pictures).toHaveLength(2);
  });

  it('a chapter reads the same words with or without its pictures', async () => {
    const body = (pics: boolean) =>
      ['<h1>Title</h1>', '<p>One sentence here.</p>', '<p>Two <img src="p.png"/>sentences here.</p>', '<div><img src="p.png"/></div>', '<p>Three.</p>']
        .map((h) => (pics ? h : h.replace(/<img[^>]*>/g, '')))
        .join('');
    const make = (pics: boolean) => makeEpub({ title: `Same ${pics}`, docs: [{ path: 'a.xhtml', body: body(pics) }], extra: { 'OEBPS/p.png': makePng(3, 3) } });
    const withPics = (await importFile('with.epub', await make(true))).body;
    const without = (await importFile('without.epub', await make(false))).body;
    expect(textOf(withPics.chapters[0].text_id)).toBe(textOf(without.chapters[0].text_id));
    // A picture inside a paragraph goes after it; a picture between paragraphs stays there.
    expect(withPics.pictures.map((p: Picture) => p.para)).toEqual([3, 3]);
    const a = (await s.client.get(`/api/v1/texts/${withPics.chapters[0].text_id}/reader`)).body;
    const b = (await s.client.get(`/api/v1/texts/${without.chapters[0].text_id}/reader`)).body;
    expect(a.tokens).toEqual(b.tokens);
  });
});
