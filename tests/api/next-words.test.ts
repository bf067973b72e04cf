// A language's next words by a frequency list over real HTTP (issue 50): an imported Yomitan frequency dictionary
// and a plain word,rank CSV, the words not known yet most frequent first (ties in the list's order), each with its
// count and first sentence in the library and a local-dictionary translation, and the 1k…10k band estimate.
import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NextWords } from '../../src-shared/contract/books';
import { insertForeignLanguage } from '../helpers/core';
import { withServer } from '../helpers/with-server';

const s = withServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
let english: number;
let yomitan: number;
let csv: number;

async function frequencyZip(rows: [string, number][]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('index.json', JSON.stringify({ title: 'English frequency', format: 3, revision: '1', frequencyMode: 'rank-based' }));
  zip.file('term_meta_bank_1.json', JSON.stringify(rows.map(([word, rank]) => [word, 'freq', rank])));
  return Buffer.from(await zip.generateAsync({ type: 'uint8array' }));
}

const upload = async (name: string, data: Buffer) => {
  const res = await s.client.upload('/api/v1/local-dictionaries/upload', { name, data }, { language_id: String(english) });
  expect(res.status, res.text).toBe(200);
  return res.body.dictionary.LdID as number;
};
const next = async (query = '') => {
  const res = await s.client.get(`/api/v1/languages/${english}/next-words${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as NextWords;
};

beforeAll(async () => {
  english = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  await s.client.post('/api/v1/texts', { TxLgID: english, TxTitle: 'A', TxText: 'The cat sat. The dog ran to the cat.' });
  // Ranks: the 1, of 2, and 3, cat 4, dog and to tie at 5 (list order: to first), sat 1500, ran 2500.
  yomitan = await upload(
    'en-freq.zip',
    await frequencyZip([
      ['the', 1],
      ['of', 2],
      ['and', 3],
      ['cat', 4],
      ['to', 5],
      ['dog', 5],
      ['sat', 1500],
      ['ran', 2500],
    ]),
  );
  csv = await upload('plain.csv', Buffer.from('word,rank\nran,1\ncat,2\n'));
  await upload('glossary.csv', Buffer.from('term,definition\ncat,gato\n'));
});

describe('next words by a frequency list', () => {
  it('lists the lists, and ranks the unknown words of the first one, ties in its order', async () => {
    const r = await next();
    expect(r.lists.map((l) => [l.LdName, l.words])).toEqual([
      ['English frequency', 8],
      ['plain', 2],
    ]);
    expect(r.dictionary).toBe(yomitan);
    expect(r.list.map((w) => [w.word, w.rank])).toEqual([
      ['the', 1],
      ['of', 2],
      ['and', 3],
      ['cat', 4],
      ['to', 5],
      ['dog', 5],
      ['sat', 1500],
      ['ran', 2500],
    ]);
    const cat = r.list.find((w) => w.word === 'cat')!;
    expect(cat).toMatchObject({ count: 2, sentence: 'The {cat} sat.', translation: 'gato', status: null });
    expect(r.list.find((w) => w.word === 'of')).toMatchObject({ count: 0, sentence: '' });
    expect(r.total_entries).toBe(8);
  });

  it('leaves out known words (5, 98, 99), keeps words being learned with their status, and counts the bands', async () => {
    for (const [word, status] of [
      ['the', 5],
      ['of', 98],
      ['sat', 99],
      ['cat', 2],
    ] as const)
      expect((await s.client.post('/api/v1/terms', { WoLgID: english, WoText: word, WoStatus: status })).status).toBe(200);
    const r = await next('?limit=3');
    expect(r.list.map((w) => w.word)).toEqual(['and', 'cat', 'to']);
    expect(r.list[1].status).toBe(2);
    expect(r.total_entries).toBe(5);
    // 1k: the of and cat to dog (2 known); 2k adds sat (known); 3k adds ran. Nothing past the list's last rank.
    expect(r.bands).toEqual([
      { upto: 1000, words: 6, known: 2 },
      { upto: 2000, words: 7, known: 3 },
      { upto: 3000, words: 8, known: 3 },
    ]);
  });

  it('where the language fills lemmas, a known form counts for its lemma in the list (a list of lemmas)', async () => {
    const german = (await s.client.post('/api/v1/languages', { LgName: 'Deutsch', LgIsoCode: 'de', LgLemmatizerType: 'dictionary' })).body.LgID;
    const up = await s.client.upload(
      '/api/v1/local-dictionaries/upload',
      { name: 'de.csv', data: Buffer.from('word,rank\ngehen,1\nhaus,2\n') },
      { language_id: String(german) },
    );
    expect(up.status, up.text).toBe(200);
    expect((await s.client.post('/api/v1/terms', { WoLgID: german, WoText: 'ging', WoLemma: 'gehen', WoStatus: 5 })).status).toBe(200);
    const r = (await s.client.get(`/api/v1/languages/${german}/next-words`)).body as NextWords;
    expect(r.list.map((w) => w.word)).toEqual(['haus']);
    expect(r.bands).toEqual([{ upto: 1000, words: 2, known: 1 }]);
  });

  it('uses the list asked for; a list of another language, or a foreign language, is not found', async () => {
    const r = await next(`?dictionary=${csv}`);
    expect(r.dictionary).toBe(csv);
    expect(r.list.map((w) => w.word)).toEqual(['ran', 'cat']);
    const other = (await s.client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body.LgID;
    expect((await s.client.get(`/api/v1/languages/${other}/next-words?dictionary=${csv}`)).status).toBe(404);
    expect(await (await s.client.get(`/api/v1/languages/${other}/next-words`)).body).toMatchObject({ lists: [], dictionary: null, list: [] });
    const { languageId } = insertForeignLanguage(s.core);
    expect((await s.client.get(`/api/v1/languages/${languageId}/next-words`)).status).toBe(404);
  });
});
