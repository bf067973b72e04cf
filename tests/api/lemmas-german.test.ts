// German lemmas fill by themselves (issue 47, session 17: 95.3 % of running text, no random-form list): a saved word
// gets its automatic lemma as the text writes it — a capital says noun, lowercase says no noun — while the reader's
// family marks, which look up the text's forms folded to lowercase, take each form's commonest reading (a form's case
// says nothing there: fragen is Frage's, as the noun is the commoner). The German table (Hunspell + the shipped running-text table) is built once for the file.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lemmaWorkIdle } from '../../src-main/modules/lemmas/deferred';
import { autoFillAllowed } from '../../src-shared/lemmas/quality';
import { startTestServer, type TestServer } from '../helpers/core';

const hex = (w: string) => createHash('sha256').update(w, 'utf8').digest('hex');

describe('automatic German lemmas', { timeout: 60_000 }, () => {
  let s: TestServer;
  let lg: number;
  const save = async (word: string, status = 1) => {
    const res = await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: word, WoStatus: status });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.WoID as number;
  };
  const lemmaOf = async (id: number) => (await s.client.get(`/api/v1/terms/${id}`)).body.WoLemma as string | null;

  beforeAll(async () => {
    expect(autoFillAllowed('de')).toBe(true);
    s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
    lg = (await s.client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body.LgID;
  });
  afterAll(() => s.close());

  it('fills a saved word as the text writes it: nouns with a capital, compounds by their last part, degrees under their positive', async () => {
    const words = ['Zahlen', 'wolle', 'Schuldnerländern', 'größere', 'dauernd', 'ist'];
    const ids: number[] = [];
    for (const w of words) ids.push(await save(w));
    await lemmaWorkIdle(s.core.context());
    expect(await Promise.all(ids.map(lemmaOf))).toEqual(['Zahl', 'wollen', 'Schuldnerland', 'groß', 'dauernd', 'sein']);
  });

  it("marks a text's forms by their commonest reading, folded: Fragen in a text is Frage's family", async () => {
    await save('Frage', 3);
    const text = (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'Fragen', TxText: 'Die Fragen waren größer.' })).body;
    const view = (await s.client.get(`/api/v1/texts/${text.TxID}/reader`)).body;
    const lemmaOfForm = Object.fromEntries(
      view.families.form.map((f: number, k: number) => [view.forms.hex[f], [view.families.lemma[k], view.families.status[k]]]),
    );
    expect(lemmaOfForm[hex('fragen')]).toEqual(['frage', 3]);
    expect(lemmaOfForm[hex('waren')]).toEqual(['sein', 0]);
  });
});
