// Issue 21, item 8: API answers never name absolute server paths (the lemma-list import and status).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s?.close());

it('answers the lemma-list import and the lemma status without the data directory', async () => {
  const lg = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en', LgLemmatizerType: 'dictionary' })).body.LgID;
  const res = await s.client.upload(
    '/api/v1/lemmas/import',
    { name: 'list.txt', data: Buffer.from('go\twent\ngo\tgoes\nmouse\tmice\n') },
    { language_id: String(lg), lemma_column: '1' },
  );
  expect(res.status, res.text).toBe(200);
  expect(res.body.file).toBe('lemma-dictionaries/en_lemmas.tsv');
  expect(res.text).not.toContain(s.core.dataDir);
  const status = await s.client.get(`/api/v1/lemmas/status?language_id=${lg}`);
  expect(status.text).not.toContain(s.core.dataDir);
  expect(status.body.file).toMatchObject({ file: 'lemma-dictionaries/en_lemmas.tsv' });
});
