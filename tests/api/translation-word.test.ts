// A word's translation in its sentence (issue 49, the word panel's suggestion) over real HTTP against the fake
// LibreTranslate, DeepL and OpenAI-compatible servers: DeepL gets the sentence as `context`, a chat model a prompt
// naming the word and its sentence (its answer's last line taken), LibreTranslate the word alone; answers cached per
// word and sentence (the same word in another sentence is asked again), served with the provider gone; nothing is
// saved as the term's translation.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { FakeTranslators } from '../helpers/fake-translators';

const s = withServer({ language: { LgName: 'German', LgIsoCode: 'de' } });
let fake: FakeTranslators;

beforeAll(async () => {
  fake = await new FakeTranslators().start();
});
afterAll(() => fake.close());

beforeEach(async () => {
  s.core.sqlite.exec("DELETE FROM translations; DELETE FROM settings WHERE StKey LIKE 'translation%'");
  fake.mode = 'ok';
  fake.seen = [];
  if (!fake.url) await fake.start();
});

async function configure(providers: unknown[], target = 'en') {
  const res = await s.client.post('/api/v1/translation/settings', { providers, target });
  expect(res.status, res.text).toBe(200);
}
const translateWord = (word: string, sentence?: string) => s.client.post('/api/v1/translation/word', { language_id: s.languageId, word, sentence });

describe('a word in its sentence', () => {
  it('DeepL: the word as text, the sentence as context', async () => {
    await configure([{ kind: 'deepl', url: fake.url, key: 'abc:fx' }]);
    const res = await translateWord('Bank', 'Er sitzt auf der Bank im Park.');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ translation: '[deepl:EN-US] Bank', provider: 'deepl', cached: false });
    expect(fake.seen[0].body).toEqual({ text: ['Bank'], target_lang: 'EN-US', source_lang: 'DE', context: 'Er sitzt auf der Bank im Park.' });
  });

  it('an OpenAI-compatible model: a prompt with the word and its sentence (not the sentence prompt); the last line kept', async () => {
    await configure([{ kind: 'openai', url: `${fake.url}/v1`, model: 'llama3.2', prompt: 'Sentence prompt {text}' }]);
    const res = await translateWord('Bank', 'Er sitzt auf der Bank.');
    expect(res.status, res.text).toBe(200);
    // The fake answers with the prompt's last line: the sentence.
    expect(res.body).toMatchObject({ translation: '[chat:llama3.2] Er sitzt auf der Bank.', provider: 'openai', cached: false });
    const prompt: string = fake.seen[0].body.messages[0].content;
    expect(prompt).toContain('In this German sentence, what does "Bank" mean? Answer with its English translation');
    expect(prompt).not.toContain('Sentence prompt');
  });

  it('LibreTranslate (no context in its API): the word alone', async () => {
    await configure([{ kind: 'libretranslate', url: fake.url }]);
    const res = await translateWord('Hund', 'Der Hund schläft.');
    expect(res.body).toEqual({ translation: '[lt:en] Hund', provider: 'libretranslate', cached: false });
    expect(fake.seen[0].body).toMatchObject({ q: 'Hund', source: 'de', target: 'en' });
  });

  it('is cached per word and sentence, served with the provider gone, and never becomes a term', async () => {
    await configure([{ kind: 'deepl', url: fake.url, key: 'abc:fx' }]);
    await translateWord('Bank', 'Die Bank ist zu.');
    expect((await translateWord('Bank', 'Die Bank ist zu.')).body).toMatchObject({ cached: true, translation: '[deepl:EN-US] Bank' });
    expect(fake.seen).toHaveLength(1);
    // Another sentence: asked again (the sense may differ).
    await translateWord('Bank', 'Er sitzt auf der Bank.');
    expect(fake.seen).toHaveLength(2);
    // A sentence of a text with the same words as the word is not confused with it.
    expect((await s.client.post('/api/v1/translation', { language_id: s.languageId, text: 'Bank' })).body).toMatchObject({ cached: false });
    fake.mode = 403;
    expect((await translateWord('Bank', 'Die Bank ist zu.')).body).toMatchObject({ cached: true });
    expect(s.core.sqlite.prepare('SELECT COUNT(*) AS n FROM words').get()).toEqual({ n: 0 });
  });

  it('errors as for sentences: no provider, a refused key; bad input is a 400', async () => {
    const none = await translateWord('Hund', 'Der Hund.');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('translation.noProvider');
    await configure([{ kind: 'deepl', url: fake.url, key: 'bad' }]);
    fake.mode = 403;
    const refused = await translateWord('Hund', 'Der Hund.');
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ code: 'translation.keyRefused', params: { provider: 'DeepL' } });
    expect((await s.client.post('/api/v1/translation/word', { language_id: s.languageId, word: '  ' })).status).toBe(400);
  });
});
