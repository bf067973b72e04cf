import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { on } from '../../src-main/core/events';
import { insertForeignLanguage, TEST_NOW } from '../helpers/core';

let foreignTermId: number;
const events: { kind: string; ids: number[] }[] = [];

const s = withServer({ language: { LgName: 'German' }, env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
beforeAll(async () => {
  on(s.core, 'terms.changed', (_ctx, e) => events.push({ kind: e.kind, ids: e.terms.map((t) => t.WoID) }));
  const foreign = insertForeignLanguage(s.core);
  foreignTermId = Number(
    s.core.sqlite
      .prepare(
        "INSERT INTO words (WoLgID, WoUsID, WoText, WoTextLC, WoStatus, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, 'Fremd', 'fremd', 1, 0, 0, 0)",
      )
      .run(foreign.languageId, foreign.userId).lastInsertRowid,
  );
});

const create = async (fields: Record<string, unknown>) => {
  const res = await s.client.post('/api/v1/terms', { WoLgID: s.languageId, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('term CRUD', () => {
  it('creates a term with every field, lemma, tags split on commas and sentence braces', async () => {
    const t = await create({
      WoText: 'Häuser',
      WoLemma: 'Haus',
      WoStatus: 2,
      WoTranslation: '**houses**',
      WoRomanization: 'hoy-zer',
      WoNotes: 'plural',
      WoSentence: 'Die {Häuser} sind alt.',
      TermTags: { TagList: ['noun,plural', 'A1'] },
    });
    expect(t).toMatchObject({
      WoText: 'Häuser',
      WoTextLC: 'häuser',
      WoLemma: 'Haus',
      WoLemmaLC: 'haus',
      WoStatus: 2,
      WoTranslation: '**houses**',
      WoSentence: 'Die {Häuser} sind alt.',
      WoWordCount: 1,
      WoCreated: TEST_NOW,
      WoStatusChanged: TEST_NOW,
    });
    expect(t.TermTags).toEqual(['A1', 'noun', 'plural']);
    expect((await s.client.get(`/api/v1/terms/${t.WoID}`)).body).toEqual(t);
    expect(events.at(-1)).toEqual({ kind: 'created', ids: [t.WoID] });
  });

  it('counts the words of a multi-word term', async () => {
    expect((await create({ WoText: 'ins  Blaue hinein' })).WoWordCount).toBe(3);
  });

  it('refuses a duplicate text (case-insensitive) with 409', async () => {
    const res = await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'HÄUSER' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/already exists/);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = s.core.sqlite.prepare('SELECT count(*) FROM words').pluck().get();
    for (const body of [
      { WoLgID: s.languageId },
      { WoLgID: s.languageId, WoText: '  ' },
      { WoLgID: s.languageId, WoText: 'x', WoStatus: 7 },
      { WoLgID: 'abc', WoText: 'x' },
    ]) {
      const res = await s.client.post('/api/v1/terms', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/Invalid input/);
    }
    expect(s.core.sqlite.prepare('SELECT count(*) FROM words').pluck().get()).toBe(before);
  });

  it("lists only the ids asked for (a tool's guiBrowse page); a malformed list is a 400, a foreign id matches nothing", async () => {
    const a = await create({ WoText: 'Idsapfel' });
    await create({ WoText: 'Idsbirne' });
    const listed = await s.client.get(`/api/v1/terms?ids=${a.WoID},${foreignTermId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.terms.map((t: { WoText: string }) => t.WoText)).toEqual(['Idsapfel']);
    for (const bad of ['abc', '1,,2', '-3']) expect((await s.client.get(`/api/v1/terms?ids=${bad}`)).status, bad).toBe(400);
  });

  it('refuses a 21-character tag as invalid input, and writes nothing', async () => {
    const res = await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'Tagtest', TermTags: { TagList: ['ok,abcdefghijklmnopqrstu'] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Invalid input.*longer than 20/);
    expect((await s.client.get('/api/v1/terms?q=tagtest')).body.total).toBe(0);
    const twenty = await create({ WoText: 'Tagtest', TermTags: { TagList: 'abcdefghijklmnopqrst' } });
    expect(twenty.TermTags).toEqual(['abcdefghijklmnopqrst']);
  });

  it('takes tags from a urlencoded form post (TermTags[TagList][]=a,b)', async () => {
    const res = await s.client.request('POST', '/api/v1/terms', {
      form: { WoLgID: String(s.languageId), WoText: 'Formwort', 'TermTags[TagList][]': ['x,y', 'z'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.TermTags).toEqual(['x', 'y', 'z']);
  });

  it('refuses a foreign or missing language with 404 Language not found', async () => {
    const { languageId } = insertForeignLanguage(s.core, 'Other');
    for (const id of [languageId, 999_999]) {
      const res = await s.client.post('/api/v1/terms', { WoLgID: id, WoText: 'x' });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Language not found');
    }
  });

  it('updates fields, keeps a manual lemma, moves WoStatusChanged only on a status change', async () => {
    // A made-up word: no automatic lemma exists for it, so a cleared lemma stays empty whether or not German's
    // automatic table has finished building in the background.
    const t = await create({ WoText: 'Quabbelbäume', WoLemma: 'Baum' });
    s.core.clock.advance(60_000);
    const upd = await s.client.put(`/api/v1/terms/${t.WoID}`, { WoTranslation: 'trees', TermTags: { TagList: ['b,c'] } });
    expect(upd.body).toMatchObject({ WoTranslation: 'trees', WoLemma: 'Baum', WoStatusChanged: t.WoStatusChanged, WoModified: TEST_NOW + 60_000 });
    expect(upd.body.TermTags).toEqual(['b', 'c']);
    const st = await s.client.put(`/api/v1/terms/${t.WoID}`, { WoStatus: 4 });
    expect(st.body).toMatchObject({ WoStatus: 4, WoStatusChanged: TEST_NOW + 60_000 });
    const relemma = await s.client.put(`/api/v1/terms/${t.WoID}`, { WoLemma: 'BAUM' });
    expect(relemma.body).toMatchObject({ WoLemma: 'BAUM', WoLemmaLC: 'baum' });
    const cleared = await s.client.put(`/api/v1/terms/${t.WoID}`, { WoLemma: '', TermTags: {} });
    expect(cleared.body).toMatchObject({ WoLemma: null, WoLemmaLC: null, TermTags: [] });
    expect(events.at(-1)!.kind).toBe('updated');
  });

  it('refuses renaming onto another term', async () => {
    const t = await create({ WoText: 'Auto' });
    expect((await s.client.put(`/api/v1/terms/${t.WoID}`, { WoText: 'häuser' })).status).toBe(409);
    expect((await s.client.put(`/api/v1/terms/${t.WoID}`, { WoText: 'Autos' })).body).toMatchObject({ WoText: 'Autos', WoTextLC: 'autos' });
  });

  it('deletes a term', async () => {
    const t = await create({ WoText: 'Weg' });
    expect((await s.client.delete(`/api/v1/terms/${t.WoID}`)).body).toEqual({ success: true, deleted: 1 });
    expect((await s.client.get(`/api/v1/terms/${t.WoID}`)).status).toBe(404);
    expect(events.at(-1)).toEqual({ kind: 'deleted', ids: [t.WoID] });
  });

  it('treats a foreign term exactly like a missing one', async () => {
    for (const res of [
      await s.client.get(`/api/v1/terms/${foreignTermId}`),
      await s.client.put(`/api/v1/terms/${foreignTermId}`, { WoTranslation: 'mine' }),
      await s.client.delete(`/api/v1/terms/${foreignTermId}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Term not found');
    }
    expect((await s.client.get('/api/v1/terms?per_page=500')).body.terms.some((t: { WoID: number }) => t.WoID === foreignTermId)).toBe(false);
  });
});

describe('bulk actions', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const w of ['Eins', 'Zwei', 'Drei']) ids.push((await create({ WoText: w, WoSentence: `{${w}} hier` })).WoID);
  });

  it("count echoes the number of ids sent, and only the caller's terms are touched", async () => {
    const res = await s.client.put('/api/v1/terms/bulk-action', { ids: [...ids, foreignTermId, 987654], action: 's99' });
    expect(res.body).toEqual({ success: true, count: 5 });
    for (const id of ids) expect((await s.client.get(`/api/v1/terms/${id}`)).body.WoStatus).toBe(99);
    expect(s.core.sqlite.prepare('SELECT WoStatus FROM words WHERE WoID = ?').pluck().get(foreignTermId)).toBe(1);
  });

  it('bulk-status, s1-s5 and s98 set statuses; bulk-status needs a status', async () => {
    expect((await s.client.put('/api/v1/terms/bulk-action', { ids, action: 'bulk-status', status: 3 })).body.count).toBe(3);
    expect((await s.client.get(`/api/v1/terms/${ids[0]}`)).body.WoStatus).toBe(3);
    await s.client.put('/api/v1/terms/bulk-action', { ids: [ids[0]], action: 's98' });
    expect((await s.client.get(`/api/v1/terms/${ids[0]}`)).body.WoStatus).toBe(98);
    await s.client.put('/api/v1/terms/bulk-action', { ids: [ids[0]], action: 's5' });
    expect((await s.client.get(`/api/v1/terms/${ids[0]}`)).body.WoStatus).toBe(5);
    expect((await s.client.put('/api/v1/terms/bulk-action', { ids, action: 'bulk-status' })).status).toBe(400);
    expect((await s.client.put('/api/v1/terms/bulk-action', { ids, action: 'explode' })).status).toBe(400);
  });

  it('lower, today, delsent, addtag, deltag', async () => {
    s.core.clock.advance(3_600_000);
    await s.client.put('/api/v1/terms/bulk-action', { ids, action: 'lower' });
    await s.client.put('/api/v1/terms/bulk-action', { ids, action: 'today' });
    await s.client.put('/api/v1/terms/bulk-action', { ids, action: 'delsent' });
    await s.client.put('/api/v1/terms/bulk-action', { ids, action: 'addtag', tag: 'bulk,zahl' });
    await s.client.put('/api/v1/terms/bulk-action', { ids: [ids[0]], action: 'deltag', tag: 'zahl' });
    const a = (await s.client.get(`/api/v1/terms/${ids[0]}`)).body;
    const b = (await s.client.get(`/api/v1/terms/${ids[1]}`)).body;
    expect(a).toMatchObject({ WoText: 'eins', WoSentence: '', WoStatusChanged: s.core.clock.now(), TermTags: ['bulk'] });
    expect(b.TermTags).toEqual(['bulk', 'zahl']);
    expect((await s.client.put('/api/v1/terms/bulk-action', { ids, action: 'addtag', tag: 'abcdefghijklmnopqrstu' })).status).toBe(400);
  });

  it('del deletes only owned terms', async () => {
    const res = await s.client.put('/api/v1/terms/bulk-action', { ids: [ids[2], foreignTermId], action: 'del' });
    expect(res.body).toEqual({ success: true, count: 2 });
    expect((await s.client.get(`/api/v1/terms/${ids[2]}`)).status).toBe(404);
    expect(s.core.sqlite.prepare('SELECT count(*) FROM words WHERE WoID = ?').pluck().get(foreignTermId)).toBe(1);
  });
});

describe('vocabulary list and export', () => {
  let other: number;
  beforeAll(async () => {
    other = (await s.client.post('/api/v1/languages', { LgName: 'French' })).body.LgID;
    await s.client.post('/api/v1/terms', { WoLgID: other, WoText: 'maison', WoTranslation: 'house', WoStatus: 5 });
  });

  it('filters by language, status, tag and search; sorts and pages', async () => {
    const fr = (await s.client.get(`/api/v1/terms?language_id=${other}`)).body;
    expect(fr.terms.map((t: { WoText: string }) => t.WoText)).toEqual(['maison']);
    const de = (await s.client.get(`/api/v1/terms?language_id=${s.languageId}&sort=text&per_page=2&page=2`)).body;
    expect(de.per_page).toBe(2);
    expect(de.page).toBe(2);
    expect(de.terms).toHaveLength(2);
    expect(de.pages).toBe(Math.ceil(de.total / 2));
    const known = (await s.client.get('/api/v1/terms?status=known')).body.terms;
    expect(known.every((t: { WoStatus: number }) => [5, 99].includes(t.WoStatus))).toBe(true);
    const two = (await s.client.get('/api/v1/terms?status=2,4')).body.terms.map((t: { WoText: string }) => t.WoText);
    expect(two).toContain('Häuser');
    const tags = (await s.client.get('/api/v1/tags')).body as { TgID: number; TgText: string }[];
    const noun = tags.find((t) => t.TgText === 'noun')!;
    expect((await s.client.get(`/api/v1/terms?tag_id=${noun.TgID}`)).body.terms.map((t: { WoText: string }) => t.WoText)).toEqual(['Häuser']);
    expect((await s.client.get('/api/v1/terms?q=HOUSE')).body.terms.map((t: { WoText: string }) => t.WoText).sort()).toEqual(['Häuser', 'maison']);
    const desc = (await s.client.get(`/api/v1/terms?language_id=${s.languageId}&sort=text_desc&per_page=500`)).body.terms.map(
      (t: { WoTextLC: string }) => t.WoTextLC,
    );
    expect(desc).toEqual([...desc].sort().reverse());
    expect((await s.client.get('/api/v1/terms?status=banana')).status).toBe(400);
    expect((await s.client.get('/api/v1/terms?language_id=999999')).status).toBe(404);
  });

  it('exports the filtered list as CSV and TSV that the importer reads back', async () => {
    const csv = await s.client.get(`/api/v1/terms/export?language_id=${s.languageId}&q=häuser`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/lectio-terms-2026-03-15\.csv/);
    expect(csv.text).toBe(
      'term,translation,romanization,sentence,notes,tags,status,lemma\nHäuser,**houses**,hoy-zer,Die {Häuser} sind alt.,plural,"A1,noun,plural",2,Haus\n',
    );
    const tsv = await s.client.get(`/api/v1/terms/export?language_id=${other}&format=tsv`);
    expect(tsv.text).toBe('term\ttranslation\tromanization\tsentence\tnotes\ttags\tstatus\tlemma\nmaison\thouse\t\t\t\t\t5\t\n');
  });
});

describe('similar terms endpoint', () => {
  it('suggests by spelling and by stored lemma, leaving out the edited term', async () => {
    const haus = await create({ WoText: 'Haus', WoLemma: 'Haus', WoStatus: 5 });
    await create({ WoText: 'Hausaufgabe' });
    const res = await s.client.get(`/api/v1/terms/similar?language_id=${s.languageId}&term=Haus&exclude_id=${haus.WoID}`);
    expect(res.status).toBe(200);
    const names = res.body.terms.map((t: { WoText: string }) => t.WoText);
    expect(names[0]).toBe('Häuser'); // same lemma, though spelled differently
    expect(res.body.terms[0].reason).toBe('lemma');
    expect(names).toContain('Hausaufgabe');
    expect(names).not.toContain('Haus');
    expect(res.body.lemma).toBe('haus'); // the stored lemma the same-lemma rule used
    // A term created after the index was built shows up at once.
    await create({ WoText: 'Hausschuh' });
    expect((await s.client.get(`/api/v1/terms/similar?language_id=${s.languageId}&term=Haus`)).body.terms.map((t: { WoText: string }) => t.WoText)).toContain(
      'Hausschuh',
    );
    expect((await s.client.get(`/api/v1/terms/similar?language_id=${s.languageId}&term=Haus&exclude_id=${foreignTermId}`)).status).toBe(404);
  });

  it("an unsaved term reports the local dictionary's lemma (the editor shows its word family from it)", async () => {
    const file = path.join(s.core.dataDir, 'lemma-dictionaries', 'de_lemmas.tsv');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'ging\tgehen\n');
    await create({ WoText: 'gehen', WoLemma: 'gehen' });
    const res = (await s.client.get(`/api/v1/terms/similar?language_id=${s.languageId}&term=ging`)).body;
    expect(res.lemma).toBe('gehen');
    expect(res.terms[0]).toMatchObject({ WoText: 'gehen', reason: 'lemma' });
    expect((await s.client.get(`/api/v1/terms/similar?language_id=${s.languageId}&term=xyzzy`)).body.lemma).toBeNull();
  });
});

describe('text filter of the vocabulary list', () => {
  it('lists only the terms that occur in the text; a foreign text lists nothing', async () => {
    const fr = (await s.client.post('/api/v1/languages', { LgName: 'Dutch' })).body.LgID;
    const boom = await s.client.post('/api/v1/terms', { WoLgID: fr, WoText: 'boom', WoStatus: 2 });
    await s.client.post('/api/v1/terms', { WoLgID: fr, WoText: 'fiets' });
    const text = await s.client.post('/api/v1/texts', { TxLgID: fr, TxTitle: 'Bomen', TxText: 'De boom is groot. Een boom!' });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    const words = (q: string) => s.client.get(`/api/v1/terms?${q}`).then((r) => r.body.terms.map((t: { WoText: string }) => t.WoText));
    expect(await words(`text_id=${text.body.TxID}`)).toEqual(['boom']);
    expect(await words(`text_id=${text.body.TxID}&status=2&language_id=${fr}`)).toEqual(['boom']);
    expect(await words(`text_id=${text.body.TxID}&status=1`)).toEqual([]);
    // A term created after the text was read is found in it too.
    await s.client.post('/api/v1/terms', { WoLgID: fr, WoText: 'groot' });
    expect(await words(`text_id=${text.body.TxID}`)).toEqual(['boom', 'groot']);
    const foreign = insertForeignLanguage(s.core);
    const foreignText = Number(
      s.core.sqlite
        .prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, 'x', 'boom', 0, 0)")
        .run(foreign.languageId, foreign.userId).lastInsertRowid,
    );
    expect(await words(`text_id=${foreignText}`)).toEqual([]);
    expect(boom.body.WoWordCount).toBe(1);
  });
});

describe('word count with the reading tokenizer', () => {
  it("Japanese: a term typed solid counts kuromoji's words, and the reader finds it as one multi-word term", async () => {
    const ja = (await s.client.post('/api/v1/languages', { LgName: 'Japanese' })).body;
    expect(ja).toMatchObject({ LgParserType: 'morphological', LgRemoveSpaces: true });
    // The stand-in dictionary segmentation cuts 食べさせられた into 7 pieces; kuromoji into 食べ|させ|られ|た.
    const eaten = await s.client.post('/api/v1/terms', { WoLgID: ja.LgID, WoText: '食べさせられた' });
    expect(eaten.status, JSON.stringify(eaten.body)).toBe(200);
    expect(eaten.body.WoWordCount).toBe(4);
    expect((await create({ WoLgID: ja.LgID, WoText: '北風と太陽' })).WoWordCount).toBe(3);
    expect((await create({ WoLgID: ja.LgID, WoText: '太陽' })).WoWordCount).toBe(1);
    // Renaming recounts.
    const renamed = await s.client.put(`/api/v1/terms/${eaten.body.WoID}`, { WoText: 'すもももももももものうち' });
    expect(renamed.body.WoWordCount).toBe(7); // すもも|も|もも|も|もも|の|うち
    await s.client.put(`/api/v1/terms/${eaten.body.WoID}`, { WoText: '食べさせられた' });

    const text = await s.client.post('/api/v1/texts', { TxLgID: ja.LgID, TxTitle: '北風', TxText: '北風と太陽が話した。旅人は食べさせられた。' });
    const items = (await s.client.get(`/api/v1/texts/${text.body.TxID}/words`)).body.items as { text: string; Ti2WordCount: number }[];
    expect(items.find((i) => i.text === '食べさせられた')?.Ti2WordCount).toBe(4);
    expect(items.find((i) => i.text === '北風と太陽')?.Ti2WordCount).toBe(3);
  });

  it('import counts the same way', async () => {
    const ja = (await s.client.get('/api/v1/languages')).body.find((l: { LgName: string }) => l.LgName === 'Japanese').LgID;
    const res = await s.client.post('/api/v1/terms/import', {
      language_id: ja,
      text: 'term\ttranslation\n脱がせる\tto take off (someone)\n',
      duplicates: 'skip',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const t = (await s.client.get(`/api/v1/terms?language_id=${ja}&q=脱がせる`)).body.terms[0];
    expect(t.WoWordCount).toBe(2); // 脱が|せる (the stand-in keeps it whole)
  });
});
