// Reader API: reading items with data_hex and statuses, quick terms recolouring every occurrence,
// multi-word terms (spaced and unspaced scripts), mark-all, Japanese and Chinese fixtures, legacy routes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { fixture, hasFixtures, insertForeignLanguage } from '../helpers/core';
import type { ReaderView, ReadingItem } from '../../src-shared/contract/reader';
import { ReaderText } from '../../src-shared/text/reader-text';

const s = withServer({ language: { LgName: 'German' } });

const sha = (x: string) => createHash('sha256').update(x, 'utf8').digest('hex');
const items = async (id: number): Promise<ReadingItem[]> => (await s.client.get(`/api/v1/texts/${id}/words`)).body.items;
const words = (list: ReadingItem[], lc: string) => list.filter((i) => i.Ti2WordCount === 1 && i.text.toLowerCase() === lc);
const readerItems = async (id: number): Promise<{ view: ReaderView; model: ReaderText; items: ReadingItem[] }> => {
  const view = (await s.client.get(`/api/v1/texts/${id}/reader`)).body as ReaderView;
  const model = new ReaderText(view);
  return { view, model, items: Array.from({ length: model.length }, (_, i) => model.item(i)) };
};
const newText = async (text: string, lg = s.languageId) =>
  (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: 't', TxText: text })).body.TxID as number;

describe('reading items', () => {
  it('every token in order, words with data_hex = sha256(lowercased word), unknown status 0', async () => {
    const id = await newText('Der Esel. Ein esel!');
    const list = await items(id);
    expect(list.map((i) => i.text).join('')).toBe('Der Esel. Ein esel!');
    const esel = words(list, 'esel');
    expect(esel).toHaveLength(2);
    for (const e of esel) expect(e).toMatchObject({ hex: sha('esel'), status: 0, Ti2WoID: null, Ti2WordCount: 1 });
    expect(list.find((i) => i.text === '. ')).toBeUndefined();
    expect(list.filter((i) => i.kind === 'punct').map((i) => i.hex)).toEqual(['', '']);
  });

  it('a foreign text is not found', async () => {
    const { userId, languageId } = insertForeignLanguage(s.core);
    const foreign = Number(
      s.core.sqlite.prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, 'x', 'y', 0, 0)").run(languageId, userId)
        .lastInsertRowid,
    );
    expect((await s.client.get(`/api/v1/texts/${foreign}/words`)).status).toBe(404);
    expect((await s.client.get(`/api/v1/texts/${foreign}/reader`)).status).toBe(404);
    expect((await s.client.post(`/api/v1/texts/${foreign}/mark-all-known`)).status).toBe(404);
    expect((await s.client.post('/api/v1/terms/quick', { WoLgID: languageId, WoText: 'x' })).status).toBe(404);
  });
});

describe('the reader payload (columns)', () => {
  it('reads back as exactly the items of GET /words: words, multi-word occurrences, statuses, sentences', async () => {
    const text = 'Der Fuchs läuft. Der FUCHS schläft, einen Dachs sah er.\r\n\r\nEin Dachs mit 3.14 Zahlen: „einen Dachs sah er“ nicht.';
    const id = await newText(text);
    const fox = (await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Fuchs', WoStatus: 3, WoTranslation: 'fox' })).body.WoID;
    await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'sah', WoStatus: 99 });
    await s.client.post('/api/v1/terms/multi', { WoLgID: s.languageId, WoText: 'einen Dachs', WoStatus: 2 });
    await s.client.post('/api/v1/terms/multi', { WoLgID: s.languageId, WoText: 'Dachs sah er', WoStatus: 4, WoRomanization: 'daks' });
    const { view, model, items: fromColumns } = await readerItems(id);
    const fromWords = await items(id);
    expect(fromColumns).toEqual(fromWords);
    expect(fromColumns.filter((i) => i.Ti2WordCount > 1).map((i) => i.text)).toEqual(['einen Dachs', 'Dachs sah er', 'einen Dachs', 'Dachs sah er']);
    // Each distinct form once, with its data_hex; only terms with something to show carry a hint.
    expect(view.forms.hex).toHaveLength(new Set(fromWords.filter((i) => i.Ti2WordCount === 1).map((i) => i.hex)).size);
    expect(view.terms.id.sort()).toEqual([fox, fromColumns.find((i) => i.text === 'Dachs sah er')!.Ti2WoID].sort());
    expect(model.sentenceText(fromColumns.findIndex((i) => i.text === 'Zahlen'))).toBe('Ein Dachs mit 3.14 Zahlen: „einen Dachs sah er“ nicht.');
  });
});

describe('quick terms', () => {
  it('saving a word with status 2 updates every occurrence in every text of the language; deleting unlinks', async () => {
    const a = await newText('Der Hund bellt. Der HUND schläft.');
    const b = await newText('Mein Hund.');
    const saved = await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Hund', WoTranslation: 'dog', WoStatus: 2 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ created: true, WoText: 'Hund', WoStatus: 2, WoTranslation: 'dog' });
    const id = saved.body.WoID;
    for (const t of [a, b]) for (const w of words(await items(t), 'hund')) expect(w).toMatchObject({ Ti2WoID: id, status: 2 });
    expect(words(await items(a), 'hund')).toHaveLength(2);

    const again = await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'hund', WoStatus: 3, WoRomanization: 'hʊnt' });
    expect(again.body).toMatchObject({ created: false, WoID: id, WoStatus: 3, WoTranslation: 'dog', WoRomanization: 'hʊnt' });
    const { view, model, items: viewItems } = await readerItems(a);
    expect(model.hint(id)).toEqual({ translation: 'dog', romanization: 'hʊnt' });
    for (const w of words(viewItems, 'hund')) expect(w).toMatchObject({ Ti2WoID: id, status: 3 });
    expect(view.language).toMatchObject({ LgName: 'German', LgRightToLeft: false });

    const term = await s.client.get(`/api/v1/terms/${id}`);
    expect(term.body).toHaveProperty('WoLemma');
    expect(term.body).toHaveProperty('WoLemmaLC');

    expect((await s.client.delete(`/api/v1/terms/${id}`)).status).toBe(200);
    for (const w of words(await items(a), 'hund')) expect(w).toMatchObject({ Ti2WoID: null, status: 0 });
    const stale = s.core.sqlite.prepare('SELECT count(*) n FROM word_occurrences WHERE Ti2WoID = ?').get(id) as { n: number };
    expect(stale.n).toBe(0);
  });

  it('a text added after the term picks it up', async () => {
    await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Katze', WoStatus: 5 });
    const id = await newText('Die Katze.');
    expect(words(await items(id), 'katze')[0].status).toBe(5);
  });

  it('refuses bad input', async () => {
    expect((await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: '' })).status).toBe(400);
    expect((await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'x', WoStatus: 7 })).status).toBe(400);
  });
});

describe('multi-word terms', () => {
  it('creating finds every occurrence (Ti2WordCount 2, overlapping the words), renaming and deleting update them', async () => {
    const a = await newText('Er ging nach Hause. Dann ging er nach  Hause, spät. Nach, Hause nicht.');
    const res = await s.client.post('/api/v1/terms/multi', { WoLgID: s.languageId, WoText: 'nach Hause', WoTranslation: 'home', WoStatus: 1 });
    expect(res.status).toBe(200);
    expect(res.body.occurrences).toBe(2);
    const list = await items(a);
    const multi = list.filter((i) => i.Ti2WordCount === 2);
    // Whitespace runs read as one space (issue 33), so the second occurrence shows one.
    expect(multi.map((m) => m.text)).toEqual(['nach Hause', 'nach Hause']);
    for (const m of multi) expect(m).toMatchObject({ hex: sha('nach hause'), status: 1, Ti2WoID: res.body.WoID });
    // The single words stay, each with its own item before the multi-word one.
    const first = list.indexOf(multi[0]);
    expect(list[first - 1]).toMatchObject({ text: 'nach', Ti2WordCount: 1, Ti2Order: multi[0].Ti2Order });

    const later = await newText('Komm nach Hause.');
    expect((await items(later)).filter((i) => i.Ti2WordCount === 2)).toHaveLength(1);

    const renamed = await s.client.put(`/api/v1/terms/multi/${res.body.WoID}`, { WoText: 'ging nach' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.occurrences).toBe(1);
    expect((await items(a)).filter((i) => i.Ti2WordCount === 2).map((i) => i.text)).toEqual(['ging nach']);

    await s.client.delete(`/api/v1/terms/${res.body.WoID}`);
    expect((await items(a)).filter((i) => i.Ti2WordCount > 1)).toHaveLength(0);
  });

  it('refuses a single word or punctuation at an end, writes nothing', async () => {
    const one = await s.client.post('/api/v1/terms/multi', { WoLgID: s.languageId, WoText: 'Haus' });
    expect(one.status).toBe(400);
    expect(one.body.error).toMatch(/two or more words/);
    expect((await s.client.post('/api/v1/terms/multi', { WoLgID: s.languageId, WoText: 'nach Hause,' })).status).toBe(400);
    expect(s.core.sqlite.prepare("SELECT count(*) n FROM words WHERE WoTextLC IN ('haus', 'nach hause,')").get()).toEqual({ n: 0 });
  });

  it('match across the punctuation or number inside them, through /terms/multi and /terms alike (issue 33)', async () => {
    const a = await newText('Nach, Hause nicht. Er ging nach Hause. Nach; Hause.');
    const res = await s.client.post('/api/v1/terms/multi', { WoLgID: s.languageId, WoText: 'nach, Hause', WoStatus: 2 });
    expect(res.status).toBe(200);
    // Found in this text (not "Nach; Hause") and in the first test's text.
    expect(res.body.occurrences).toBe(2);
    expect((await items(a)).filter((i) => i.Ti2WordCount === 2).map((i) => i.text)).toEqual(['Nach, Hause']);
    const plain = await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'hat 1234 Bücher', WoStatus: 1 });
    expect(plain.status).toBe(200);
    const b = await newText('Sie hat 1234 Bücher gelesen. Er hat 12 Bücher.');
    expect((await items(b)).filter((i) => i.Ti2WordCount === 2).map((i) => i.text)).toEqual(['hat 1234 Bücher']);
    // A term that could never show is refused with the reason, not stored dead.
    const dead = await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: '(Hause' });
    expect(dead.status).toBe(400);
    expect(dead.body.error).toMatch(/would never show in a text/);
    expect(s.core.sqlite.prepare("SELECT count(*) n FROM words WHERE WoTextLC = '(hause'").get()).toEqual({ n: 0 });
  });
});

describe('foreign key from occurrences to terms', () => {
  const fkCheck = () => s.core.sqlite.prepare('PRAGMA foreign_key_check').all();
  const ofText = (tx: number, where: string) => s.core.sqlite.prepare(`SELECT Ti2WoID FROM word_occurrences WHERE Ti2TxID = ? AND ${where}`).pluck().all(tx);

  it('Ti2WoID references words ON DELETE SET NULL, through a partial index of linked rows only', () => {
    const fk = (s.core.sqlite.prepare('PRAGMA foreign_key_list(word_occurrences)').all() as { table: string; from: string; on_delete: string }[]).find(
      (f) => f.table === 'words',
    );
    expect(fk).toMatchObject({ from: 'Ti2WoID', on_delete: 'SET NULL' });
    const index = s.core.sqlite.prepare("SELECT sql FROM sqlite_master WHERE name = 'word_occurrences_term'").pluck().get() as string;
    expect(index).toMatch(/\(`Ti2WoID`\) WHERE "Ti2WoID" IS NOT NULL/);
  });

  it('deleting a term through the API leaves NULL (not 0) in its occurrences; foreign_key_check stays clean', async () => {
    const tx = await newText('Der Vogel singt. Ein Vogel fliegt über den Fluss.');
    expect(fkCheck()).toEqual([]);
    const bird = (await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Vogel', WoStatus: 2 })).body.WoID as number;
    const phrase = (await s.client.post('/api/v1/terms/multi', { WoLgID: s.languageId, WoText: 'den Fluss', WoStatus: 1 })).body.WoID as number;
    expect(ofText(tx, "Ti2TfID = (SELECT TfID FROM token_forms WHERE TfTextLC = 'vogel')")).toEqual([bird, bird]);
    expect(ofText(tx, 'Ti2WordCount = 2')).toEqual([phrase]);
    expect(fkCheck()).toEqual([]);

    expect((await s.client.delete(`/api/v1/terms/${bird}`)).status).toBe(200);
    expect((await s.client.delete(`/api/v1/terms/${phrase}`)).status).toBe(200);
    expect(ofText(tx, "Ti2TfID = (SELECT TfID FROM token_forms WHERE TfTextLC = 'vogel')")).toEqual([null, null]);
    expect(ofText(tx, 'Ti2WordCount > 1')).toEqual([]);
    expect(ofText(tx, 'Ti2WoID = 0')).toEqual([]);
    expect(fkCheck()).toEqual([]);
  });

  it('a term deleted without terms.changed (a bare DELETE) is unlinked by the key itself', async () => {
    const tx = await newText('Die Maus schläft.');
    const mouse = (await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Maus', WoStatus: 3 })).body.WoID as number;
    expect(ofText(tx, 'Ti2WoID IS NOT NULL')).toEqual([mouse]);
    s.core.sqlite.prepare('DELETE FROM words WHERE WoID = ?').run(mouse);
    expect(ofText(tx, 'Ti2WoID IS NOT NULL')).toEqual([]);
    expect(fkCheck()).toEqual([]);
  });
});

describe('mark all', () => {
  it('mark-all-known creates terms with 99 for unknown words only; mark-all-ignored uses 98', async () => {
    await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Vogel', WoStatus: 2 });
    const id = await newText('Der Vogel singt laut. Der Vogel fliegt.');
    const res = await s.client.post(`/api/v1/texts/${id}/mark-all-known`);
    expect(res.body).toEqual({ success: true, created: 4, status: 99 });
    const list = await items(id);
    expect(words(list, 'vogel')[0].status).toBe(2);
    expect(words(list, 'singt')[0].status).toBe(99);
    expect(list.filter((i) => i.Ti2WordCount === 1 && i.status === 0)).toHaveLength(0);
    const other = await newText('Neue Wörter hier.');
    expect((await s.client.post(`/api/v1/texts/${other}/mark-all-ignored`)).body.created).toBe(3);
    expect(words(await items(other), 'hier')[0].status).toBe(98);
  });
});

describe.skipIf(!hasFixtures)('scripts without spaces (fixtures)', () => {
  const body = (name: string) => fs.readFileSync(fixture('texts', name), 'utf8').replace(/^(#.*\n)+/, '');

  it('Japanese: kuromoji splits the fixture into words with readings; a multi-word term is found', async () => {
    const ja = (await s.client.post('/api/v1/languages', { LgName: 'Japanese' })).body.LgID;
    const id = await newText(body('ja_kitakaze_to_taiyou_lute.txt'), ja);
    const list = await items(id);
    const w = list.filter((i) => i.Ti2WordCount === 1).map((i) => i.text);
    expect(w.slice(0, 3)).toEqual(['北風', 'と', '太陽']);
    expect(list.find((i) => i.text === '太陽')?.reading).toBe('タイヨウ');
    expect(list.some((i) => i.text === '。' && i.Ti2WordCount === 0)).toBe(true);
    const multi = await s.client.post('/api/v1/terms/multi', { WoLgID: ja, WoText: '北風と太陽' });
    expect(multi.status).toBe(200);
    expect(multi.body.occurrences).toBeGreaterThanOrEqual(2);
    expect((await items(id)).filter((i) => i.Ti2WordCount === 3)[0]).toMatchObject({ text: '北風と太陽', hex: sha('北風と太陽') });
    // The reader payload carries the readings too.
    expect((await readerItems(id)).items).toEqual(await items(id));
  });

  it('Chinese: words, not characters (issue 46); a saved multi-character term counts as one', async () => {
    const zh = (await s.client.post('/api/v1/languages', { LgName: 'Chinese (Simplified)' })).body.LgID;
    const id = await newText(body('zh_luxun_guxiang_lute.txt'), zh);
    const list = await items(id);
    const w = list.filter((i) => i.Ti2WordCount === 1);
    const long = w.filter((i) => [...i.text].length > 1);
    expect(long.length).toBeGreaterThan(w.length / 5);
    expect(w.map((i) => i.text)).toContain('故乡');
    // Each word carries its pinyin (the reader shows it as ruby and in the word panel).
    expect(w.find((i) => i.text === '故乡')?.reading).toBe('gù xiāng');

    // A term the segmenter cuts in two (乒乓/球) is one item where it stands, and keeps its two words' count.
    const t2 = await newText('乒乓球拍卖完了。我喜欢乒乓球。', zh);
    expect((await items(t2)).filter((i) => i.Ti2WordCount === 1).map((i) => i.text)).toEqual(['乒乓', '球', '拍卖', '完', '了', '我', '喜欢', '乒乓', '球']);
    const multi = await s.client.post('/api/v1/terms/multi', { WoLgID: zh, WoText: '乒乓球' });
    expect(multi.status).toBe(200);
    expect(multi.body.occurrences).toBe(2);
    const shown = (await items(t2)).filter((i) => i.text === '乒乓球');
    expect(shown.map((i) => i.Ti2WordCount)).toEqual([2, 2]);
    // A term that is one word of the segmenter's is one word (count 1), coloured wherever it stands.
    const word = await s.client.post('/api/v1/terms/quick', { WoLgID: zh, WoText: '拍卖', WoStatus: 3 });
    expect(word.status).toBe(200);
    expect((await items(t2)).find((i) => i.text === '拍卖')).toMatchObject({ Ti2WordCount: 1, status: 3 });
  });

  it('Cantonese: words with jyutping readings', async () => {
    const yue = (await s.client.post('/api/v1/languages', { LgName: 'Cantonese' })).body.LgID;
    const id = await newText('佢今日好開心。', yue);
    const words = (await items(id)).filter((i) => i.Ti2WordCount === 1);
    expect(words.map((i) => [i.text, i.reading])).toEqual([
      ['佢', 'keoi5'],
      ['今日', 'gam1 jat6'],
      ['好', 'hou2'],
      ['開心', 'hoi1 sam1'],
    ]);
  });

  it('Chinese saved with "split each character" (before issue 46) keeps one word a character', async () => {
    const zh = (await s.client.post('/api/v1/languages', { LgName: 'Chinese (Traditional)', LgSplitEachChar: true })).body.LgID;
    const id = await newText('乒乓球拍卖完了。', zh);
    expect((await items(id)).filter((i) => i.Ti2WordCount === 1).map((i) => i.text)).toEqual([...'乒乓球拍卖完了']);
  });
});

describe('deprecated term routes', () => {
  it('/word/show answers as GET /api/v1/terms/{id}; /vocabulary/term/status sets a status', async () => {
    const t = (await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Baum' })).body;
    const show = await s.client.get(`/word/show?wid=${t.WoID}`);
    expect(show.status).toBe(200);
    expect(show.body.WoText).toBe('Baum');
    expect(show.headers.get('deprecation')).toBeTruthy();
    const st = await s.client.request('POST', `/vocabulary/term/status?wid=${t.WoID}&status=5`);
    expect(st.status).toBe(200);
    expect(st.body.WoStatus).toBe(5);
    expect(st.headers.get('sunset')).toBeTruthy();
    expect((await s.client.get('/word/show?wid=999999')).status).toBe(404);
    const nw = await s.client.get('/word/new?text=3&lang=1');
    expect(nw.headers.get('location')).toBe('/word/edit-term?text=3&lang=1');
  });
});
