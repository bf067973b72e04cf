// The reader payload's "family known" column (issue 17): forms without a term whose lemma (here from the
// language's lemma file, which wins over the automatic source) is one of the learner's terms, with that term's
// status; forms with a term of their own and lemmas that are not terms are left out; a term change shows at once.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';

const hex = (w: string) => createHash('sha256').update(w, 'utf8').digest('hex');

const s = withServer({ language: { LgName: 'Spanish', LgIsoCode: 'es' }, env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  const file = path.join(s.core.dataDir, 'lemma-dictionaries', 'es_lemmas.tsv');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'hablaba\thablar\ncasas\tcasa\nperros\tperro\nhablar\thablar\n');
});

/** form text → family status (of the forms whose lemma is a term), from a reader payload. */
async function families(textId: number): Promise<Record<string, number>> {
  const view = (await s.client.get(`/api/v1/texts/${textId}/reader`)).body;
  const listed: [string, number][] = view.families.form.map((f: number, k: number) => [view.forms.hex[f], view.families.status[k]]);
  const byHex = new Map<string, number>(listed.filter(([, status]) => status !== 0));
  const out: Record<string, number> = {};
  for (const w of ['yo', 'hablaba', 'de', 'casas', 'y', 'perros', 'hablar', 'es', 'bueno']) if (byHex.has(hex(w))) out[w] = byHex.get(hex(w))!;
  return out;
}

describe('reader payload: families', () => {
  it('lists unknown forms whose lemma is a term, with the lemma term’s status', async () => {
    expect((await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'hablar', WoStatus: 5 })).status).toBe(200);
    expect((await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'casa', WoStatus: 2 })).status).toBe(200);
    const text = (await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: 'Familias', TxText: 'Yo hablaba de casas y perros. Hablar es bueno.' }))
      .body;
    // perros: its lemma perro is no term; hablar: a term of its own.
    expect(await families(text.TxID)).toEqual({ hablaba: 5, casas: 2 });
    // Every unknown form with another lemma is listed with that lemma (status 0 without a term), so the reader can
    // follow a lemma term saved while reading.
    const view = (await s.client.get(`/api/v1/texts/${text.TxID}/reader`)).body;
    const lemmaOf = Object.fromEntries(
      view.families.form.map((f: number, k: number) => [view.forms.hex[f], [view.families.lemma[k], view.families.status[k]]]),
    );
    expect(lemmaOf[hex('perros')]).toEqual(['perro', 0]);
    expect(lemmaOf[hex('hablaba')]).toEqual(['hablar', 5]);
    expect(lemmaOf[hex('hablar')]).toBeUndefined();

    // Saving the form itself takes it out; a new lemma term brings its forms in (the payload cache follows terms).
    expect((await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'hablaba', WoStatus: 1 })).status).toBe(200);
    expect((await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'perro', WoStatus: 99 })).status).toBe(200);
    expect(await families(text.TxID)).toEqual({ casas: 2, perros: 99 });
  });

  it('is empty for a language whose lemmatizer is none', async () => {
    const none = (await s.client.post('/api/v1/languages', { LgName: 'Spanish plain', LgIsoCode: 'es', LgLemmatizerType: 'none' })).body;
    expect(none.LgLemmatizerType).toBe('none');
    await s.client.post('/api/v1/terms', { WoLgID: none.LgID, WoText: 'casa', WoStatus: 5 });
    const text = (await s.client.post('/api/v1/texts', { TxLgID: none.LgID, TxTitle: 'Nada', TxText: 'Las casas.' })).body;
    const view = (await s.client.get(`/api/v1/texts/${text.TxID}/reader`)).body;
    expect(view.families).toEqual({ form: [], lemma: [], status: [] });
  });
});
