// A book's coverage over real HTTP (issue 50): the known share of running words, the exact N of words to learn for
// 95 % and 98 % on a hand-counted text, a known multi-word term counting for its words, the list's order, first
// sentences and local-dictionary translations, "Add as terms" with both, and a foreign book answering 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { insertForeignLanguage } from '../helpers/core';

const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
let english: number;
let bookId: number;

// 20 running words: dog×6 cat×4 sun×3 sea×2, red big old new hot once each (first met in that order).
const TEXT = 'Dog cat dog sun. Cat dog sea dog red cat. Sun dog big sea old. Cat dog new sun hot.';

beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  const created = await s.client.post('/api/v1/books', { title: 'Letters', language_id: english, text: TEXT });
  expect(created.status).toBe(200);
  bookId = created.body.BkID;
  const dict = await s.client.upload(
    '/api/v1/local-dictionaries/upload',
    {
      name: 'letters.json',
      data: Buffer.from(
        JSON.stringify([
          { word: 'dog', meaning: '<b>perro</b> &amp; more' },
          { word: 'sun', meaning: 'sol' },
        ]),
      ),
    },
    { language_id: String(english) },
  );
  expect(dict.status).toBe(200);
});

const coverage = async (query = '') => {
  const res = await s.client.get(`/api/v1/books/${bookId}/coverage${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

describe('book coverage', () => {
  it('counts running words and gives the exact N for 95 % and 98 %, most frequent first, ties by first occurrence', async () => {
    const c = await coverage();
    expect(c).toMatchObject({ words: 20, known: 0, known_pct: 0, n95: 8, n98: 9, n95_learning: 0, total_entries: 9 });
    expect(c.list.map((w: { word: string; count: number }) => `${w.word}${w.count}`)).toEqual([
      'dog6',
      'cat4',
      'sun3',
      'sea2',
      'red1',
      'big1',
      'old1',
      'new1',
      'hot1',
    ]);
    expect(c.list[0]).toMatchObject({ word: 'dog', lemma: null, forms: ['dog'], sentence: '{Dog} cat dog sun.', translation: 'perro & more', status: null });
    expect(c.list[2]).toMatchObject({ word: 'sun', sentence: 'Dog cat dog {sun}.', translation: 'sol' });
    expect(c.list[1].translation).toBe('');
    expect((await coverage('?limit=3')).list).toHaveLength(3);
  });

  it('a known multi-word term counts for the words it covers; ignored and well-known words are known', async () => {
    const phrase = await s.client.post('/api/v1/terms', { WoLgID: english, WoText: 'red cat', WoStatus: 5 });
    expect(phrase.status).toBe(200);
    let c = await coverage();
    // "red cat" once: red and one cat are known. 19 needed: 2 + dog 6 + cat 3 + sun 3 + sea 2 + big, old, new = 19.
    expect(c).toMatchObject({ known: 2, known_pct: 10, n95: 7 });
    expect(c.list.map((w: { word: string }) => w.word)).not.toContain('red');
    expect(c.list[1]).toMatchObject({ word: 'cat', count: 3 });
    await s.client.post('/api/v1/terms', { WoLgID: english, WoText: 'dog', WoStatus: 98 });
    await s.client.post('/api/v1/terms', { WoLgID: english, WoText: 'sea', WoStatus: 99 });
    c = await coverage();
    expect(c).toMatchObject({ known: 10, known_pct: 50 });
    expect(c.list[0].word).toBe('cat');
    await s.client.delete(`/api/v1/terms/${phrase.body.WoID}`);
  });

  it('a chapter alone, and an unknown chapter is 404', async () => {
    expect((await coverage('?chapter=1')).words).toBe(20);
    expect((await s.client.get(`/api/v1/books/${bookId}/coverage?chapter=9`)).status).toBe(404);
  });

  it('"Add as terms" saves status-1 terms with their first sentence and translation, in one call', async () => {
    const add = await s.client.post(`/api/v1/books/${bookId}/terms`, { words: ['sun', 'big'] });
    expect(add.body).toMatchObject({ success: true, created: 2, skipped: 0 });
    // Both words' term ids, in the order asked (what "Add and send to Anki" sends).
    const idOf = (w: string) => (s.core.sqlite.prepare('SELECT WoID FROM words WHERE WoLgID = ? AND WoTextLC = ?').get(english, w) as { WoID: number }).WoID;
    expect(add.body.ids).toEqual([idOf('sun'), idOf('big')]);
    const rows = s.core.sqlite
      .prepare('SELECT WoText, WoStatus, WoSentence, WoTranslation FROM words WHERE WoLgID = ? AND WoText IN (?, ?) ORDER BY WoText')
      .all(english, 'big', 'sun');
    expect(rows).toEqual([
      { WoText: 'big', WoStatus: 1, WoSentence: 'Sun dog {big} sea old.', WoTranslation: '' },
      { WoText: 'sun', WoStatus: 1, WoSentence: 'Dog cat dog {sun}.', WoTranslation: 'sol' },
    ]);
    // Status 1 is not known: still listed, now with its status, and counted among the words being learned.
    const c = await coverage();
    expect(c.list.find((w: { word: string }) => w.word === 'sun')).toMatchObject({ count: 3, status: 1 });
    // dog (98) and sea (99) are known since the test above: 8 known, 6 more for 95 %, 7 for 98 %.
    expect(c).toMatchObject({ known: 8, n95: 6, n95_learning: 2, n98: 7, n98_learning: 2 });
  });

  it('a foreign book behaves exactly like a missing one', async () => {
    const { userId } = insertForeignLanguage(s.core);
    s.core.sqlite.prepare('UPDATE books SET BkUsID = ? WHERE BkID = ?').run(userId, bookId);
    try {
      const res = await s.client.get(`/api/v1/books/${bookId}/coverage`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Book not found');
    } finally {
      s.core.sqlite.prepare('UPDATE books SET BkUsID = NULL WHERE BkID = ?').run(bookId);
    }
  });
});
