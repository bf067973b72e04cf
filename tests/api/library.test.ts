// Online libraries and web articles over real HTTP against fakes on 127.0.0.1 with the real response shapes:
// Gutendex (/books/?search=&languages=&topic=&page=) and the Global Digital Library book API (/search/{lang},
// /books/{lang}); EPUB by URL; library coverage preview; reader level; "from a web page" with Readability.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { articlePage } from '../helpers/fake-site';
import { makeEpub as makeBookEpub } from '../helpers/epub';
import { makePng } from '../helpers/png';

let srv: http.Server;
let base = '';
let s: TestServer;
let lg: number;
const seen: string[] = [];

async function makeEpub(title: string, chapters: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('mimetype', 'application/epub+zip', { compression: 'STORE' });
  zip.file(
    'META-INF/container.xml',
    '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
  );
  const items = chapters.map((_, i) => `<item id="c${i}" href="c${i}.xhtml" media-type="application/xhtml+xml"/>`).join('');
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('');
  zip.file(
    'OEBPS/content.opf',
    `<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier><dc:title>${title}</dc:title><dc:language>en</dc:language><dc:creator>Test Author</dc:creator></metadata><manifest>${items}</manifest><spine>${spine}</spine></package>`,
  );
  chapters.forEach((c, i) =>
    zip.file(
      `OEBPS/c${i}.xhtml`,
      `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>Chapter ${i + 1}</title></head><body><h1>Chapter ${i + 1}</h1><p>${c}</p></body></html>`,
    ),
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

const GUTENBERG_TEXT = `The Project Gutenberg eBook of A Tiny Tale\n\n*** START OF THE PROJECT GUTENBERG EBOOK A TINY TALE ***\n\nCHAPTER I\n\nThe cat sat on the mat. The dog sat on the log.\n\nCHAPTER II\n\nThe cat and the dog ran to the big red barn.\n\n*** END OF THE PROJECT GUTENBERG EBOOK A TINY TALE ***\nLicense text here.`;

beforeAll(async () => {
  const epub = await makeEpub('The Little Red Hen', [
    'The little red hen found a grain of wheat in the yard.',
    'Who will help me plant this wheat? said the little red hen.',
  ]);
  // A children's reader as the open library serves them: one picture and one sentence per page.
  const pictureBook = await makeBookEpub({
    title: 'Look! The Dog',
    language: 'en',
    docs: ['Look! The dog.', 'The dog runs.'].map((line, i) => ({ path: `p${i + 1}.xhtml`, body: `<img src="img/p${i + 1}.png" alt=""/><p>${line}</p>` })),
    nav: [
      { title: 'The Dog', href: 'p1.xhtml' },
      { title: 'Run', href: 'p2.xhtml' },
    ],
    extra: { 'OEBPS/img/p1.png': makePng(32, 18), 'OEBPS/img/p2.png': makePng(32, 18, [200, 80, 40]) },
  });
  srv = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url.pathname + url.search);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/gutendex/books/') {
      return json({
        count: 2,
        next: url.searchParams.get('page') ? null : `${base}/gutendex/books/?page=2&search=tale`,
        previous: null,
        results: [
          {
            id: 84,
            title: 'A Tiny Tale',
            authors: [{ name: 'Doe, Jane', birth_year: 1800, death_year: 1870 }],
            translators: [],
            subjects: ['Animals -- Fiction'],
            bookshelves: [],
            languages: ['en'],
            copyright: false,
            media_type: 'Text',
            formats: {
              'text/html': `${base}/ebooks/84.html`,
              'application/epub+zip': `${base}/ebooks/84.epub3.images`,
              'text/plain; charset=us-ascii': `${base}/ebooks/84.txt.utf-8`,
              'image/jpeg': `${base}/cache/84.cover.jpg`,
              'application/octet-stream': `${base}/cache/84-h.zip`,
            },
            download_count: 78467,
          },
        ],
      });
    }
    if (url.pathname === '/gdl/search/en' || url.pathname === '/gdl/books/en') {
      return json({
        totalCount: 1,
        page: Number(url.searchParams.get('page') ?? 1),
        pageSize: 20,
        language: { code: 'en', name: 'English' },
        results: [
          {
            id: 1234,
            uuid: 'b5c1',
            title: 'The Little Red Hen',
            description: 'A hen plants wheat.',
            language: { code: 'en', name: 'English' },
            license: { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' },
            publisher: { id: 3, name: 'African Storybook' },
            readingLevel: '2',
            coverImage: { url: `${base}/covers/1234.jpg`, alttext: 'A hen' },
            downloads: { epub: `${base}/epub/1234.epub`, pdf: `${base}/pdf/1234.pdf` },
          },
        ],
      });
    }
    if (url.pathname === '/ebooks/84.epub3.images' || url.pathname === '/epub/1234.epub') {
      res.writeHead(200, { 'content-type': 'application/epub+zip' });
      return res.end(epub);
    }
    if (url.pathname === '/epub/pictures.epub') {
      res.writeHead(200, { 'content-type': 'application/epub+zip' });
      return res.end(pictureBook);
    }
    if (url.pathname === '/ebooks/84.txt.utf-8') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(GUTENBERG_TEXT);
    }
    if (url.pathname === '/article.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(articlePage(7));
    }
    if (url.pathname === '/tiny.html') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><head><title>Tiny</title></head><body><article><p>Only five words are here.</p></article></body></html>');
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  s = await startTestServer({ core: { outboundAllowance: { allowHosts: ['127.0.0.1'] } } });
  lg = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  expect((await s.client.post('/api/v1/settings', { key: 'gutendexUrl', value: `${base}/gutendex` })).status).toBe(200);
  expect((await s.client.post('/api/v1/settings', { key: 'gdlUrl', value: `${base}/gdl` })).status).toBe(200);
});
afterAll(async () => {
  await s.close();
  srv.closeAllConnections();
  srv.close();
});

describe('Gutendex and GDL', () => {
  it('searches Gutenberg by words and language, with formats mapped', async () => {
    const r = (await s.client.get(`/api/v1/library/gutenberg?language_id=${lg}&search=tale&topic=animals`)).body;
    expect(seen.at(-1)).toBe('/gutendex/books/?search=tale&languages=en&topic=animals');
    expect(r).toMatchObject({ count: 2, page: 1, has_next: true });
    expect(r.results[0]).toEqual({
      id: 84,
      title: 'A Tiny Tale',
      authors: ['Doe, Jane'],
      languages: ['en'],
      subjects: ['Animals -- Fiction'],
      download_count: 78467,
      epub_url: `${base}/ebooks/84.epub3.images`,
      text_url: `${base}/ebooks/84.txt.utf-8`,
      cover: `${base}/cache/84.cover.jpg`,
    });
    expect((await s.client.get('/api/v1/library/gutenberg?search=tale&page=2')).body.has_next).toBe(false);
  });

  it("searches the children's readers (kids-search)", async () => {
    const r = (await s.client.get('/api/v1/texts/kids-search?query=hen&language=en&page=1')).body;
    expect(seen.at(-1)).toBe('/gdl/search/en?query=hen&page=1&page-size=20');
    expect(r).toEqual({
      total: 1,
      page: 1,
      results: [
        {
          id: '1234',
          title: 'The Little Red Hen',
          publisher: 'African Storybook',
          description: 'A hen plants wheat.',
          language: 'en',
          license: 'CC BY 4.0',
          level: '2',
          thumbnail: `${base}/covers/1234.jpg`,
          epub_url: `${base}/epub/1234.epub`,
        },
      ],
    });
    await s.client.get(`/api/v1/texts/kids-search?language_id=${lg}`);
    expect(seen.at(-1)).toBe('/gdl/books/en?page=1&page-size=20');
    expect((await s.client.get('/api/v1/texts/kids-search?language=../../etc')).status).toBe(400);
  });

  it('extracts an EPUB by URL', async () => {
    const r = (await s.client.post('/api/v1/texts/extract-epub-url', { url: `${base}/epub/1234.epub` })).body;
    expect(r.title).toBe('The Little Red Hen');
    expect(r.sourceUri).toBe(`${base}/epub/1234.epub`);
    expect(r.text).toContain('The little red hen found a grain of wheat in the yard.');
    expect(r.text).toContain('Who will help me plant this wheat?');
    const notEpub = await s.client.post('/api/v1/texts/extract-epub-url', { url: `${base}/article.html` });
    expect(notEpub.status).toBe(422);
    expect(notEpub.body.error).toBe('The address did not answer with an EPUB file');
    const blocked = await s.client.post('/api/v1/texts/extract-epub-url', { url: 'http://169.254.169.254/x.epub' });
    expect(blocked.status).toBe(422);
  });

  it("previews coverage against the learner's terms and reports the reader level", async () => {
    const url = `${base}/ebooks/84.txt.utf-8`;
    const before = (await s.client.get(`/api/v1/texts/library-preview?url=${encodeURIComponent(url)}&language_id=${lg}`)).body;
    expect(before).toMatchObject({ known_words: 0, coverage_percent: 0, difficulty_label: 'hard' });
    expect(before.total_words).toBeGreaterThan(30);
    expect(before.sample_unknown_words[0]).toBe('the');
    expect(before.sample_unknown_words.length).toBeLessThanOrEqual(20);
    for (const w of ['the', 'cat', 'dog', 'sat', 'on']) await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: w, WoStatus: 99 });
    const after = (await s.client.get(`/api/v1/texts/library-preview?url=${encodeURIComponent(url)}&language_id=${lg}`)).body;
    expect(after.known_words).toBeGreaterThan(before.known_words);
    expect(after.known_words + after.unknown_words).toBe(after.total_words);
    expect(after.sample_unknown_words).not.toContain('the');
    const missing = (await s.client.get(`/api/v1/texts/library-preview?url=${encodeURIComponent(base + '/nope.txt')}&language_id=${lg}`)).body;
    expect(missing).toMatchObject({ error: 'http_status' });
    expect((await s.client.get(`/api/v1/texts/reader-level?language_id=${lg}`)).body).toEqual({ language_id: lg, vocabulary_size: 5, beginner: true });
  });

  it('imports a Gutenberg book through the books importer: EPUB, and plain text split into chapters', async () => {
    const epub = await s.client.post('/api/v1/library/import', { language_id: lg, url: `${base}/ebooks/84.epub3.images` });
    expect(epub.body).toMatchObject({ title: 'The Little Red Hen', chapters: 2 });
    const txt = await s.client.post('/api/v1/library/import', {
      language_id: lg,
      url: `${base}/ebooks/84.txt.utf-8`,
      title: 'A Tiny Tale',
      author: 'Doe, Jane',
    });
    expect(txt.status).toBe(200);
    expect(txt.body.title).toBe('A Tiny Tale');
    const book = (await s.client.get(`/api/v1/books/${txt.body.book_id}`)).body;
    const all = JSON.stringify(book);
    expect(all).not.toContain('License text here');
  });
});

describe("children's readers", () => {
  it('arrive with their pictures: each page keeps its picture before its sentence', async () => {
    const res = await s.client.post('/api/v1/library/import', { language_id: lg, url: `${base}/epub/pictures.epub` });
    expect(res.body).toMatchObject({ title: 'Look! The Dog', chapters: 2 });
    const book = (await s.client.get(`/api/v1/books/${res.body.book_id}`)).body;
    expect(book.pictures).toEqual([
      { chapter: 1, para: 0, alt: '', width: 32, height: 18, url: expect.stringMatching(/^\/api\/v1\/media\/[0-9a-f]{32}$/) },
      { chapter: 2, para: 0, alt: '', width: 32, height: 18, url: expect.stringMatching(/^\/api\/v1\/media\/[0-9a-f]{32}$/) },
    ]);
    const picture = await s.client.get(book.pictures[0].url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
  });
});

describe('one web article', () => {
  it('fills title, text and source from a page', async () => {
    const r = (await s.client.post('/api/v1/texts/from-url', { url: `${base}/article.html`, language_id: lg })).body;
    expect(r.title).toBe('Article 7 | Fake News');
    expect(r.sourceUri).toBe(`${base}/article.html`);
    expect(r.text).toContain('The council met on Monday to discuss the new bridge across the river in article 7.');
    expect(r.text).not.toContain('window.evil');
    expect(r.words).toBeGreaterThan(30);
  });
  it('refuses a page with too little readable text, non-http URLs and blocked addresses', async () => {
    const tiny = await s.client.post('/api/v1/texts/from-url', { url: `${base}/tiny.html`, language_id: lg });
    expect(tiny.status).toBe(422);
    expect(tiny.body.error).toBe('too little readable text');
    expect((await s.client.post('/api/v1/texts/from-url', { url: 'javascript:alert(1)', language_id: lg })).status).toBe(400);
    const local = await s.client.post('/api/v1/texts/from-url', { url: 'http://10.0.0.1/', language_id: lg });
    expect(local.status).toBe(422);
    expect(local.body.error).toContain('private, loopback or reserved');
    expect((await s.client.post('/api/v1/texts/from-url', { url: `${base}/article.html`, language_id: 99999 })).status).toBe(404);
  });
});
