import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { insertForeignLanguage } from '../helpers/core';

const ids: Record<string, number> = {};

const s = withServer({ language: { LgName: 'English' }, env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  for (const [text, lemma, status] of [
    ['go', 'go', 5],
    ['went', 'go', 1],
    ['gone', 'go', 2],
    ['goes', 'go', 3],
    ['mouse', 'mouse', 1],
    ['mice', 'mouse', 1],
    ['cat', 'cat', 4],
    ['table', undefined, 1],
  ] as const) {
    ids[text] = (await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: text, WoLemma: lemma, WoStatus: status })).body.WoID;
  }
});

describe('word families', () => {
  it('lists families of a language, biggest first, paginated, with members', async () => {
    const res = await s.client.get(`/api/v1/word-families?language_id=${s.languageId}&per_page=2`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, per_page: 2, pages: 2 });
    expect(res.body.families[0]).toMatchObject({ lemma: 'go', lemma_lc: 'go', count: 4, min_status: 1 });
    expect(res.body.families[0].members.map((m: { WoText: string }) => m.WoText)).toEqual(['go', 'goes', 'gone', 'went']);
    expect(res.body.families[1]).toMatchObject({ lemma_lc: 'mouse', count: 2 });
    const p2 = await s.client.get(`/api/v1/word-families?language_id=${s.languageId}&per_page=2&page=2`);
    expect(p2.body.families.map((f: { lemma_lc: string }) => f.lemma_lc)).toEqual(['cat']);
    expect((await s.client.get(`/api/v1/word-families?language_id=${s.languageId}&min_size=2`)).body.total).toBe(2);
    expect((await s.client.get(`/api/v1/word-families?language_id=${s.languageId}&q=mou`)).body.families.map((f: { lemma_lc: string }) => f.lemma_lc)).toEqual([
      'mouse',
    ]);
  });

  it('with lemma_lc returns all terms sharing that lemma', async () => {
    const res = await s.client.get(`/api/v1/word-families?language_id=${s.languageId}&lemma_lc=GO`);
    expect(res.body.lemma_lc).toBe('go');
    expect(res.body.terms.map((t: { WoText: string }) => t.WoText)).toEqual(['go', 'goes', 'gone', 'went']);
    expect(res.body.terms[0]).toHaveProperty('WoLemmaLC', 'go');
  });

  it('language_id is required; a foreign language is not found', async () => {
    expect((await s.client.get('/api/v1/word-families')).status).toBe(400);
    const { languageId } = insertForeignLanguage(s.core);
    expect((await s.client.get(`/api/v1/word-families?language_id=${languageId}`)).status).toBe(404);
    expect((await s.client.get(`/api/v1/word-families/stats?language_id=${languageId}`)).status).toBe(404);
    expect((await s.client.put('/api/v1/terms/family/apply', { language_id: languageId, lemma_lc: 'go', status: 5 })).status).toBe(404);
  });

  it('stats report lemma coverage', async () => {
    const res = await s.client.get(`/api/v1/word-families/stats?language_id=${s.languageId}`);
    expect(res.body).toMatchObject({
      language_id: s.languageId,
      lemmatizer: 'dictionary',
      total_terms: 8,
      with_lemma: 7,
      without_lemma: 1,
      manual_lemmas: 7,
      automatic_lemmas: 0,
      coverage_percent: 87.5,
      families: 3,
      shared_families: 2,
      dictionary: null,
    });
  });

  it('applies a status to a whole family', async () => {
    const res = await s.client.put('/api/v1/terms/family/apply', { language_id: s.languageId, lemma_lc: 'go', status: 99 });
    expect(res.body).toEqual({ success: true, count: 4 });
    for (const t of ['go', 'went', 'gone', 'goes']) expect((await s.client.get(`/api/v1/terms/${ids[t]}`)).body.WoStatus).toBe(99);
    expect((await s.client.get(`/api/v1/terms/${ids.mice}`)).body.WoStatus).toBe(1);
    expect((await s.client.put('/api/v1/terms/family/apply', { language_id: s.languageId, lemma_lc: 'nothing', status: 2 })).body).toEqual({
      success: true,
      count: 0,
    });
    expect((await s.client.put('/api/v1/terms/family/apply', { language_id: s.languageId, lemma_lc: 'go', status: 6 })).status).toBe(400);
  });
});

describe('sentences with a term', () => {
  let textId: number;
  beforeAll(() => {
    const db = s.core.sqlite;
    // A parsed text as the texts module stores it: sentences are spans of TxText, occurrences point at word forms.
    const sentencesText = ['The cat sat on the table.', 'A concatenation is not a Cat.', 'No felines here.'];
    const body = sentencesText.join(' ');
    textId = Number(
      db.prepare("INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, 'T', ?, 0, 0)").run(s.languageId, body).lastInsertRowid,
    );
    let start = 0;
    sentencesText.forEach((text, i) => {
      db.prepare('INSERT INTO sentences (SeLgID, SeTxID, SeOrder, SeFirstPos, SeStart, SeLength) VALUES (?, ?, ?, ?, ?, ?)').run(
        s.languageId,
        textId,
        i + 1,
        i * 6,
        start,
        text.length,
      );
      start += text.length + 1;
    });
    const form = (lc: string) =>
      Number(
        db
          .prepare('INSERT INTO token_forms (TfLgID, TfTextLC) VALUES (?, ?) ON CONFLICT DO UPDATE SET TfTextLC = excluded.TfTextLC RETURNING TfID')
          .pluck()
          .get(s.languageId, lc),
      );
    const occ = (order: number, lc: string, wordId: number | null) =>
      db
        .prepare('INSERT INTO word_occurrences (Ti2TxID, Ti2Order, Ti2WordCount, Ti2WoID, Ti2TfID) VALUES (?, ?, 1, ?, ?)')
        .run(textId, order, wordId, form(lc));
    occ(1, 'cat', ids.cat);
    occ(5, 'table', ids.table);
    occ(8, 'concatenation', null);
    occ(11, 'cat', ids.cat);
    occ(13, 'felines', null);
  });

  it('returns pairs [bold, braces], matching whole words case-insensitively', async () => {
    const res = await s.client.get(`/api/v1/sentences-with-term?language_id=${s.languageId}&term_lc=cat`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      ['The **cat** sat on the table.', 'The {cat} sat on the table.'],
      ['A concatenation is not a **Cat**.', 'A concatenation is not a {Cat}.'],
    ]);
  });

  it('/{word_id} uses the term', async () => {
    const res = await s.client.get(`/api/v1/sentences-with-term/${ids.cat}?language_id=${s.languageId}`);
    expect(res.body[0]).toEqual(['The **cat** sat on the table.', 'The {cat} sat on the table.']);
    expect((await s.client.get(`/api/v1/sentences-with-term/${ids.table}?language_id=${s.languageId}`)).body).toEqual([
      ['The cat sat on the **table**.', 'The cat sat on the {table}.'],
    ]);
  });

  it('the vocabulary list filters by text (terms occurring in it)', async () => {
    const res = await s.client.get(`/api/v1/terms?text_id=${textId}`);
    expect(res.body.terms.map((t: { WoText: string }) => t.WoText)).toEqual(['cat', 'table']);
  });

  it('a foreign or missing language gets 403', async () => {
    const { languageId } = insertForeignLanguage(s.core, 'Secret');
    expect((await s.client.get(`/api/v1/sentences-with-term?language_id=${languageId}&term_lc=cat`)).status).toBe(403);
    expect((await s.client.get('/api/v1/sentences-with-term?language_id=999999&term_lc=cat')).status).toBe(403);
    expect((await s.client.get(`/api/v1/sentences-with-term/${ids.cat}?language_id=999999`)).status).toBe(403);
  });
});
