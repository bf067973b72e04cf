// FB2 books and Kindle files over real HTTP (issue 48): an FB2 with a part of chapters, a poem, a footnote link, a
// notes body, pictures and a cover as <binary> elements becomes a book like an EPUB (preview, chapters, pictures
// in the media store, cover); an .fb2.zip and a windows-1251 FB2 too; refusals store nothing. Kindle files: DRM
// is said to be DRM (DRM-free ones are read: tests/api/book-kindle.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { makeFb2, makeMobiHead, zipFb2 } from '../helpers/fb2';

let english: number;
let russian: number;
const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  russian = (await s.client.post('/api/v1/languages', { LgName: 'Russian', LgIsoCode: 'ru' })).body.LgID;
});

const IMAGES = path.resolve(import.meta.dirname, '../fixtures/images');
const jpeg = new Uint8Array(fs.readFileSync(path.join(IMAGES, 'rabbit-progressive.jpg')));
const gif = new Uint8Array(fs.readFileSync(path.join(IMAGES, 'rabbit.gif')));
const count = (sql: string) => (s.core.sqlite.prepare(sql).get() as { n: number }).n;
const stored = () => ({
  books: count('SELECT count(*) AS n FROM books'),
  texts: count('SELECT count(*) AS n FROM texts'),
  media: count('SELECT count(*) AS n FROM media_files'),
});
const importFile = (name: string, data: Uint8Array, language = english) => s.client.upload('/api/v1/books', { name, data }, { language_id: String(language) });
const chapterTexts = (bookId: number) =>
  (
    s.core.sqlite.prepare('SELECT TxText FROM book_chapters JOIN texts ON TxID = BcTxID WHERE BcBkID = ? ORDER BY BcNum').all(bookId) as {
      TxText: string;
    }[]
  ).map((r) => r.TxText);

const book = () =>
  makeFb2({
    title: 'The Mill on the River',
    author: ['Jane', 'Writer'],
    lang: 'en',
    part: 'Part One',
    cover: 'cover.jpg',
    binaries: { 'cover.jpg': { type: 'image/jpeg', data: jpeg }, 'mill.gif': { type: 'image/gif', data: gif } },
    chapters: [
      { title: 'The Mill', paragraphs: ['The river ran past the old mill.[note]', '[picture:mill.gif]', 'Children played there every summer.'] },
      { title: 'The Song', paragraphs: ['They sang an old song:', '[poem]Row, row, row your boat|Gently down the stream', 'And then they went home.'] },
      { title: 'The Storm', paragraphs: ['A storm came over the hills at night.'] },
    ],
  });

describe('FB2', () => {
  it('previews an FB2: metadata, cover, chapters from the sections of its part, pictures counted, nothing stored', async () => {
    const before = stored();
    const res = await s.client.upload('/api/v1/books/preview', { name: 'mill.fb2', data: book() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'The Mill on the River', author: 'Jane Writer', language: 'en', language_id: english, toc: 'sections' });
    expect(res.body.description).toBe('A book made for the tests.');
    expect(res.body.cover).toMatch(/^data:image\/jpeg;base64,/);
    expect(res.body.chapters.map((c: { title: string }) => c.title)).toEqual(['The Mill', 'The Song', 'The Storm']);
    expect(res.body.pictures.count).toBe(1);
    expect(stored()).toEqual(before);
  });

  it('imports it: chapters as texts (heading first, verse lines kept, footnote marker and notes body left out), the picture in the media store', async () => {
    const res = await importFile('mill.fb2', book());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ BkTitle: 'The Mill on the River', BkAuthor: 'Jane Writer', BkChapterCount: 3 });
    const [mill, song, storm] = chapterTexts(res.body.BkID);
    expect(mill).toBe('The Mill\n\nThe river ran past the old mill.\n\nChildren played there every summer.');
    expect(song).toContain('Row, row, row your boat\nGently down the stream');
    expect(storm).toBe('The Storm\n\nA storm came over the hills at night.');
    expect([mill, song, storm].join(' ')).not.toContain('footnote');
    const pictures = s.core.sqlite.prepare('SELECT BiChapter, BiPara FROM book_images JOIN books ON BkID = BiBkID WHERE BkID = ?').all(res.body.BkID);
    expect(pictures).toEqual([{ BiChapter: 1, BiPara: 2 }]);
    const cover = await s.client.get(`/api/v1/books/${res.body.BkID}/cover`);
    expect(cover.status).toBe(200);
  });

  it('imports an .fb2.zip and a windows-1251 FB2 in Russian', async () => {
    const ru = makeFb2({
      title: 'Евгений Онегин',
      author: ['Александр', 'Пушкин'],
      lang: 'ru',
      encoding: 'windows-1251',
      chapters: [
        { title: 'Глава первая', paragraphs: ['Мой дядя самых честных правил, когда не в шутку занемог.'] },
        { title: 'Глава вторая', paragraphs: ['Деревня, где скучал Евгений, была прелестный уголок.'] },
      ],
    });
    const res = await importFile('onegin.fb2.zip', await zipFb2('onegin.fb2', ru), russian);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ BkTitle: 'Евгений Онегин', BkAuthor: 'Александр Пушкин', BkChapterCount: 2 });
    expect(chapterTexts(res.body.BkID)[0]).toBe('Глава первая\n\nМой дядя самых честных правил, когда не в шутку занемог.');
  });

  const refusals: [string, string, () => Promise<Uint8Array> | Uint8Array, string][] = [
    [
      'XML that is not FictionBook',
      'x.fb2',
      () => new TextEncoder().encode('<?xml version="1.0"?><html><body><p>hi</p></body></html>'),
      'fictionbook.notFictionBook',
    ],
    ['an FB2 without words', 'empty.fb2', () => makeFb2({ title: 'Empty', chapters: [{ title: '', paragraphs: ['[picture:none]'] }] }), 'fictionbook.noText'],
    ['a zip of two FB2 files', 'two.fb2.zip', async () => zipFb2('a.fb2', book(), { 'b.fb2': book() }), 'fictionbook.zipWithoutOne'],
    ['a Kindle book with DRM', 'locked.azw3', () => makeMobiHead(2), 'mobi.drm'],
    ['a Kindle book with DRM named .bin', 'locked.bin', () => makeMobiHead(1), 'mobi.drm'],
  ];
  for (const [what, name, make, code] of refusals)
    it(`refuses ${what}, nothing stored`, async () => {
      const before = stored();
      const res = await importFile(name, await make());
      expect([res.status, res.body.code]).toEqual([422, code]);
      expect(stored()).toEqual(before);
    });

  it('says DRM in the words of the issue, coded (the renderer shows its Spanish), from the preview too', async () => {
    const res = await s.client.upload('/api/v1/books/preview', { name: 'locked.azw3', data: makeMobiHead(2) });
    expect([res.status, res.body.code]).toEqual([422, 'mobi.drm']);
    expect(res.body.error).toBe('This book is protected by DRM; Lectio cannot read it');
  });
});
