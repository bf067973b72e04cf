// Issue 51 item 4: Gutenberg's header chapter (title, author, "Character set encoding") is front matter by what it
// is — Gutenberg's header block, the book's own metadata repeated — not by its chapter title; a title page that
// only repeats the book's title and author too. The real Gutenberg EPUB of the fixtures, with its header made a
// chapter of its own without the START marker (as the Japanese book's was), imports with the header unticked.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { imageZlib } from '../../src-main/core/image-zlib';
import { sortBookMatter } from './matter';
import { parseEpub } from './parse';

const STORY = 'ある日の暮方の事である。一人の下人が、羅生門の下で雨やみを待っていた。';
const META = { title: '羅生門', author: '芥川龍之介' };

describe('a Gutenberg header without its marker', () => {
  it('is the header by its field lines, whatever its title', () => {
    const header =
      '羅生門\n\nThis ebook is for the use of anyone anywhere in the United States and most other parts of the world.\n\n' +
      'Title: 羅生門\n\nAuthor: 芥川龍之介\n\nRelease date: August 1, 2005 [eBook #1234]\n\nLanguage: Japanese\n\nCharacter set encoding: UTF-8';
    const sorted = sortBookMatter(
      [
        { title: '羅生門', text: header },
        { title: '一', text: STORY },
      ],
      META,
    );
    expect(sorted.map((c) => c.matter)).toEqual(['gutenberg-header', null]);
  });

  it('is cut off a first chapter that goes on with the book', () => {
    const sorted = sortBookMatter(
      [{ title: 'Kapitel 1', text: `Title: Die Verwandlung\nAuthor: Franz Kafka\n\nProduced by Jane Doe\n\nKapitel 1\n\n${STORY}` }],
      {
        title: 'Die Verwandlung',
        author: 'Franz Kafka',
      },
    );
    expect(sorted[0]).toMatchObject({ matter: null, text: `Kapitel 1\n\n${STORY}`, cutParagraphs: 2 });
  });

  it('a title page repeating the book’s title and author is matter; a first chapter is not', () => {
    const sorted = sortBookMatter(
      [
        { title: 'Titlepage', text: 'Die Verwandlung\n\nvon Franz Kafka' },
        { title: 'I', text: 'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte.' },
        { title: 'II', text: 'Die Verwandlung' },
      ],
      { title: 'Die Verwandlung', author: 'Franz Kafka' },
    );
    expect(sorted.map((c) => c.matter)).toEqual(['title-page', null, null]);
  });
});

const FIXTURE = path.resolve(__dirname, '../../../shared/fixtures/epub/gutenberg_pg24113-images-3.epub');
const inflateRaw = (packed: Uint8Array, maxBytes: number) => zlib.inflateRawSync(packed, { maxOutputLength: maxBytes });

describe.skipIf(!fs.existsSync(FIXTURE))('the real Gutenberg EPUB, header in a document of its own', () => {
  it('leaves the header out by default and starts chapter 1 with the book', async () => {
    const zip = await JSZip.loadAsync(fs.readFileSync(FIXTURE));
    const name = 'OEBPS/6577398952387283179_24113-0-0.txt.xhtml';
    const html = await zip.file(name)!.async('string');
    // Gutenberg's header section (without its START line) in a document of its own, before the book's.
    const [head, rest] = html.split('<body class="x-ebookmaker x-ebookmaker-3">');
    const end = rest.indexOf('</section>') + '</section>'.length;
    const section = rest.slice(0, end).replace(/<div id="pg-start-separator">[\s\S]*?<\/div>/, '');
    zip.file('OEBPS/header.xhtml', `${head}<body>${section}</body></html>`);
    zip.file(name, `${head}<body>${rest.slice(end)}`);
    const opf = await zip.file('OEBPS/content.opf')!.async('string');
    zip.file(
      'OEBPS/content.opf',
      opf
        .replace('<item href="pgepub.css"', '<item href="header.xhtml" id="hdr" media-type="application/xhtml+xml"/><item href="pgepub.css"')
        .replace('<itemref idref="pg-header"/>', '<itemref idref="hdr"/><itemref idref="pg-header"/>'),
    );
    const book = await parseEpub(new Uint8Array(await zip.generateAsync({ type: 'uint8array' })), { inflateRaw, imageZlib });
    expect(book.chapters[0].text).toContain('Release date');
    expect(book.chapters[0].matter).toBe('gutenberg-header');
    expect(book.chapters[1].matter).toBeNull();
    expect(book.chapters[1].text.startsWith('第一回')).toBe(true);
  });
});
