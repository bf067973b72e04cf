// A book is read once per import (issue 45): the preview's parse, pictures checked and written by the worker, is
// kept for its import under `preview_id`, and `books.create` with that id stores the book without the file being
// sent or read again — the same book an upload makes. The id is the caller's, taken once, kept 30 minutes and
// for the learner's two newest previews; after that (and for anyone else) it answers 410, and the import page sends
// the file. Over real HTTP; the owner check with two real accounts.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { signedIn, startMultiUser, type Browser } from '../helpers/accounts';
import type { TestServer } from '../helpers/core';
import { makeEpub } from '../helpers/epub';
import { makePng } from '../helpers/png';
import { cleanUpAfterStart } from '../../src-main/modules/backup/recovery';

const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
let english: number;
beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
});

/** A two-chapter picture book; `title` makes each file's bytes (and so its hash) its own. */
const pictureBook = (title: string) =>
  makeEpub({
    title,
    docs: [
      { path: 'a.xhtml', body: '<h1>One</h1><img src="p1.png" alt="A dog"/><p>Look! The dog runs.</p>' },
      { path: 'b.xhtml', body: '<h1>Two</h1><p>The cat sleeps.</p><img src="p2.png"/><p>The end.</p>' },
    ],
    extra: { 'OEBPS/p1.png': makePng(8, 6, [200, 10, 10]), 'OEBPS/p2.png': makePng(8, 6, [10, 200, 10]) },
  });

const tmpDir = () => path.join(s.core.services.dataDir, 'tmp');
const preparedDirs = () => (fs.existsSync(tmpDir()) ? fs.readdirSync(tmpDir()).filter((n) => n.startsWith('book-prepared-')) : []);
const preview = async (name: string, data: Uint8Array) => {
  const res = await s.client.upload('/api/v1/books/preview', { name, data }, { language_id: String(english) });
  expect(res.status).toBe(200);
  return res.body as { preview_id: string; chapters: { title: string; words: number }[]; words: number; pictures: { count: number } };
};
const importKept = (preview_id: string) => s.client.post('/api/v1/books', { language_id: english, preview_id });

describe('a book previewed, then imported by its preview_id', () => {
  it('stores the same book an upload makes, with its pictures, and leaves no folder behind', async () => {
    const before = preparedDirs().length;
    const p = await preview('dog.epub', await pictureBook('The Dog'));
    expect(p.preview_id).toMatch(/^[0-9a-f]{32}$/);
    expect(p.pictures.count).toBe(2);
    // The worker wrote the checked pictures once, for the preview; they wait for the import.
    expect(preparedDirs()).toHaveLength(before + 1);

    const kept = await importKept(p.preview_id);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ BkTitle: 'The Dog', BkChapterCount: 2, BkSourceURI: 'dog.epub' });
    expect(kept.body.pictures).toHaveLength(2);
    expect(kept.body.chapters.map((c: { words: number }) => c.words)).toEqual(p.chapters.map((c) => c.words));
    for (const pic of kept.body.pictures as { url: string }[]) expect((await s.client.get(pic.url)).headers.get('content-type')).toBe('image/png');
    expect(preparedDirs()).toHaveLength(before);

    // The same file uploaded (the other way in) makes the same chapters and pictures.
    const uploaded = await s.client.upload('/api/v1/books', { name: 'dog2.epub', data: await pictureBook('The Dog, again') }, { language_id: String(english) });
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.chapters.map((c: { words: number }) => c.words)).toEqual(kept.body.chapters.map((c: { words: number }) => c.words));
    expect(uploaded.body.pictures).toHaveLength(2);
  });

  it('is taken once: the second import, an unknown id and a forged one are refused without storing anything', async () => {
    const p = await preview('cat.epub', await pictureBook('The Cat'));
    expect((await importKept(p.preview_id)).status).toBe(200);
    const books = (await s.client.get('/api/v1/books')).body.length;
    const again = await importKept(p.preview_id);
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('book.previewGone');
    expect((await importKept('0'.repeat(32))).status).toBe(410);
    expect((await importKept('../../etc/passwd')).status).toBe(400);
    expect((await s.client.get('/api/v1/books')).body.length).toBe(books);
  });

  it('keeps the chapter choice and the language of the import, and still refuses a duplicate', async () => {
    const data = await pictureBook('The Bird');
    const p = await preview('bird.epub', data);
    const res = await s.client.post('/api/v1/books', { language_id: english, preview_id: p.preview_id, skip_chapters: '0', title: 'A bird' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ BkTitle: 'A bird', BkChapterCount: 1 });
    expect(res.body.pictures).toHaveLength(1);
    const dup = await preview('bird.epub', data);
    expect(dup.preview_id).toMatch(/^[0-9a-f]{32}$/);
    expect((await importKept(dup.preview_id)).status).toBe(409);
  });

  it('is refused with a file or a text beside it', async () => {
    const p = await preview('fish.epub', await pictureBook('The Fish'));
    const both = await s.client.upload(
      '/api/v1/books',
      { name: 'fish.epub', data: await pictureBook('The Fish') },
      { language_id: String(english), preview_id: p.preview_id },
    );
    expect(both.status).toBe(400);
    expect((await s.client.post('/api/v1/books', { language_id: english, preview_id: p.preview_id, text: 'Words.', title: 'T' })).status).toBe(400);
    // Refused before it was taken: the id still imports.
    expect((await importKept(p.preview_id)).status).toBe(200);
  });

  it("keeps the learner's two newest previews for 30 minutes; an older or expired one is forgotten with its pictures", async () => {
    const first = await preview('a.epub', await pictureBook('Book A'));
    const second = await preview('b.epub', await pictureBook('Book B'));
    const third = await preview('c.epub', await pictureBook('Book C'));
    expect((await importKept(first.preview_id)).status).toBe(410);
    expect(preparedDirs()).toHaveLength(2);
    expect((await importKept(second.preview_id)).status).toBe(200);
    s.core.clock.advance(30 * 60_000);
    expect((await importKept(third.preview_id)).status).toBe(410);
    expect(preparedDirs()).toHaveLength(0);
  });

  it("a pasted text's preview has no id (the text is sent again)", async () => {
    const res = await s.client.post('/api/v1/books/preview', { text: 'One sentence here. Another one.', title: 'Pasted', language_id: english });
    expect(res.status).toBe(200);
    expect(res.body.preview_id).toBeNull();
  });

  it('a folder of pictures a stopped process left is removed at the next start', () => {
    const left = path.join(tmpDir(), 'book-prepared-0123456789abcdef');
    fs.mkdirSync(left, { recursive: true });
    fs.writeFileSync(path.join(left, 'p1.png'), 'x');
    cleanUpAfterStart(s.core.services.dataDir);
    expect(fs.existsSync(left)).toBe(false);
  });
});

describe("another account's preview", () => {
  let m: TestServer;
  let owner: Browser;
  let other: Browser;
  const langs: Record<string, number> = {};
  beforeAll(async () => {
    m = await startMultiUser();
    owner = await signedIn(m.baseUrl, 'preview-owner');
    other = await signedIn(m.baseUrl, 'preview-other');
    langs.owner = (await owner.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
    langs.other = (await other.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  });
  afterAll(() => m.close());

  it('is gone for anyone else (410, as an unknown id) and still the owner’s', async () => {
    const p = await owner.upload('/api/v1/books/preview', { name: 'dog.epub', data: await pictureBook('Owned') });
    expect(p.status).toBe(200);
    const stolen = await other.post('/api/v1/books', { language_id: langs.other, preview_id: p.body.preview_id });
    const unknown = await other.post('/api/v1/books', { language_id: langs.other, preview_id: 'f'.repeat(32) });
    expect([stolen.status, stolen.body]).toEqual([unknown.status, unknown.body]);
    expect(stolen.status).toBe(410);
    expect((await other.get('/api/v1/books')).body).toEqual([]);
    const mine = await owner.post('/api/v1/books', { language_id: langs.owner, preview_id: p.body.preview_id });
    expect(mine.status).toBe(200);
    expect(mine.body.pictures).toHaveLength(2);
  });
});
