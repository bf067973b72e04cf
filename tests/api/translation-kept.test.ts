// Kept translations listed in Settings (issue 49: "listed and clearable"): newest first, a word's suggestion shown
// as its word and sentence, found by a piece of either side (LIKE's wildcards taken as text), paged, forgotten one
// by one (the next ask goes to the service again), each learner's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { FakeTranslators } from '../helpers/fake-translators';

const s = withServer({ language: { LgName: 'German', LgIsoCode: 'de' } });
let fake: FakeTranslators;

beforeAll(async () => {
  fake = await new FakeTranslators().start();
  const res = await s.client.post('/api/v1/translation/settings', { providers: [{ kind: 'libretranslate', url: fake.url }], target: 'en' });
  expect(res.status, res.text).toBe(200);
});
afterAll(() => fake.close());

const translate = (text: string) => s.client.post('/api/v1/translation', { language_id: s.languageId, text });

describe('kept translations, listed', () => {
  it('newest first, words with their sentence, searched, paged, forgotten one by one', async () => {
    await translate('Der Hund bellt.');
    await translate('100% sicher_ist das.');
    await s.client.post('/api/v1/translation/word', { language_id: s.languageId, word: 'Bank', sentence: 'Er sitzt auf der Bank.' });
    const all = await s.client.get('/api/v1/translation/cache');
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, per_page: 50 });
    expect(all.body.items).toMatchObject([
      { word: 'Bank', text: 'Er sitzt auf der Bank.', translation: '[lt:en] Bank', provider: 'libretranslate', source: 'de', target: 'en' },
      { word: null, text: '100% sicher_ist das.' },
      { word: null, text: 'Der Hund bellt.', translation: '[lt:en] Der Hund bellt.' },
    ]);

    // A piece of the sentence or of the translation; % and _ are text, not wildcards.
    expect((await s.client.get('/api/v1/translation/cache?q=hund')).body.items.map((i: { text: string }) => i.text)).toEqual(['Der Hund bellt.']);
    expect((await s.client.get('/api/v1/translation/cache?q=0%25 s')).body.total).toBe(1);
    expect((await s.client.get('/api/v1/translation/cache?q=Hund_bellt')).body.total).toBe(0);
    expect((await s.client.get('/api/v1/translation/cache?q=sicher_')).body.total).toBe(1);
    const paged = await s.client.get('/api/v1/translation/cache?per_page=2&page=2');
    expect(paged.body).toMatchObject({ total: 3, page: 2, items: [{ text: 'Der Hund bellt.' }] });

    // Forgotten: the next ask goes to the service again.
    const hund = all.body.items[2].id;
    expect((await s.client.delete(`/api/v1/translation/cache/${hund}`)).body).toEqual({ deleted: 1 });
    expect((await s.client.get('/api/v1/translation/cache')).body.total).toBe(2);
    const before = fake.seen.length;
    expect((await translate('Der Hund bellt.')).body.cached).toBe(false);
    expect(fake.seen.length).toBe(before + 1);
    expect((await s.client.delete('/api/v1/translation/cache/999999')).body).toEqual({ deleted: 0 });
  });
});
