// The pure EPUB reader: real fixtures (when ../shared/fixtures is present) and synthetic books built with jszip.
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { makeEpub, makeManyEntries, makeZipBomb, prose, rawZip } from '../../tests/helpers/epub';
import { imageZlib } from '../../src-main/core/image-zlib';
import { htmlToBlocks } from './html';
import { parseEpub as parseEpubWith, resolveHref, type ParseEpubOptions } from './parse';
import { bytesAccess, EPUB_LIMITS, openEpubZip as openWith, type RandomAccess } from './zip';

// The inflater and the picture check's zlib the worker uses (node:zlib with an output cap).
const inflateRaw = (packed: Uint8Array, maxBytes: number) => zlib.inflateRawSync(packed, { maxOutputLength: maxBytes });
const parseEpub = (source: Uint8Array | RandomAccess, options: Partial<ParseEpubOptions> = {}) => parseEpubWith(source, { inflateRaw, imageZlib, ...options });
const openEpubZip = (source: Uint8Array) => openWith(source, inflateRaw);

const FIXTURES = path.resolve(__dirname, '../../../shared/fixtures/epub');
const hasFixtures = fs.existsSync(FIXTURES);
const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));
const firstWords = (text: string, n = 5) => text.split(/\s+/).slice(0, n).join(' ');

describe.skipIf(!hasFixtures)('real EPUBs (../shared/fixtures/epub)', () => {
  it('alice (EPUB 3, nav only): 11 chapters from the nav, cover image, metadata', async () => {
    const b = await parseEpub(fixture('epubjs_alice.epub'));
    expect(b).toMatchObject({ title: "Alice's Adventures in Wonderland", author: 'Lewis Carroll', language: 'en-US', toc: 'nav' });
    expect(b.cover?.mediaType).toBe('image/jpeg');
    expect(b.cover?.data.length).toBe(36192);
    expect(b.chapters.map((c) => c.title)).toEqual([
      'Title Page',
      'Down The Rabbit-Hole',
      'The Pool Of Tears',
      'A Caucus-Race And A Long Tale',
      'The Rabbit Sends In A Little Bill',
      'Advice From A Caterpillar',
      'Pig And Pepper',
      'A Mad Tea-Party',
      "The Queen's Croquet Ground",
      'Who Stole The Tarts?',
      "Alice's Evidence",
    ]);
    expect(firstWords(b.chapters[1].text, 8)).toBe('Down The Rabbit-Hole Alice was beginning to get');
    // Paragraphs are kept with a blank line; page-number anchors and images leave nothing behind.
    expect(b.chapters[1].text).toContain('conversations?"\n\nSo she was considering');
    expect(b.chapters[1].words).toBeGreaterThan(1000);
    // <br> inside the title page's heading stays a line break.
    expect(b.chapters[0].text).toContain('Copyright, 1916,\nBy Sam');
  });

  it('alice without cover: one chapter, no cover', async () => {
    const b = await parseEpub(fixture('epubjs_alice_without_cover.epub'));
    expect(b.cover).toBeNull();
    expect(b.chapters.map((c) => c.title)).toEqual(['Title Page']);
    expect(firstWords(b.chapters[0].text, 4)).toBe("Alice's Adventures In Wonderland");
  });

  it('the Chinese Gutenberg book: a one-entry ToC is not usable, chapters come from the spine', async () => {
    const b = await parseEpub(fixture('gutenberg_pg24113-images-3.epub'));
    expect(b).toMatchObject({ title: '九命奇冤', author: 'Jianren Wu', language: 'zh', toc: 'spine' });
    expect(b.cover?.mediaType).toBe('image/png');
    expect(b.chapters).toHaveLength(3);
    // Gutenberg's header is cut off the first chapter, and its title with it (the import numbers the chapter).
    expect(b.chapters[0].title).toBe('');
    expect(b.chapters[0].text).toContain('第一回 亂哄哄強盜作先聲　慢悠悠閒文標引首');
    expect(b.chapters[0].text).not.toContain('This ebook is for the use of anyone');
    expect(b.chapters.map((c) => c.matter)).toEqual([null, null, 'gutenberg-licence']);
    expect(b.chapters[1].text.startsWith('過得兩天，黎阿二親自來說')).toBe(true);
    expect(b.chapters[2].title).toBe('THE FULL PROJECT GUTENBERG LICENSE');
    // CJK characters count one word each.
    expect(b.chapters[1].words).toBeGreaterThan(30_000);
  });

  it("Lute's malformed Hola.epub (mimetype not first, deflated, no nav/ncx) imports", async () => {
    const b = await parseEpub(fixture('lute_Hola.epub'));
    expect(b).toMatchObject({ title: 'Hola', language: 'es', toc: 'spine' });
    expect(b.chapters).toEqual([{ title: 'Hola', text: 'Tengo un amigo.', words: 3, images: [], matter: null }]);
  });

  it('refuses invalid_empty.epub and invalid.epub with different clear messages', async () => {
    await expect(parseEpub(fixture('lute_invalid_empty.epub'))).rejects.toThrow('This EPUB has no readable text');
    await expect(parseEpub(fixture('lute_invalid.epub'))).rejects.toThrow('This file is not an EPUB: it is not a zip archive');
  });
});

describe('synthetic EPUBs', () => {
  it('EPUB 2 with only an NCX', async () => {
    const bytes = await makeEpub({
      title: 'Zwei',
      language: 'de',
      docs: [
        { path: 'a.xhtml', body: '<h1>Erstes</h1><p>Der Hund schläft.</p>' },
        { path: 'b.xhtml', body: '<h1>Zweites</h1><p>Die Katze &amp; der Hund.</p>' },
      ],
      ncx: [
        { title: 'Kapitel eins', href: 'a.xhtml' },
        { title: 'Kapitel zwei', href: 'b.xhtml' },
      ],
    });
    const b = await parseEpub(bytes);
    expect(b.toc).toBe('ncx');
    expect(b.chapters.map((c) => [c.title, c.text])).toEqual([
      ['Kapitel eins', 'Erstes\n\nDer Hund schläft.'],
      ['Kapitel zwei', 'Zweites\n\nDie Katze & der Hund.'],
    ]);
  });

  it('nested ToC entries are flattened with their own titles; an empty part entry is skipped', async () => {
    const bytes = await makeEpub({
      docs: [
        { path: 'part1.xhtml', body: '<h1>Part One</h1>' },
        { path: 'c1.xhtml', body: '<h2>One</h2><p>First chapter words.</p>' },
        { path: 'c2.xhtml', body: '<h2>Two</h2><p>Second chapter words.</p>' },
        { path: 'c3.xhtml', body: '<h2>Three</h2><p>Third chapter words.</p>' },
      ],
      nav: [
        {
          title: 'Part One',
          href: 'part1.xhtml',
          children: [
            { title: 'Chapter 1', href: 'c1.xhtml' },
            { title: 'Chapter 2', href: 'c2.xhtml', children: [{ title: 'Chapter 2.1', href: 'c3.xhtml' }] },
          ],
        },
      ],
    });
    const b = await parseEpub(bytes);
    expect(b.toc).toBe('nav');
    expect(b.chapters.map((c) => c.title)).toEqual(['Part One', 'Chapter 1', 'Chapter 2', 'Chapter 2.1']);
    expect(b.chapters[1].text).toBe('One\n\nFirst chapter words.');
  });

  it('several ToC entries into one file split it at their anchors; documents without an entry join the previous chapter', async () => {
    const bytes = await makeEpub({
      docs: [
        {
          path: 'all.xhtml',
          body: '<div id="c1"><h2>I</h2><p>Uno dos tres.</p></div><h2 id="c2">II</h2><p>Cuatro cinco.</p><p><a id="c3"></a>Seis siete.</p>',
        },
        { path: 'more.xhtml', body: '<p>Ocho nueve.</p>' },
      ],
      nav: [
        { title: 'Capítulo I', href: 'all.xhtml#c1' },
        { title: 'Capítulo II', href: 'all.xhtml#c2' },
        { title: 'Capítulo III', href: 'all.xhtml#c3' },
      ],
    });
    const b = await parseEpub(bytes);
    expect(b.chapters.map((c) => [c.title, c.text])).toEqual([
      ['Capítulo I', 'I\n\nUno dos tres.'],
      ['Capítulo II', 'II\n\nCuatro cinco.'],
      ['Capítulo III', 'Seis siete.\n\nOcho nueve.'],
    ]);
  });

  it('no ToC: every spine document titled from its first heading; image-only cover pages skipped', async () => {
    const bytes = await makeEpub({
      docs: [
        { path: 'cover.xhtml', body: '<div><img src="c.jpg" alt="Cover"/></div>' },
        { path: 'a.xhtml', body: '<h3>The Start</h3><p>Words here.</p>' },
        { path: 'b.xhtml', body: '<p>No heading at all.</p>' },
      ],
    });
    const b = await parseEpub(bytes);
    expect(b.toc).toBe('spine');
    expect(b.chapters.map((c) => c.title)).toEqual(['The Start', 'Doc']);
  });

  it('decodes XHTML in a declared non-UTF-8 encoding', async () => {
    const bytes = await makeEpub({
      docs: [
        { path: 'latin.xhtml', body: '<p>Ça été très déjà vu, señor.</p>', encoding: 'windows-1252' },
        { path: 'ru.xhtml', body: '<p>Привет, мир.</p>', encoding: 'koi8-r' },
      ],
    });
    const b = await parseEpub(bytes);
    expect(b.chapters.map((c) => c.text)).toEqual(['Ça été très déjà vu, señor.', 'Привет, мир.']);
  });

  it('refuses DRM (encryption.xml encrypting content) but accepts font obfuscation alone', async () => {
    const encrypted = (uri: string, algorithm: string) =>
      `<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData><enc:EncryptionMethod Algorithm="${algorithm}"/><enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData></encryption>`;
    const docs = [{ path: 'a.xhtml', body: '<p>Secret words.</p>' }];
    const drm = await makeEpub({ docs, extra: { 'META-INF/encryption.xml': encrypted('OEBPS/a.xhtml', 'http://www.w3.org/2001/04/xmlenc#aes128-cbc') } });
    await expect(parseEpub(drm)).rejects.toThrow(/protected by DRM/);
    const fonts = await makeEpub({ docs, extra: { 'META-INF/encryption.xml': encrypted('OEBPS/fonts/a.otf', 'http://www.idpf.org/2008/embedding') } });
    expect((await parseEpub(fonts)).chapters[0].text).toBe('Secret words.');
  });

  it('refuses a zip bomb from the listing, quickly', async () => {
    const bomb = makeZipBomb(40);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    await expect(parseEpub(bomb)).rejects.toThrow(/decompression bomb|unpacks to/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses an entry that inflates past what its header declares', async () => {
    const bytes = rawZip([{ name: 'a.xhtml', data: new Uint8Array(64 * 1024).fill(0x61), declaredSize: 100 }]);
    const z = await openEpubZip(bytes);
    await expect(z.read('a.xhtml')).rejects.toThrow(/decompression bomb/);
  });

  it('through random access (as from a file): same chapters, and only the entries needed are read', async () => {
    const docs = [
      { path: 'a.xhtml', body: `<h2>A</h2>${prose(300, 3)}` },
      { path: 'b.xhtml', body: `<h2>B</h2>${prose(300, 4)}` },
    ];
    const bytes = await makeEpub({
      docs,
      nav: [
        { title: 'A', href: 'a.xhtml' },
        { title: 'B', href: 'b.xhtml' },
      ],
    });
    const withImage = await makeEpub({
      docs,
      nav: [
        { title: 'A', href: 'a.xhtml' },
        { title: 'B', href: 'b.xhtml' },
      ],
      extra: { 'OEBPS/images/big.jpg': new Uint8Array(3 * 1024 * 1024).fill(7) },
      extraCompression: 'STORE',
    });
    const reads: [number, number][] = [];
    const inner = bytesAccess(withImage);
    const counted: RandomAccess = { size: inner.size, read: (offset, length) => (reads.push([offset, length]), inner.read(offset, length)) };
    expect(await parseEpub(counted)).toEqual(await parseEpub(bytes));
    // The 3 MB image is never read: every read is small.
    expect(Math.max(...reads.map(([, n]) => n))).toBeLessThan(70 * 1024);
    expect(reads.reduce((n, [, len]) => n + len, 0)).toBeLessThan(200 * 1024);
  });

  it('refuses 3,000 entries before loading them', async () => {
    await expect(parseEpub(makeManyEntries(3000))).rejects.toThrow(`This EPUB holds 3000 entries; at most ${EPUB_LIMITS.maxEntries} are allowed`);
    // 1,000 entries are fine.
    expect((await parseEpub(makeManyEntries(1000))).chapters[0].text).toBe('Hello there.');
  });

  it('refuses a zip without container.xml or OPF', async () => {
    const zip = new JSZip();
    zip.file('mimetype', 'application/epub+zip');
    zip.file('a.xhtml', '<p>x</p>');
    await expect(parseEpub(await zip.generateAsync({ type: 'uint8array' }))).rejects.toThrow('This file is not an EPUB: it has no META-INF/container.xml');
  });

  it('reads a long generated book', async () => {
    const docs = Array.from({ length: 30 }, (_, i) => ({ path: `c${i}.xhtml`, body: `<h2>Chapter ${i + 1}</h2>${prose(500, i + 1)}` }));
    const b = await parseEpub(await makeEpub({ docs, nav: docs.map((d, i) => ({ title: `Ch ${i + 1}`, href: d.path })) }));
    expect(b.chapters).toHaveLength(30);
    expect(b.chapters[29].words).toBeGreaterThanOrEqual(500);
  });
});

describe('htmlToBlocks', () => {
  it('keeps paragraphs, list items and verse lines; drops script, style, svg, page numbers and ruby readings', () => {
    const html = `<body><h1>Title</h1><p>One <b>bold</b>
      word&nbsp;here.</p><script>var x = 1;</script><style>p{}</style><svg><text>no</text></svg>
      <ul><li>First</li><li>Second</li></ul><p class="verse">Line one<br/>Line two</p>
      <p>Page<span class="pagenum">[12]</span> turn <span epub:type="pagebreak" title="13">13</span>done.</p>
      <p><ruby>漢<rp>(</rp><rt>かん</rt><rp>)</rp>字</ruby>です</p></body>`;
    const b = htmlToBlocks(html);
    expect(b.paragraphs).toEqual(['Title', 'One bold word here.', 'First', 'Second', 'Line one\nLine two', 'Page turn done.', '漢字です']);
    expect(b.headings).toEqual([0]);
  });

  it('resolves hrefs against the document folder', () => {
    expect(resolveHref('OEBPS/text/nav.xhtml', '../c%201.xhtml#x')).toEqual({ path: 'OEBPS/c 1.xhtml', fragment: 'x' });
    expect(resolveHref('nav.xhtml', 'a.xhtml')).toEqual({ path: 'a.xhtml', fragment: '' });
  });
});
