// Books over real HTTP: EPUB fixtures and synthetic EPUBs imported (parsed in a worker thread), refusals with
// nothing stored, long texts split into chapters, the book page's counts and difficulty, progress, ownership,
// and deletion (chapters' texts and the cover go, terms stay).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures, insertForeignLanguage } from '../helpers/core';
import { makeEpub, makeManyEntries, makeZipBomb, prose } from '../helpers/epub';
import { makePng } from '../helpers/png';

let english: number;
let chinese: number;
let spanish: number;

const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  chinese = (await s.client.post('/api/v1/languages', { LgName: 'Chinese', LgIsoCode: 'zh', LgParserType: 'character' })).body.LgID;
  spanish = (await s.client.post('/api/v1/languages', { LgName: 'Spanish', LgIsoCode: 'es' })).body.LgID;
});

const count = (sql: string, ...params: unknown[]) => (s.core.sqlite.prepare(sql).get(...params) as { n: number }).n;
const tables = () => ({
  books: count('SELECT count(*) AS n FROM books'),
  chapters: count('SELECT count(*) AS n FROM book_chapters'),
  texts: count('SELECT count(*) AS n FROM texts'),
  // Covers are media files (one of the book's pictures, issue 45): a refused import leaves no row and no file.
  media: count('SELECT count(*) AS n FROM media_files'),
  files: fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()).length : 0,
});
const mediaDir = () => path.join(s.core.services.dataDir, 'media');
const importFile = (name: string, data: Uint8Array, language_id: number, fields: Record<string, string> = {}) =>
  s.client.upload('/api/v1/books', { name, data }, { language_id: String(language_id), ...fields });
const readFixture = (name: string) => new Uint8Array(fs.readFileSync(fixture('epub', name)));
const textOf = (id: number) => (s.core.sqlite.prepare('SELECT TxText FROM texts WHERE TxID = ?').get(id) as { TxText: string }).TxText;

describe.skipIf(!hasFixtures)('real EPUBs', () => {
  it('previews alice without storing anything: metadata, cover, language match, chapters with word counts', async () => {
    const before = tables();
    const res = await s.client.upload('/api/v1/books/preview', { name: 'alice.epub', data: readFixture('epubjs_alice.epub') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: "Alice's Adventures in Wonderland",
      author: 'Lewis Carroll',
      language: 'en-US',
      language_id: english,
      toc: 'nav',
      duplicate_of: null,
    });
    expect(res.body.cover).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(res.body.chapters).toHaveLength(11);
    expect(res.body.chapters[1]).toEqual({ title: 'Down The Rabbit-Hole', words: expect.any(Number), matter: null });
    expect(res.body.chapters[1].words).toBeGreaterThan(1000);
    expect(tables()).toEqual(before);
  });

  it('imports alice (nav only): 11 chapters as texts, cover served, counts per chapter', async () => {
    const res = await importFile('alice.epub', readFixture('epubjs_alice.epub'), english);
    expect(res.status).toBe(200);
    const book = res.body;
    expect(book).toMatchObject({
      BkTitle: "Alice's Adventures in Wonderland",
      BkAuthor: 'Lewis Carroll',
      BkChapterCount: 11,
      BkCurrentChapter: 1,
      BkProgress: 0,
      LgName: 'English',
    });
    expect(book.chapters.map((c: { title: string }) => c.title).slice(0, 3)).toEqual(['Title Page', 'Down The Rabbit-Hole', 'The Pool Of Tears']);
    const ch1 = book.chapters[1];
    expect(textOf(ch1.text_id).startsWith('Down The Rabbit-Hole\n\nAlice was beginning to get very tired')).toBe(true);
    expect(ch1.words).toBeGreaterThan(1300);
    expect(ch1.unknown).toBeGreaterThan(400);
    expect(ch1.known_pct).toBe(0);
    // The chapter is an ordinary text: the reader opens it.
    const reader = await s.client.get(`/api/v1/texts/${ch1.text_id}`);
    expect(reader.body.TxTitle).toBe("Alice's Adventures in Wonderland — Down The Rabbit-Hole");
    const cover = await s.client.get(book.cover_url);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/jpeg');
    expect((cover.body as Buffer).length).toBe(36192);
  });

  it('a Gutenberg EPUB: the preview marks its licence as matter and does not count it; the learner may keep it (issue 31, item 5)', async () => {
    const preview = await s.client.upload('/api/v1/books/preview', { name: 'pg.epub', data: readFixture('gutenberg_pg24113-images-3.epub') });
    expect(preview.status).toBe(200);
    expect(preview.body.chapters.map((c: { matter: string | null }) => c.matter)).toEqual([null, null, 'gutenberg-licence']);
    const [first, second, licence] = preview.body.chapters as { words: number }[];
    expect(preview.body.words).toBe(first.words + second.words);
    expect(licence.words).toBeGreaterThan(1000);
    // Everything kept on request (the learner ticked the licence), and nothing when nothing is chosen.
    const all = await importFile('pg-all.epub', readFixture('gutenberg_pg24113-images-3.epub'), chinese, { skip_chapters: 'none' });
    expect(all.status, all.text).toBe(200);
    expect(all.body.BkChapterCount).toBe(3);
    expect(textOf(all.body.chapters[2].text_id)).toMatch(/PROJECT GUTENBERG/);
    await s.client.delete(`/api/v1/books/${all.body.BkID}`);
    const none = await importFile('pg-none.epub', readFixture('gutenberg_pg24113-images-3.epub'), chinese, { skip_chapters: '0,1,2' });
    expect([none.status, none.body.code]).toEqual([400, 'book.noChapterChosen']);
  });

  it('imports alice without cover, the Chinese Gutenberg book and Hola.epub', async () => {
    const noCover = await importFile('alice_without_cover.epub', readFixture('epubjs_alice_without_cover.epub'), english);
    expect(noCover.status).toBe(200);
    expect(noCover.body).toMatchObject({ BkChapterCount: 1, cover_url: null });
    expect(noCover.body.chapters[0].title).toBe('Title Page');

    // Gutenberg's licence chapter is left out by default and its header cut off the first chapter (issue 31, item 5).
    const zh = await importFile('pg24113.epub', readFixture('gutenberg_pg24113-images-3.epub'), chinese);
    expect(zh.status).toBe(200);
    expect(zh.body).toMatchObject({ BkTitle: '九命奇冤', BkAuthor: 'Jianren Wu', BkChapterCount: 2 });
    expect(textOf(zh.body.chapters[0].text_id)).not.toMatch(/Gutenberg|This ebook is for the use/i);
    // Gutenberg's credit line ("Produced by …") goes with its header (issue 51): the chapter opens on the book.
    expect(textOf(zh.body.chapters[0].text_id)).toMatch(/^第一回/);
    expect(textOf(zh.body.chapters[1].text_id).startsWith('過得兩天，黎阿二親自來說')).toBe(true);
    expect(zh.body.chapters[1].words).toBeGreaterThan(25_000);

    const hola = await importFile('Hola.epub', readFixture('lute_Hola.epub'), spanish);
    expect(hola.status).toBe(200);
    expect(hola.body.chapters).toEqual([expect.objectContaining({ number: 1, title: 'Hola', words: 3, unknown: 3 })]);
    expect(textOf(hola.body.chapters[0].text_id)).toBe('Tengo un amigo.');
  });

  it('refuses invalid_empty.epub and invalid.epub with different clear messages, storing nothing', async () => {
    const before = tables();
    const empty = await importFile('invalid_empty.epub', readFixture('lute_invalid_empty.epub'), spanish);
    const notZip = await importFile('invalid.epub', readFixture('lute_invalid.epub'), spanish);
    expect([empty.status, notZip.status]).toEqual([422, 422]);
    expect(empty.body.error).toBe('This EPUB has no readable text (no chapter holds any words)');
    expect(notZip.body.error).toBe('This file is not an EPUB: it is not a zip archive');
    expect(tables()).toEqual(before);
  });

  it('refuses a duplicate with "Already imported as {title}" and a link', async () => {
    const before = tables();
    const again = await importFile('copy.epub', readFixture('lute_Hola.epub'), spanish);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Already imported as Hola');
    expect(again.body.url).toMatch(/^\/book\/\d+$/);
    const preview = await s.client.upload('/api/v1/books/preview', { name: 'copy.epub', data: readFixture('lute_Hola.epub') });
    expect(preview.body.duplicate_of).toMatchObject({ BkTitle: 'Hola' });
    expect(tables()).toEqual(before);
  });
});

describe('synthetic EPUBs over HTTP', () => {
  it('imports an EPUB 2 NCX-only book with nested entries and anchors, in spine order', async () => {
    const bytes = await makeEpub({
      title: 'Synthetic',
      author: 'Tester',
      language: 'en',
      docs: [
        { path: 'one.xhtml', body: '<h2 id="a">Alpha</h2><p>Apples are red.</p><h2 id="b">Beta</h2><p>Bananas are yellow.</p>' },
        { path: 'two.xhtml', body: '<h2>Gamma</h2><p>Grapes are green.</p>' },
      ],
      ncx: [
        { title: 'Part', href: 'one.xhtml#a', children: [{ title: 'Second', href: 'one.xhtml#b' }] },
        { title: 'Third', href: 'two.xhtml' },
      ],
    });
    const res = await importFile('synthetic.epub', bytes, english);
    expect(res.status).toBe(200);
    expect(res.body.chapters.map((c: { title: string; text_id: number }) => [c.title, textOf(c.text_id)])).toEqual([
      ['Part', 'Alpha\n\nApples are red.'],
      ['Second', 'Beta\n\nBananas are yellow.'],
      ['Third', 'Gamma\n\nGrapes are green.'],
    ]);
  });

  it('decodes non-UTF-8 XHTML', async () => {
    const bytes = await makeEpub({
      title: 'Latin',
      docs: [{ path: 'a.xhtml', body: '<p>Años después, el coronel Aureliano Buendía…</p>', encoding: 'iso-8859-1' }],
    });
    // iso-8859-1 has no ellipsis: iconv writes "?" — the accented letters are what must survive.
    const res = await importFile('latin.epub', bytes, spanish);
    expect(res.status).toBe(200);
    expect(textOf(res.body.chapters[0].text_id).startsWith('Años después, el coronel Aureliano Buendía')).toBe(true);
  });

  it('refuses DRM, a zip bomb (quickly) and 3,000 entries, storing nothing', async () => {
    const before = tables();
    const drm = await makeEpub({
      docs: [{ path: 'a.xhtml', body: '<p>x y z</p>' }],
      extra: {
        'META-INF/encryption.xml':
          '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/><enc:CipherData><enc:CipherReference URI="OEBPS/a.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>',
      },
    });
    const r1 = await importFile('drm.epub', drm, english);
    expect(r1.status).toBe(422);
    expect(r1.body.error).toMatch(/^This EPUB is protected by DRM/);

    const bomb = makeZipBomb(40);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const r2 = await importFile('bomb.epub', bomb, english);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(r2.status).toBe(422);
    expect(r2.body.error).toMatch(/decompression bomb/);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);

    const r3 = await importFile('many.epub', makeManyEntries(3000), english);
    expect(r3.status).toBe(422);
    expect(r3.body.error).toBe('This EPUB holds 3000 entries; at most 2000 are allowed');

    // A .pdf is a book now (tests/api/book-pdf.test.ts); a Word file is not.
    const r4 = await importFile('notes.doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]), english);
    expect(r4.status).toBe(400);
    expect(r4.body.error).toBe('Only .epub, .pdf, .fb2, .mobi, .azw3 and .txt files can become books');
    expect(tables()).toEqual(before);
  });

  it('streams the upload to a temporary file, removed after the import and after a refusal; bytes (IPC) read the same', async () => {
    const tmpDir = path.join(s.core.services.dataDir, 'tmp');
    const leftovers = () => (fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir).filter((f) => f.startsWith('upload-')) : []);
    const docs = [
      { path: 'a.xhtml', body: `<h2>Uno</h2>${prose(300, 11)}` },
      { path: 'b.xhtml', body: `<h2>Dos</h2>${prose(300, 12)}` },
    ];
    const epub = await makeEpub({
      title: 'Streamed',
      docs,
      nav: docs.map((d, i) => ({ title: `Part ${i + 1}`, href: d.path })),
      extra: { 'OEBPS/images/big.jpg': new Uint8Array(2 * 1024 * 1024).fill(9) },
      extraCompression: 'STORE',
    });
    const viaIpc = (await s.core.dispatch('books.preview', { file: { filename: 'streamed.epub', data: epub.slice() } })) as { chapters: unknown[] };
    const res = await importFile('streamed.epub', epub, english);
    expect(res.status).toBe(200);
    expect(res.body.chapters.map((c: { title: string }) => c.title)).toEqual(['Part 1', 'Part 2']);
    expect(viaIpc.chapters).toEqual([
      { title: 'Part 1', words: res.body.chapters[0].words, matter: null },
      { title: 'Part 2', words: res.body.chapters[1].words, matter: null },
    ]);
    expect(textOf(res.body.chapters[1].text_id)).toMatch(/^Dos\n\n/);
    const again = await importFile('streamed-again.epub', epub, english);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('Already imported as Streamed');
    const notZip = await importFile('broken.epub', new TextEncoder().encode('not a zip at all'), english);
    expect(notZip.body.error).toBe('This file is not an EPUB: it is not a zip archive');
    // The adapter removes the temporary file once the response is written.
    expect(fs.existsSync(tmpDir)).toBe(true);
    for (let i = 0; i < 50 && leftovers().length; i++) await new Promise((r) => setTimeout(r, 20));
    expect(leftovers()).toEqual([]);
  });

  it('refuses a foreign or missing language before parsing', async () => {
    const { languageId: foreign } = insertForeignLanguage(s.core);
    const bytes = await makeEpub({ docs: [{ path: 'a.xhtml', body: '<p>Words.</p>' }] });
    for (const lg of [foreign, 999_999]) {
      const res = await importFile('x.epub', bytes, lg);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Language not found');
    }
    expect((await importFile('x.epub', bytes, 0)).status).toBe(400);
  });
});

describe('long texts', () => {
  it('JSON title/author/text becomes chapters on headings', async () => {
    const text = ['CHAPTER I', '', 'It was the best of times.', '', 'CHAPTER II', '', 'It was the worst of times.'].join('\n');
    const res = await s.client.post('/api/v1/books', { title: 'Two Cities', author: 'Dickens', language_id: english, text });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ BkTitle: 'Two Cities', BkAuthor: 'Dickens', BkChapterCount: 2, cover_url: null });
    expect(res.body.chapters.map((c: { title: string; text_id: number }) => [c.title, textOf(c.text_id)])).toEqual([
      ['CHAPTER I', 'CHAPTER I\n\nIt was the best of times.'],
      ['CHAPTER II', 'CHAPTER II\n\nIt was the worst of times.'],
    ]);
    expect((await s.client.post('/api/v1/books', { title: 'Two Cities again', language_id: english, text })).body.error).toBe('Already imported as Two Cities');
  });

  it('a .txt file without headings becomes parts of about 5,000 words', async () => {
    const para = Array.from({ length: 100 }, (_, i) => `${'abcdefghij'[i % 10]}word`).join(' ');
    const text = Array.from({ length: 120 }, () => para).join('\n\n');
    const res = await importFile('long.txt', new TextEncoder().encode(text), english);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ BkTitle: 'long', BkChapterCount: 3 });
    expect(res.body.chapters.map((c: { title: string; words: number }) => [c.title, c.words])).toEqual([
      ['Part 1', 5000],
      ['Part 2', 5000],
      ['Part 3', 2000],
    ]);
  });

  it('a hard-wrapped .txt book (Gutenberg) is stored as paragraphs, its headings still chapters (issue 31, item 4)', async () => {
    const wrapped = (n: number) =>
      [
        `CHAPTER ${n}`,
        '',
        'It is a truth universally acknowledged, that a single man in possession',
        'of a good fortune, must be in want of a wife. However little known the',
        'feelings or views of such a man may be on his first entering a',
        'neighbourhood, this truth is so well fixed in the minds of the families.',
        '',
      ].join('\n');
    const res = await importFile('pride.txt', new TextEncoder().encode([1, 2].map(wrapped).join('\n')), english);
    expect(res.status).toBe(200);
    expect(res.body.chapters.map((c: { title: string }) => c.title)).toEqual(['CHAPTER 1', 'CHAPTER 2']);
    const chapter = (await s.client.get(`/api/v1/texts/${res.body.chapters[0].text_id}`)).body.TxText as string;
    expect(chapter).toContain('in possession of a good fortune, must be in want of a wife. However little known the feelings');
    expect(chapter).not.toContain('possession\n');
  });

  it('refuses empty input, both inputs, and a text without title', async () => {
    const before = tables();
    expect((await s.client.post('/api/v1/books', { language_id: english })).body.error).toBe('file or text is required');
    expect((await s.client.post('/api/v1/books', { language_id: english, title: 'x', text: ' \n ' })).body.error).toBe('The text holds no words');
    expect((await s.client.post('/api/v1/books', { language_id: english, text: 'Some words.' })).body.error).toBe('title is required for a text');
    expect(tables()).toEqual(before);
  });
});

describe('book page, progress, difficulty, deletion', () => {
  let bookId: number;
  let chapters: { number: number; text_id: number; title: string }[];

  beforeAll(async () => {
    const bytes = await makeEpub({
      title: 'Progress Book',
      language: 'en',
      docs: [
        { path: 'a.xhtml', body: '<h2>One</h2><p>the cat saw the dog and the bird</p>' },
        { path: 'b.xhtml', body: '<h2>Two</h2><p>the dog ran to the cat</p>' },
        { path: 'c.xhtml', body: `<h2>Three</h2>${prose(200)}` },
      ],
      nav: [
        { title: 'One', href: 'a.xhtml' },
        { title: 'Two', href: 'b.xhtml' },
        { title: 'Three', href: 'c.xhtml' },
      ],
      cover: { path: 'cover.png', data: makePng(4, 4), mediaType: 'image/png' },
    });
    const res = await importFile('progress.epub', bytes, english);
    expect(res.status).toBe(200);
    bookId = res.body.BkID;
    chapters = res.body.chapters;
  });

  it('per-chapter counts follow the terms; difficulty lists the most frequent unknown words', async () => {
    const before = (await s.client.get(`/api/v1/books/${bookId}`)).body;
    // "One the cat saw the dog and the bird": 9 running words, 7 distinct.
    expect(before.chapters[0]).toMatchObject({ number: 1, title: 'One', words: 9, unknown: 7, known_pct: 0, finished: false });
    const diff = (await s.client.get(`/api/v1/books/${bookId}/difficulty?chapter=2`)).body;
    expect(diff.chapter).toMatchObject({ number: 2, title: 'Two', words: 7, unknown: 6 });
    expect(diff.chapter.top_unknown[0]).toEqual({ word: 'the', count: 2 });
    expect(diff.book.top_unknown.length).toBeLessThanOrEqual(50);
    expect(diff.book.top_unknown[0].word).toBeDefined();

    // One click: "the" and "cat" as status-1 terms; then "the" is known (99) through the terms API.
    const add = await s.client.post(`/api/v1/books/${bookId}/terms`, { words: ['the', 'cat'] });
    expect(add.body).toMatchObject({ success: true, created: 2, skipped: 0 });
    expect(add.body.ids).toHaveLength(2);
    // An existing term is skipped, and its id is still given.
    expect((await s.client.post(`/api/v1/books/${bookId}/terms`, { words: ['the'] })).body).toEqual({
      success: true,
      created: 0,
      skipped: 1,
      ids: [add.body.ids[0]],
    });
    const term = s.core.sqlite.prepare("SELECT WoID, WoStatus FROM words WHERE WoTextLC = 'the' AND WoLgID = ?").get(english) as {
      WoID: number;
      WoStatus: number;
    };
    expect(term.WoStatus).toBe(1);
    await s.client.put('/api/v1/review/status', { term_id: term.WoID, status: 99 });
    const after = (await s.client.get(`/api/v1/books/${bookId}`)).body;
    expect(after.chapters[0]).toMatchObject({ words: 9, unknown: 5, known_pct: 33.3 });
  });

  it('progress: chapter, position, last read; out-of-range chapter refused; list shows it first', async () => {
    // Progress is words of chapters finished over the book's words (issue 31): peeking at a later chapter is not
    // progress, going back to an earlier one loses none.
    const words = (await s.client.get(`/api/v1/books/${bookId}`)).body.chapters.map((c: { words: number }) => c.words) as number[];
    const all = words[0] + words[1] + words[2];
    const peek = await s.client.put(`/api/v1/books/${bookId}/progress`, { chapter: 3 });
    expect(peek.body.BkProgress).toBe(0);
    await s.client.post(`/api/v1/texts/${chapters[0].text_id}/finished`);
    const p = await s.client.put(`/api/v1/books/${bookId}/progress`, { chapter: 2, position: 5 });
    expect(p.body).toEqual({ BkID: bookId, BkCurrentChapter: 2, BkPosition: 5, BkProgress: words[0] / all, text_id: chapters[1].text_id });
    expect((await s.client.put(`/api/v1/books/${bookId}/progress`, { chapter: 1 })).body.BkProgress).toBe(words[0] / all);
    expect((await s.client.put(`/api/v1/books/${bookId}/progress`, { chapter: 4 })).body.error).toBe('chapter must be between 1 and 3');
    await s.client.post(`/api/v1/texts/${chapters[1].text_id}/finished`);
    await s.client.post(`/api/v1/texts/${chapters[2].text_id}/finished`);
    const last = await s.client.put(`/api/v1/books/${bookId}/progress`, { chapter: 3, finished: true });
    expect(last.body.BkProgress).toBe(1);
    const list = (await s.client.get('/api/v1/books')).body;
    expect(list[0]).toMatchObject({ BkID: bookId, BkCurrentChapter: 3, BkProgress: 1, BkChapterCount: 3 });
    expect((await s.client.get(`/api/v1/books?language_id=${spanish}`)).body.every((b: { BkLgID: number }) => b.BkLgID === spanish)).toBe(true);
  });

  it('a chapter text knows its book and neighbours', async () => {
    const place = (await s.client.get(`/api/v1/books/of-text/${chapters[1].text_id}`)).body.book;
    expect(place).toEqual({
      BkID: bookId,
      BkTitle: 'Progress Book',
      BkChapterCount: 3,
      chapter: 2,
      chapter_title: 'Two',
      previous_text_id: chapters[0].text_id,
      next_text_id: chapters[2].text_id,
    });
    const plain = (await s.client.post('/api/v1/texts', { TxLgID: english, TxTitle: 'Loose', TxText: 'Not in a book.' })).body;
    expect((await s.client.get(`/api/v1/books/of-text/${plain.TxID}`)).body).toEqual({ book: null });
  });

  it('a foreign book behaves exactly like a missing one', async () => {
    const { userId } = insertForeignLanguage(s.core);
    s.core.sqlite.prepare('UPDATE books SET BkUsID = ? WHERE BkID = ?').run(userId, bookId);
    try {
      for (const [method, url, body] of [
        ['GET', `/api/v1/books/${bookId}`],
        ['DELETE', `/api/v1/books/${bookId}`],
        ['PUT', `/api/v1/books/${bookId}/progress`, { chapter: 1 }],
        ['GET', `/api/v1/books/${bookId}/cover`],
        ['GET', `/api/v1/books/${bookId}/difficulty`],
        ['POST', `/api/v1/books/${bookId}/terms`, { words: ['zz'] }],
      ] as const) {
        const res = await s.client.request(method, url, { json: body });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(res.body.error).toBe('Book not found');
      }
      expect((await s.client.get('/api/v1/books')).body.some((b: { BkID: number }) => b.BkID === bookId)).toBe(false);
      expect((await s.client.get('/api/v1/books/987654')).body.error).toBe('Book not found');
    } finally {
      s.core.sqlite.prepare('UPDATE books SET BkUsID = NULL WHERE BkID = ?').run(bookId);
    }
  });

  it("deleting the book deletes its chapters' texts, occurrences and cover, never terms", async () => {
    const cover = s.core.sqlite.prepare('SELECT MfID, MfExt FROM media_files JOIN books ON BkCoverMfID = MfID WHERE BkID = ?').get(bookId) as {
      MfID: string;
      MfExt: string;
    };
    const coverFile = path.join(mediaDir(), `${cover.MfID}.${cover.MfExt}`);
    expect(fs.existsSync(coverFile)).toBe(true);
    const terms = count('SELECT count(*) AS n FROM words');
    const ids = chapters.map((c) => c.text_id);
    const res = await s.client.delete(`/api/v1/books/${bookId}`);
    expect(res.body).toEqual({ success: true, deleted: 1, chapters: 3 });
    expect(count(`SELECT count(*) AS n FROM texts WHERE TxID IN (${ids.join(',')})`)).toBe(0);
    expect(count(`SELECT count(*) AS n FROM word_occurrences WHERE Ti2TxID IN (${ids.join(',')})`)).toBe(0);
    expect(count('SELECT count(*) AS n FROM book_chapters WHERE BcBkID = ?', bookId)).toBe(0);
    expect(fs.existsSync(coverFile)).toBe(false);
    expect(count('SELECT count(*) AS n FROM media_files WHERE MfID = ?', cover.MfID)).toBe(0);
    expect(count('SELECT count(*) AS n FROM words')).toBe(terms);
    expect((await s.client.delete(`/api/v1/books/${bookId}`)).body.error).toBe('Book not found');
  });
});

describe('chapters in the Library (texts list)', () => {
  it('are listed with their book and number, can be left out (counted) or listed for one book in chapter order', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body.LgID as number;
    const plain = await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'Ein Brief', TxText: 'Hallo Welt. Wie geht es dir?' });
    expect(plain.status).toBe(200);
    const chapterText = (n: number) => `KAPITEL ${['I', 'II', 'III'][n]}\n\nDer Hund lief zum Haus. Die Katze schlief.`;
    const book = await s.client.post('/api/v1/books', { language_id: lg, title: 'Drei Kapitel', text: [0, 1, 2].map(chapterText).join('\n\n') });
    expect(book.status).toBe(200);
    expect(book.body.BkChapterCount).toBe(3);
    const list = async (query: string) => (await s.client.get(`/api/v1/texts?language=${lg}&perPage=50${query}`)).body;

    // The API lists chapters by default (unchanged for clients); each carries its book.
    const all = await list('');
    expect(all.total).toBe(4);
    expect(all.hidden_chapters).toBe(0);
    const letter = all.items.find((t: { TxID: number }) => t.TxID === plain.body.TxID);
    expect(letter.book).toBeNull();
    const chapterRows = all.items.filter((t: { book: unknown }) => t.book);
    expect(chapterRows.map((t: { book: { chapter: number } }) => t.book.chapter).sort()).toEqual([1, 2, 3]);
    expect(chapterRows[0].book).toMatchObject({ BkID: book.body.BkID, BkTitle: 'Drei Kapitel' });

    // Hidden (the Library's default): only the letter, and how many chapters were left out.
    const hidden = await list('&chapters=hide');
    expect(hidden.items.map((t: { TxTitle: string }) => t.TxTitle)).toEqual(['Ein Brief']);
    expect(hidden).toMatchObject({ total: 1, hidden_chapters: 3 });
    // Other filters apply to the hidden count too.
    expect((await list('&chapters=hide&search=Brief')).hidden_chapters).toBe(0);

    // One book: its chapters only, in chapter order (oldest first) or reversed (newest first).
    const ofBook = await list(`&book=${book.body.BkID}&sort=oldest`);
    expect(ofBook.items.map((t: { book: { chapter: number; chapter_title: string } }) => [t.book.chapter, t.book.chapter_title])).toEqual([
      [1, 'KAPITEL I'],
      [2, 'KAPITEL II'],
      [3, 'KAPITEL III'],
    ]);
    expect((await list(`&book=${book.body.BkID}&chapters=hide`)).total).toBe(3);
    expect((await list(`&book=${book.body.BkID}`)).items[0].book.chapter).toBe(3);
    expect((await s.client.get(`/api/v1/texts?chapters=maybe`)).status).toBe(400);
  });
});
