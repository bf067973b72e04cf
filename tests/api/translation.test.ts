// Sentence translation over real HTTP (issue 49): LibreTranslate, DeepL and an OpenAI-compatible chat server faked
// on 127.0.0.1 with their real answer and error shapes, the providers asked in order, keys never read back, every
// answer cached (a second ask served with the provider stopped), the cache counted and cleared.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { FakeTranslators } from '../helpers/fake-translators';
import { deeplBase } from '../../src-main/modules/translation/providers';

const s = withServer({ language: { LgName: 'German', LgIsoCode: 'de' } });
let fake: FakeTranslators;

beforeAll(async () => {
  fake = await new FakeTranslators().start();
});
afterAll(() => fake.close());

beforeEach(async () => {
  s.core.sqlite.exec("DELETE FROM translations; DELETE FROM settings WHERE StKey LIKE 'translation%'");
  s.core.services.outboundTimeoutMs = undefined;
  fake.mode = 'ok';
  fake.seen = [];
  if (!fake.url) await fake.start();
});

async function configure(providers: unknown[], target = 'en') {
  const res = await s.client.post('/api/v1/translation/settings', { providers, target });
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const translate = (text: string) => s.client.post('/api/v1/translation', { language_id: s.languageId, text });

describe('providers', () => {
  it('LibreTranslate: POST /translate {q, source, target, api_key} → translatedText', async () => {
    await configure([{ kind: 'libretranslate', url: `${fake.url}/`, key: 'lt-secret' }]);
    const res = await translate('Der Hund schläft.');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ translation: '[lt:en] Der Hund schläft.', provider: 'libretranslate', cached: false });
    expect(fake.seen).toHaveLength(1);
    expect(fake.seen[0]).toMatchObject({ path: '/translate', body: { q: 'Der Hund schläft.', source: 'de', target: 'en', api_key: 'lt-secret' } });
  });

  it('DeepL: POST /v2/translate with the DeepL-Auth-Key header → translations[0].text; free keys go to api-free', async () => {
    await configure([{ kind: 'deepl', url: fake.url, key: 'abc:fx' }], 'pt');
    const res = await translate('Die Katze.');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ translation: '[deepl:PT-BR] Die Katze.', provider: 'deepl' });
    expect(fake.seen[0].headers.authorization).toBe('DeepL-Auth-Key abc:fx');
    expect(fake.seen[0].body).toEqual({ text: ['Die Katze.'], target_lang: 'PT-BR', source_lang: 'DE' });
    const p = { kind: 'deepl' as const, url: '', model: '', prompt: '' };
    expect(deeplBase({ ...p, key: 'abc:fx' })).toBe('https://api-free.deepl.com');
    expect(deeplBase({ ...p, key: 'abc' })).toBe('https://api.deepl.com');
  });

  it('OpenAI-compatible: POST {base}/chat/completions with the model and the filled prompt → choices[0].message.content', async () => {
    await configure([{ kind: 'openai', url: `${fake.url}/v1`, model: 'llama3.2', key: 'sk-1', prompt: 'From {source} to {target}:\n{text}' }]);
    const res = await translate('Guten Morgen.');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ translation: '[chat:llama3.2] Guten Morgen.', provider: 'openai' });
    expect(fake.seen[0]).toMatchObject({
      path: '/v1/chat/completions',
      body: { model: 'llama3.2', messages: [{ role: 'user', content: 'From German to English:\nGuten Morgen.' }] },
    });
    expect(fake.seen[0].headers.authorization).toBe('Bearer sk-1');
  });

  it('asks the providers in order: a refusing first one falls through to the next', async () => {
    fake.mode = 403;
    await configure([
      { kind: 'deepl', url: fake.url, key: 'bad' },
      { kind: 'libretranslate', url: 'http://127.0.0.1:1' },
    ]);
    const res = await translate('Hallo.');
    // Both fail (DeepL refuses the key, nothing listens on port 1): the first one's failure is said.
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'translation.keyRefused', error: 'DeepL refused the API key: check the key in Settings' });
    fake.mode = 'ok';
    await configure([
      { kind: 'libretranslate', url: 'http://127.0.0.1:1' },
      { kind: 'openai', url: fake.url, model: 'm' },
    ]);
    expect((await translate('Hallo.')).body).toMatchObject({ provider: 'openai', translation: '[chat:m] Hallo.' });
  });
});

describe('keys', () => {
  it('are stored, shown only as set / not set, never in the settings read; absent keeps, empty removes', async () => {
    const body = await configure([
      { kind: 'deepl', key: 'deep-secret' },
      { kind: 'libretranslate', url: fake.url },
    ]);
    expect(body.providers.map((p: { kind: string; key: string }) => [p.kind, p.key])).toEqual([
      ['deepl', 'set'],
      ['libretranslate', 'not set'],
    ]);
    const all = await s.client.get('/api/v1/settings');
    expect(all.text).not.toContain('deep-secret');
    expect(all.body.translationKeys).toBeUndefined();
    const read = await s.client.get('/api/v1/translation/settings');
    expect(read.text).not.toContain('deep-secret');
    expect((await configure([{ kind: 'deepl' }])).providers[0].key).toBe('set');
    expect((await configure([{ kind: 'deepl', key: '' }])).providers[0].key).toBe('not set');
  });
});

describe('errors said in words (coded, never a stack)', () => {
  const cases: [string, unknown, FakeTranslators['mode'], number, string][] = [
    ['LibreTranslate 403', { kind: 'libretranslate' }, 403, 502, 'translation.keyRefused'],
    ['LibreTranslate 429', { kind: 'libretranslate' }, 429, 502, 'translation.quota'],
    ['DeepL 456', { kind: 'deepl', key: 'k' }, 456, 502, 'translation.quota'],
    ['DeepL 403', { kind: 'deepl', key: 'k' }, 403, 502, 'translation.keyRefused'],
    ['DeepL 429', { kind: 'deepl', key: 'k' }, 429, 502, 'translation.quota'],
    ['OpenAI 401', { kind: 'openai', model: 'm' }, 401, 502, 'translation.keyRefused'],
    ['OpenAI 429', { kind: 'openai', model: 'm' }, 429, 502, 'translation.quota'],
    ['not JSON', { kind: 'libretranslate' }, 'not-json', 502, 'translation.badAnswer'],
  ];
  for (const [name, provider, mode, status, code] of cases) {
    it(name, async () => {
      fake.mode = mode;
      await configure([{ url: fake.url, ...(provider as object) }]);
      const res = await translate('Ein Satz.');
      expect(res.status, res.text).toBe(status);
      expect(res.body.code).toBe(code);
      expect(res.text).not.toMatch(/at .*\.ts|Error:/);
    });
  }

  it('a provider that never answers is a timeout (each kind)', async () => {
    fake.mode = 'hang';
    s.core.services.outboundTimeoutMs = 300;
    const kinds: [object, string][] = [
      [{ kind: 'libretranslate' }, 'LibreTranslate'],
      [{ kind: 'deepl', key: 'k' }, 'DeepL'],
      [{ kind: 'openai', model: 'm' }, new URL(fake.url).host],
    ];
    for (const [provider, name] of kinds) {
      await configure([{ url: fake.url, ...provider }]);
      const res = await translate('Ein Satz.');
      expect(res.status, name).toBe(504);
      expect(res.body).toMatchObject({ code: 'translation.timeout', params: { provider: name, seconds: '1' } });
    }
  });

  it('nothing listening is "not reachable"; no provider at all says so and hands the web translator link', async () => {
    await configure([{ kind: 'libretranslate', url: 'http://127.0.0.1:1' }]);
    const down = await translate('Ein Satz.');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'translation.unreachable', params: { provider: 'LibreTranslate', url: 'http://127.0.0.1:1' } });
    await configure([]);
    const none = await translate('Ein Satz.');
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('translation.noProvider');
    expect(typeof none.body.web_url).toBe('string');
  });

  it('a missing address, key or model is said before anything is sent', async () => {
    await configure([{ kind: 'deepl' }]);
    expect((await translate('x')).body.code).toBe('translation.needsKey');
    await configure([{ kind: 'openai', url: fake.url }]);
    expect((await translate('x')).body.code).toBe('translation.needsModel');
    expect(fake.seen).toHaveLength(0);
  });
});

describe('the cache', () => {
  it('answers the second time without asking, still when the provider is gone; counted and cleared', async () => {
    await configure([{ kind: 'libretranslate', url: fake.url }]);
    expect((await translate('Es regnet.')).body.cached).toBe(false);
    await fake.close();
    const again = await translate('  Es   regnet. ');
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual({ translation: '[lt:en] Es regnet.', provider: 'libretranslate', cached: true });
    expect((await s.client.get('/api/v1/translation/settings')).body.cached).toBe(1);
    // Another target language is another answer (and the provider is down).
    await configure([{ kind: 'libretranslate', url: fake.url }], 'fr');
    expect((await translate('Es regnet.')).status).toBe(503);
    await configure([{ kind: 'libretranslate', url: fake.url }], 'en');
    const cleared = await s.client.delete('/api/v1/translation/cache');
    expect(cleared.body).toEqual({ deleted: 1 });
    expect((await translate('Es regnet.')).status).toBe(503);
    await fake.start();
  });

  it('prefers the answer of the provider that comes first', async () => {
    await configure([{ kind: 'openai', url: fake.url, model: 'm' }]);
    await translate('Gut.');
    await configure([{ kind: 'libretranslate', url: fake.url }]);
    // LibreTranslate has no answer cached, but the chat server's is served (offline first) …
    expect((await translate('Gut.')).body).toMatchObject({ provider: 'openai', cached: true });
    await configure([
      { kind: 'libretranslate', url: fake.url },
      { kind: 'openai', url: fake.url, model: 'm' },
    ]);
    s.core.sqlite
      .prepare(
        "INSERT INTO translations (TrUsID, TrText, TrSource, TrTarget, TrProvider, TrTranslation, TrCreated) VALUES (NULL, 'Gut.', 'de', 'en', 'libretranslate', 'Good.', 0)",
      )
      .run();
    expect((await translate('Gut.')).body).toMatchObject({ provider: 'libretranslate', translation: 'Good.', cached: true });
  });
});

describe('translate all sentences of a text, slice by slice', () => {
  it('fills the cache a bounded slice a call, says where the next starts, and the reader then finds each sentence cached', async () => {
    await configure([{ kind: 'libretranslate', url: fake.url }]);
    const text = await s.client.post('/api/v1/texts', {
      TxLgID: s.languageId,
      TxTitle: 'Drei Sätze',
      TxText: 'Der Hund bellt. Die Katze schläft.\n\nDer Vogel singt.',
    });
    expect(text.status, text.text).toBe(200);
    const slice = (body: object) => s.client.post(`/api/v1/texts/${text.body.TxID}/translation`, body);
    const first = await slice({ max: 2 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ translated: 2, cached: 0, total: expect.any(Number) });
    expect(first.body.next).not.toBeNull();
    expect(first.body.done).toBeLessThan(first.body.total);
    let progress = first.body;
    while (progress.next !== null) progress = (await slice({ from: progress.next, max: 2 })).body;
    expect(progress.done).toBe(progress.total);
    expect(fake.seen.map((r) => r.body.q)).toEqual(['Der Hund bellt.', 'Die Katze schläft.', 'Der Vogel singt.']);
    // The reader's press for each sentence is answered from the cache the run filled.
    for (const sentence of ['Der Hund bellt.', 'Die Katze schläft.', 'Der Vogel singt.']) expect((await translate(sentence)).body.cached).toBe(true);
    // Again from the start: nothing asked.
    const again = await slice({});
    expect(again.body).toMatchObject({ translated: 3, cached: 3, next: null });
    expect(fake.seen).toHaveLength(3);
    // A provider failure ends the run with its coded error.
    s.core.sqlite.exec('DELETE FROM translations');
    fake.mode = 456;
    await configure([{ kind: 'deepl', url: fake.url, key: 'k' }]);
    const stopped = await slice({});
    expect(stopped.status).toBe(502);
    expect(stopped.body.code).toBe('translation.quota');
    expect((await s.client.post('/api/v1/texts/999999/translation', {})).status).toBe(404);
  });
});
