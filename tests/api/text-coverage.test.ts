// Coverage of any text and of a language's whole library over real HTTP (issue 50), and the library's coverage
// column and sort: each listed text's known share of running words, kept between lists and dropped when a term's
// known-ness, a text or the language's parsing changes (src-main/modules/texts/coverage-cache.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { TextPage } from '../../src-shared/contract/texts';
import { withServer } from '../helpers/with-server';
import { insertForeignLanguage } from '../helpers/core';

const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
let english: number;
const ids: Record<string, number> = {};

// 10 running words each: "dog" 4 times in A, twice in B, never in C.
const TEXTS = {
  A: 'Dog dog cat. Dog sun dog sea. Red big old.',
  B: 'Dog cat sun sea red. Big old new dog hot.',
  C: 'Cat sun sea red big. Old new hot fox owl.',
};

const list = async (query = '') => {
  const res = await s.client.get(`/api/v1/texts?language=${english}${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as TextPage;
};
const pctOf = (page: TextPage) => Object.fromEntries(page.items.map((t) => [t.TxTitle, t.coverage.known_pct]));

beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  for (const [title, text] of Object.entries(TEXTS)) {
    const res = await s.client.post('/api/v1/texts', { TxLgID: english, TxTitle: title, TxText: text });
    expect(res.status).toBe(200);
    ids[title] = res.body.TxID;
  }
});

describe('library coverage column', () => {
  it('gives each text its running words and known share, and sorts the most known first', async () => {
    expect(pctOf(await list())).toEqual({ A: 0, B: 0, C: 0 });
    expect((await list()).items.find((t) => t.TxTitle === 'A')!.coverage).toEqual({ words: 10, known: 0, known_pct: 0 });
    // dog becomes known: A 4/10, B 2/10, C 0.
    const dog = await s.client.post('/api/v1/terms', { WoLgID: english, WoText: 'dog', WoStatus: 5 });
    expect(dog.status).toBe(200);
    let page = await list('&sort=coverage');
    expect(page.items.map((t) => t.TxTitle)).toEqual(['A', 'B', 'C']);
    expect(pctOf(page)).toEqual({ A: 40, B: 20, C: 0 });
    // 5 → 2 makes dog unknown again: the kept figures go.
    await s.client.put(`/api/v1/terms/${dog.body.WoID}`, { WoStatus: 2 });
    expect(pctOf(await list('&sort=coverage'))).toEqual({ A: 0, B: 0, C: 0 });
    // Ignored (98) and well known (99) count as known; a known multi-word term counts for its words.
    await s.client.put(`/api/v1/terms/${dog.body.WoID}`, { WoStatus: 99 });
    const fox = await s.client.post('/api/v1/terms', { WoLgID: english, WoText: 'fox owl', WoStatus: 98 });
    expect(fox.status).toBe(200);
    page = await list('&sort=coverage');
    expect(pctOf(page)).toEqual({ A: 40, B: 20, C: 20 });
    // Ties: the newest text first (C before B).
    expect(page.items.map((t) => t.TxTitle)).toEqual(['A', 'C', 'B']);
    // Deleting a known term takes its words back.
    await s.client.delete(`/api/v1/terms/${fox.body.WoID}`);
    expect(pctOf(await list())).toEqual({ A: 40, B: 20, C: 0 });
    await s.client.delete(`/api/v1/terms/${dog.body.WoID}`);
    expect(pctOf(await list())).toEqual({ A: 0, B: 0, C: 0 });
  });

  it('an edited text is counted again', async () => {
    const cat = await s.client.post('/api/v1/terms', { WoLgID: english, WoText: 'cat', WoStatus: 5 });
    expect(pctOf(await list())).toEqual({ A: 10, B: 10, C: 10 });
    const edit = await s.client.put(`/api/v1/texts/${ids.C}`, { TxLgID: english, TxTitle: 'C', TxText: 'Cat cat cat owl.' });
    expect(edit.status, edit.text).toBe(200);
    expect((await list()).items.find((t) => t.TxTitle === 'C')!.coverage).toEqual({ words: 4, known: 3, known_pct: 75 });
    await s.client.put(`/api/v1/texts/${ids.C}`, { TxLgID: english, TxTitle: 'C', TxText: TEXTS.C });
    await s.client.delete(`/api/v1/terms/${cat.body.WoID}`);
  });
});

describe('coverage of a text and of a language', () => {
  it('a text: the known share and the words to learn, as for a book', async () => {
    const res = await s.client.get(`/api/v1/texts/${ids.A}/coverage`);
    expect(res.status, res.text).toBe(200);
    // dog 4, then cat, sun, sea, red, big, old once each in first-met order: 95 % of 10 needs all 7.
    expect(res.body).toMatchObject({ words: 10, known: 0, n95: 7, n98: 7, total_entries: 7 });
    expect(res.body.list[0]).toMatchObject({ word: 'dog', count: 4, sentence: '{Dog} dog cat.' });
    expect(res.body.list.map((w: { word: string }) => w.word).slice(1)).toEqual(['cat', 'sun', 'sea', 'red', 'big', 'old']);
  });

  it('a language: every text not archived counts, book chapters included', async () => {
    let res = await s.client.get(`/api/v1/languages/${english}/coverage`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ words: 30 });
    // dog: 4 + 2; cat, sun, sea, red, big, old: 3 each.
    expect(res.body.list[0]).toMatchObject({ word: 'dog', count: 6 });
    await s.client.put(`/api/v1/texts/${ids.C}/archive`, { archived: true });
    res = await s.client.get(`/api/v1/languages/${english}/coverage`);
    expect(res.body.words).toBe(20);
    await s.client.put(`/api/v1/texts/${ids.C}/archive`, { archived: false });
    const book = await s.client.post('/api/v1/books', { title: 'Owls', language_id: english, text: 'Owl owl owl owl owl.' });
    expect(book.status).toBe(200);
    res = await s.client.get(`/api/v1/languages/${english}/coverage`);
    expect(res.body.words).toBe(35);
    expect(res.body.list[0]).toMatchObject({ word: 'dog', count: 6 });
    expect(res.body.list[1]).toMatchObject({ word: 'owl', count: 6 });
  });

  it('"Add as terms" from the language: status 1 with the first sentence of its library, existing terms left alone', async () => {
    const res = await s.client.post(`/api/v1/languages/${english}/coverage/terms`, { words: ['sun', 'hot', 'Fox'] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ success: true, created: 3, skipped: 0 });
    expect(res.body.ids).toHaveLength(3);
    const terms = (await s.client.get(`/api/v1/terms?language=${english}&per_page=50`)).body.terms as {
      WoID: number;
      WoText: string;
      WoStatus: number;
      WoSentence: string;
    }[];
    const sun = terms.find((t) => t.WoText === 'sun')!;
    expect(sun).toMatchObject({ WoStatus: 1, WoSentence: 'Dog {sun} dog sea.' });
    // Saved again: skipped, nothing duplicated; the list no longer counts them as unknown-without-term.
    const again = await s.client.post(`/api/v1/languages/${english}/coverage/terms`, { words: ['sun'] });
    expect(again.body).toEqual({ success: true, created: 0, skipped: 1, ids: [sun.WoID] });
    expect((await s.client.post(`/api/v1/languages/${english}/coverage/terms`, { words: [] })).status).toBe(400);
    expect(terms.map((t) => t.WoText.toLowerCase()).sort()).toEqual(['fox', 'hot', 'sun']);
    for (const t of terms) await s.client.delete(`/api/v1/terms/${t.WoID}`);
  });

  it('a foreign text or language behaves exactly like a missing one', async () => {
    const { languageId } = insertForeignLanguage(s.core);
    expect((await s.client.get(`/api/v1/languages/${languageId}/coverage`)).status).toBe(404);
    expect((await s.client.post(`/api/v1/languages/${languageId}/coverage/terms`, { words: ['a'] })).status).toBe(404);
    expect((await s.client.get(`/api/v1/texts/999999/coverage`)).status).toBe(404);
  });
});
