// Pictures checked whole (issue 35), over real HTTP: an EPUB with a PNG cut short and a JPEG without its end
// (both with sound headers, so the header check alone kept them as broken images) imports with its text and its
// whole pictures; the damaged ones are left out, said in the preview's notes like every picture left out, and
// nothing of them is stored.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { makeEpub } from '../helpers/epub';
import { makePng } from '../helpers/png';

let english: number;
const s = withServer();
beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
});

const count = (sql: string) => s.core.sqlite.prepare(sql).pluck().get() as number;
const mediaDir = () => path.join(s.core.services.dataDir, 'media');
const stored = () => ({
  books: count('SELECT count(*) FROM books'),
  texts: count('SELECT count(*) FROM texts'),
  media: count('SELECT count(*) FROM media_files'),
  files: fs.existsSync(mediaDir()) ? fs.readdirSync(mediaDir()).length : 0,
  images: count('SELECT count(*) FROM book_images'),
});

describe('damaged pictures', () => {
  const png = makePng(40, 30);
  const jpeg = new Uint8Array(fs.readFileSync(path.join(__dirname, '../fixtures/images/rabbit-progressive.jpg')));
  const book = () =>
    makeEpub({
      title: 'Damaged',
      docs: [
        { path: 'a.xhtml', body: '<p>Look! The dog.</p><img src="img/cut.png"/><p>The dog runs.</p><img src="img/good.png" alt="A good one"/>' },
        { path: 'b.xhtml', body: '<p>The cat sleeps.</p><img src="img/noend.jpg"/><p>The cat wakes.</p><img src="img/good.jpg"/>' },
      ],
      nav: [
        { title: 'A', href: 'a.xhtml' },
        { title: 'B', href: 'b.xhtml' },
      ],
      extra: {
        'OEBPS/img/cut.png': png.subarray(0, Math.floor(png.length * 0.6)),
        'OEBPS/img/good.png': png,
        'OEBPS/img/noend.jpg': jpeg.subarray(0, jpeg.length - 2),
        'OEBPS/img/good.jpg': jpeg,
      },
    });
  const note = 'Pictures left out, damaged (cut short or broken inside, they would show as broken images): 2 (e.g. "OEBPS/img/cut.png")';

  it('the preview counts the whole pictures and notes the damaged ones; nothing is stored', async () => {
    const before = stored();
    const res = await s.client.upload('/api/v1/books/preview', { name: 'damaged.epub', data: await book() });
    expect(res.status).toBe(200);
    expect(res.body.pictures.count).toBe(2);
    expect(res.body.pictures.notes).toEqual([expect.objectContaining({ message_code: 'epub.imagesDamaged', message: note })]);
    expect(stored()).toEqual(before);
  });

  it('the import keeps the text and the whole pictures, and nothing of the damaged ones', async () => {
    const before = stored();
    const res = await s.client.upload('/api/v1/books', { name: 'damaged.epub', data: await book() }, { language_id: String(english) });
    expect(res.status).toBe(200);
    expect(res.body.chapters).toHaveLength(2);
    expect(res.body.pictures).toEqual([
      { chapter: 1, url: expect.stringMatching(/^\/api\/v1\/media\//), para: 2, alt: 'A good one', width: 40, height: 30 },
      { chapter: 2, url: expect.stringMatching(/^\/api\/v1\/media\//), para: 2, alt: '', width: 40, height: 42 },
    ]);
    expect(stored()).toEqual({
      books: before.books + 1,
      texts: before.texts + 2,
      media: before.media + 2,
      files: before.files + 2,
      images: before.images + 2,
    });
    const served = await s.client.get(res.body.pictures[1].url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(served.body as Buffer)).toEqual(jpeg);
    const tmp = path.join(s.core.services.dataDir, 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp).filter((n) => n.startsWith('book-images-')) : []).toEqual([]);
  });
});
