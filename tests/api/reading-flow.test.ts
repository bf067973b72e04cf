// Reading flow (issue 19): "mark the rest known" up to the current word (POST /texts/{id}/mark-known-until),
// and a hard-wrapped text reflowed on import when asked.
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { insertForeignLanguage } from '../helpers/core';
import type { ReadingItem } from '../../src-shared/contract/reader';

const s = withServer({ language: { LgName: 'Spanish' } });

const items = async (id: number): Promise<ReadingItem[]> => (await s.client.get(`/api/v1/texts/${id}/words`)).body.items;
const newText = async (text: string) => (await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: 't', TxText: text })).body.TxID as number;
const status = (list: ReadingItem[], lc: string) => list.find((i) => i.Ti2WordCount === 1 && i.text.toLowerCase() === lc)?.status;

describe('mark the rest known', () => {
  it('every unknown word up to the given order becomes 99; later words and existing terms keep theirs', async () => {
    await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'gato', WoStatus: 2 });
    const id = await newText('El gato come pescado. El perro duerme mucho.');
    const before = await items(id);
    const pescado = before.find((i) => i.text === 'pescado')!;
    const res = await s.client.post(`/api/v1/texts/${id}/mark-known-until`, { order: pescado.Ti2Order });
    expect(res.status).toBe(200);
    // el, come, pescado (gato already had a term)
    expect(res.body).toEqual({ success: true, created: 3, status: 99 });
    const after = await items(id);
    expect(status(after, 'el')).toBe(99);
    expect(status(after, 'come')).toBe(99);
    expect(status(after, 'pescado')).toBe(99);
    expect(status(after, 'gato')).toBe(2);
    expect(status(after, 'perro')).toBe(0);
    expect(status(after, 'duerme')).toBe(0);
    const terms = (await s.client.get(`/api/v1/terms?language_id=${s.languageId}&per_page=50`)).body.terms as { WoTextLC: string; WoStatus: number }[];
    expect(terms.map((t) => t.WoTextLC).sort()).toEqual(['come', 'el', 'gato', 'pescado']);
    // Again up to the same word: nothing left to create.
    expect((await s.client.post(`/api/v1/texts/${id}/mark-known-until`, { order: pescado.Ti2Order })).body.created).toBe(0);
  });

  it('order 0 marks nothing; a bad order is a 400; a foreign text is a 404 and creates nothing', async () => {
    const id = await newText('Una palabra nueva.');
    expect((await s.client.post(`/api/v1/texts/${id}/mark-known-until`, { order: 0 })).body.created).toBe(0);
    expect((await s.client.post(`/api/v1/texts/${id}/mark-known-until`, { order: -1 })).status).toBe(400);
    expect((await s.client.post(`/api/v1/texts/${id}/mark-known-until`, { order: 'x' })).status).toBe(400);
    expect((await s.client.post(`/api/v1/texts/${id}/mark-known-until`, {})).status).toBe(400);
    const { userId, languageId } = insertForeignLanguage(s.core);
    const foreign = Number(
      s.core.sqlite
        .prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, 'x', 'y z', 0, 0)")
        .run(languageId, userId).lastInsertRowid,
    );
    const count = () => (s.core.sqlite.prepare('SELECT COUNT(*) AS n FROM words').get() as { n: number }).n;
    const n = count();
    expect((await s.client.post(`/api/v1/texts/${foreign}/mark-known-until`, { order: 100 })).status).toBe(404);
    expect(count()).toBe(n);
    expect((await s.client.post(`/api/v1/texts/999999/mark-known-until`, { order: 100 })).status).toBe(404);
  });
});

const WRAPPED = `It is a truth universally acknowledged, that a single man in possession
of a good fortune, must be in want of a wife.

However little known the feelings or views of such a man may be on his
first entering a neighbourhood, this truth is so well fixed in the minds
of the surrounding families, that he is considered the rightful property
of some one or other of their daughters.

"My dear Mr. Bennet," said his lady to him one day, "have you heard that
Netherfield Park is let at last?"
`;

describe('hard-wrapped text on create', () => {
  it('joinWrappedLines reflows the stored text: a sentence is one sentence again; without it the text is kept', async () => {
    const en = (await s.client.post('/api/v1/languages', { LgName: 'English' })).body.LgID;
    const joined = await s.client.post('/api/v1/texts', { TxLgID: en, TxTitle: 'P&P', TxText: WRAPPED, joinWrappedLines: true });
    expect(joined.status).toBe(200);
    expect(joined.body.TxText).toBe(
      'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.\n\n' +
        'However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is considered the rightful property of some one or other of their daughters.\n\n' +
        '"My dear Mr. Bennet," said his lady to him one day, "have you heard that Netherfield Park is let at last?"',
    );
    // The example sentence of "possession" holds the whole first sentence.
    const list = await items(joined.body.TxID);
    const possession = list.find((i) => i.text === 'possession')!;
    const sentence = list
      .filter((i) => i.sentence === possession.sentence)
      .map((i) => i.text)
      .join('');
    expect(sentence.trim()).toBe('It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.');

    const kept = await s.client.post('/api/v1/texts', { TxLgID: en, TxTitle: 'P&P raw', TxText: WRAPPED });
    expect(kept.body.TxText).toContain('possession\nof a good');
    expect((await s.client.post('/api/v1/texts', { TxLgID: en, TxTitle: 'x', TxText: WRAPPED, joinWrappedLines: 'maybe' })).status).toBe(400);
  });
});
