// Issue 34 item 5: in multi-user mode a learner's imported lemma list is theirs. It once overwrote the shared
// file of the language, changing every learner's word families; shared lists are an administrator's.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/core';
import { signedIn, startMultiUser, type Browser } from '../helpers/accounts';

let s: TestServer;
let admin: Browser;
let alice: Browser;
let bob: Browser;
beforeAll(async () => {
  s = await startMultiUser();
  admin = await signedIn(s.baseUrl, 'admin');
  alice = await signedIn(s.baseUrl, 'alice');
  bob = await signedIn(s.baseUrl, 'bob');
});
afterAll(() => s.close());

const esperanto = async (b: Browser) => {
  const res = await b.post('/api/v1/languages', { LgName: 'Esperanto', LgIsoCode: 'eo', LgLemmatizerType: 'dictionary' });
  expect(res.status, res.text).toBe(200);
  return res.body.LgID as number;
};
const importList = (b: Browser, lg: number, list: string) =>
  b.upload('/api/v1/lemmas/import', { name: 'list.tsv', data: Buffer.from(list) }, { language_id: String(lg), lemma_column: '2' });
const sharedFile = () => path.join(s.core.config.dataDir, 'lemma-dictionaries', 'eo_lemmas.tsv');

describe("a learner's lemma list", () => {
  it('is theirs: the shared list and other learners are unchanged', async () => {
    const [adminLg, aliceLg, bobLg] = [await esperanto(admin), await esperanto(alice), await esperanto(bob)];
    expect((await importList(admin, adminLg, 'hundoj\thundo\n')).status).toBe(200);
    const shared = fs.readFileSync(sharedFile(), 'utf8');

    const mine = await importList(alice, aliceLg, 'hundoj\tkato\nkatoj\tkato\n');
    expect(mine.status, mine.text).toBe(200);
    expect(fs.readFileSync(sharedFile(), 'utf8')).toBe(shared);

    const lemma = async (b: Browser, lg: number, word: string) => (await b.get(`/api/v1/lemmas/suggest?language_id=${lg}&word=${word}`)).body;
    expect(await lemma(alice, aliceLg, 'hundoj')).toMatchObject({ lemma: 'kato' });
    expect(await lemma(bob, bobLg, 'hundoj')).toMatchObject({ lemma: 'hundo' });
    const status = async (b: Browser, lg: number) => (await b.get(`/api/v1/lemmas/status?language_id=${lg}`)).body.file;
    expect(await status(bob, bobLg)).toEqual(await status(admin, adminLg));
    expect((await status(alice, aliceLg)).file).not.toBe((await status(admin, adminLg)).file);
  });
});
