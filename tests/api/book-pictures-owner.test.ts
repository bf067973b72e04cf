// A book's pictures are owner-scoped like every row (issue 35): with two real accounts signed in over HTTP, one
// account's picture URL, book and chapter answer the other exactly as a missing one does (404), while the owner
// still gets the picture — so the 404 is the scoping, not a missing file. The table-driven ownership test only
// meets a foreign media row without a file behind it, which would be a 404 whatever the scoping.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startMultiUser, type Browser } from '../helpers/accounts';
import type { TestServer } from '../helpers/core';
import { makeEpub } from '../helpers/epub';
import { makePng } from '../helpers/png';

let s: TestServer;
let owner: Browser;
let other: Browser;
let book: { BkID: number; chapters: { text_id: number }[]; pictures: { url: string }[] };

beforeAll(async () => {
  s = await startMultiUser();
  owner = await signedIn(s.baseUrl, 'picture-owner');
  other = await signedIn(s.baseUrl, 'picture-other');
  const lang = (await owner.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body;
  const data = await makeEpub({
    title: 'Look! The Dog',
    docs: [{ path: 'a.xhtml', body: '<img src="p1.png" alt="A dog"/><p>Look! The dog.</p><img src="p2.png"/><p>The dog runs.</p>' }],
    extra: { 'OEBPS/p1.png': makePng(8, 6, [200, 10, 10]), 'OEBPS/p2.png': makePng(8, 6, [10, 200, 10]) },
  });
  const res = await owner.upload('/api/v1/books', { name: 'dog.epub', data }, { language_id: String(lang.LgID) });
  expect(res.status).toBe(200);
  book = res.body;
  expect(book.pictures).toHaveLength(2);
});
afterAll(() => s.close());

describe("another account's pictures", () => {
  it('are served to their owner with their type', async () => {
    const res = await owner.get(book.pictures[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('answer another account like a missing picture: 404, no bytes', async () => {
    const missing = await other.get(`/api/v1/media/${'0'.repeat(32)}`);
    expect(missing.status).toBe(404);
    for (const p of book.pictures) {
      const res = await other.get(p.url);
      expect([res.status, res.body]).toEqual([missing.status, missing.body]);
      expect(res.headers.get('content-type')).not.toMatch(/^image\//);
    }
  });

  it("keep the book, its chapter and its picture setting out of the other account's reach", async () => {
    expect((await other.get(`/api/v1/books/${book.BkID}`)).status).toBe(404);
    expect((await other.get(`/api/v1/texts/${book.chapters[0].text_id}/reader`)).status).toBe(404);
    expect((await other.put(`/api/v1/books/${book.BkID}/pictures`, { shown: false })).status).toBe(404);
    expect((await other.delete(`/api/v1/books/${book.BkID}`)).status).toBe(404);
    // The owner's book is untouched: still shown, every picture still served.
    expect((await owner.get(`/api/v1/books/${book.BkID}`)).body).toMatchObject({ BkPictures: null, pictures_shown: true });
    for (const p of book.pictures) expect((await owner.get(p.url)).status).toBe(200);
  });
});
