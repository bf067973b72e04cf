// Issue 46, corrections: in the reader a learner joins neighbours or splits a word of a language the app segments;
// the open text is parsed again at once, the language's other texts follow through the texts.parse job (a text at
// a time, the server answering meanwhile), the list and Remove are the language's, saved terms and corrections
// agree, a backup carries them, and another account's corrections behave as missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadingItem } from '../../src-shared/contract/reader';
import type { WordCorrectionDto } from '../../src-shared/contract/languages';
import { startTestServer, type TestServer } from '../helpers/core';
import { downloadBackup } from '../helpers/backup';
import { signedIn, startMultiUser } from '../helpers/accounts';

let s: TestServer;
let zh: number;
beforeAll(async () => {
  s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true' } });
  zh = (await s.client.post('/api/v1/languages', { LgName: 'Chinese (Simplified)' })).body.LgID;
}, 60_000);
afterAll(async () => s?.close());

const newText = async (text: string, lg = zh): Promise<number> =>
  (await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: `t ${Math.random()}`, TxText: text })).body.TxID;
const words = async (id: number): Promise<string[]> =>
  ((await s.client.get(`/api/v1/texts/${id}/words`)).body.items as ReadingItem[]).filter((i) => i.Ti2WordCount === 1).map((i) => i.text);
/** The words stored for a text (its occurrence rows), in order: what lists, counts and statistics read. */
const storedWords = (id: number): string[] =>
  (
    s.core.sqlite
      .prepare(
        'SELECT f.TfTextLC AS w FROM word_occurrences o JOIN token_forms f ON f.TfID = o.Ti2TfID WHERE o.Ti2TxID = ? AND o.Ti2WordCount = 1 ORDER BY o.Ti2Order',
      )
      .all(id) as { w: string }[]
  ).map((r) => r.w);
const needsParse = (id: number) => (s.core.sqlite.prepare('SELECT TxNeedsParse AS n FROM texts WHERE TxID = ?').get(id) as { n: number }).n;
const correct = (id: number, parts: string[]) => s.client.post(`/api/v1/texts/${id}/word-corrections`, { parts });
const list = async (lg = zh): Promise<WordCorrectionDto[]> => (await s.client.get(`/api/v1/languages/${lg}/word-corrections`)).body.corrections;
const idle = () => s.core.services.jobs!.idle();

describe('corrections in the reader', { timeout: 60_000 }, () => {
  it('join and split: the open text at once, a second text through the job, a new text from the start; Remove undoes', async () => {
    const open = await newText('乒乓球拍卖完了。我喜欢乒乓球。');
    const other = await newText('他也喜欢乒乓球。');
    await idle();
    expect(await words(open)).toEqual(['乒乓', '球', '拍卖', '完', '了', '我', '喜欢', '乒乓', '球']);

    const joined = await correct(open, ['乒乓球']);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.correction).toMatchObject({ WcLgID: zh, WcText: '乒乓球', parts: ['乒乓球'] });
    // Parsed before the answer: stored rows and the reader agree, with no job run yet.
    expect(needsParse(open)).toBe(0);
    expect(storedWords(open)).toEqual(['乒乓球', '拍卖', '完', '了', '我', '喜欢', '乒乓球']);
    expect(needsParse(other)).toBe(1);
    const split = await correct(open, ['喜', '欢']);
    expect(split.status, split.text).toBe(200);
    expect(await words(open)).toEqual(['乒乓球', '拍卖', '完', '了', '我', '喜', '欢', '乒乓球']);

    await idle();
    expect(needsParse(other)).toBe(0);
    expect(storedWords(other)).toEqual(['他', '也', '喜', '欢', '乒乓球']);
    expect(await words(await newText('乒乓球，喜欢。'))).toEqual(['乒乓球', '喜', '欢']);
    // An edited text is parsed again with them.
    expect((await s.client.put(`/api/v1/texts/${other}`, { TxText: '他也喜欢乒乓球。我们喜欢。' })).status).toBe(200);
    await idle();
    expect(storedWords(other)).toEqual(['他', '也', '喜', '欢', '乒乓球', '我们', '喜', '欢']);

    const corrections = await list();
    expect(corrections.map((c) => [c.WcText, c.parts])).toEqual([
      ['乒乓球', ['乒乓球']],
      ['喜欢', ['喜', '欢']],
    ]);
    const removed = await s.client.delete(`/api/v1/languages/${zh}/word-corrections/${corrections[1].WcID}`);
    expect(removed.status, removed.text).toBe(200);
    await idle();
    expect(storedWords(other)).toEqual(['他', '也', '喜欢', '乒乓球', '我们', '喜欢']);
    expect(await words(open)).toEqual(['乒乓球', '拍卖', '完', '了', '我', '喜欢', '乒乓球']);
    // A language setting changed later keeps the corrections (they are not a setting of the form).
    expect((await s.client.put(`/api/v1/languages/${zh}`, { LgRegexpSplitSentences: '。！？!?' })).status).toBe(200);
    await idle();
    expect(storedWords(other)).toEqual(['他', '也', '喜欢', '乒乓球', '我们', '喜欢']);
    await s.client.delete(`/api/v1/languages/${zh}/word-corrections/${corrections[0].WcID}`);
    await idle();
    expect(storedWords(other)).toEqual(['他', '也', '喜欢', '乒乓', '球', '我们', '喜欢']);
  });

  it('saved terms and corrections agree: a joined term is one word, a saved term cannot be split', async () => {
    const id = await newText('我们学习中文。学习很好。');
    await idle();
    expect(await words(id)).toContain('学习');
    const term = await s.client.post('/api/v1/terms/quick', { WoLgID: zh, WoText: '学习', WoStatus: 2 });
    expect(term.status).toBe(200);
    const refused = await correct(id, ['学', '习']);
    expect([refused.status, refused.body.code]).toEqual([400, 'wordCorrection.savedTerm']);
    expect(await list()).toEqual([]);

    // A multi-character term the segmenter cuts in two is one item; joined, it is one word with the term's status,
    // and the term counts one word, as its texts now cut it.
    const other = await newText('我喜欢乒乓球。');
    const multi = await s.client.post('/api/v1/terms/multi', { WoLgID: zh, WoText: '乒乓球' });
    expect([multi.status, multi.body.WoWordCount]).toEqual([200, 2]);
    const before = (await s.client.get(`/api/v1/texts/${other}/words`)).body.items as ReadingItem[];
    expect(before.filter((i) => i.text === '乒乓球').map((i) => i.Ti2WordCount)).toEqual([2]);
    expect((await correct(other, ['乒乓球'])).status).toBe(200);
    const after = (await s.client.get(`/api/v1/texts/${other}/words`)).body.items as ReadingItem[];
    expect(after.filter((i) => i.text === '乒乓球').map((i) => [i.Ti2WordCount, i.Ti2WoID])).toEqual([[1, multi.body.WoID]]);
    expect((await s.client.get(`/api/v1/terms/${multi.body.WoID}`)).body.WoWordCount).toBe(1);
    // A term saved after a join counts one word too; removing the join counts it again as the segmenter cuts it.
    const longer = await s.client.post('/api/v1/terms/quick', { WoLgID: zh, WoText: '打乒乓球', WoStatus: 1 });
    expect([longer.status, longer.body.WoWordCount]).toEqual([200, 2]);
    for (const c of await list()) await s.client.delete(`/api/v1/languages/${zh}/word-corrections/${c.WcID}`);
    expect((await s.client.get(`/api/v1/terms/${multi.body.WoID}`)).body.WoWordCount).toBe(2);
    expect((await s.client.get(`/api/v1/terms/${longer.body.WoID}`)).body.WoWordCount).toBe(3);
    await idle();
    expect(
      (await s.client.get(`/api/v1/texts/${other}/words`)).body.items.filter((i: ReadingItem) => i.text === '乒乓球').map((i: ReadingItem) => i.Ti2WordCount),
    ).toEqual([2]);
  });
  it('every language written without spaces: a join of two neighbouring words, and a split of it back', async () => {
    const samples: [string, string][] = [
      ['Cantonese', '我哋今日去咗學校。'],
      ['Japanese', '私は東京大学で日本語を勉強しています。'],
      ['Vietnamese', 'Tôi học ở trường đại học Hà Nội.'],
      ['Thai', 'ฉันชอบกินข้าวผัดมาก'],
      ['Khmer', 'ខ្ញុំចូលចិត្តអានសៀវភៅ'],
      ['Lao', 'ຂ້ອຍມັກອ່ານປຶ້ມຫຼາຍ'],
      ['Burmese', 'ကျွန်တော်စာအုပ်ဖတ်ရတာကြိုက်တယ်'],
    ];
    for (const [name, text] of samples) {
      const lg = (await s.client.post('/api/v1/languages', { LgName: name })).body.LgID;
      const id = await newText(text, lg);
      const items = ((await s.client.get(`/api/v1/texts/${id}/words`)).body.items as ReadingItem[]).filter((i) => i.Ti2WordCount < 2);
      // Two words written together, or one space apart (Vietnamese).
      let at = -1;
      for (let k = 0; k + 1 < items.length && at < 0; k++) {
        const [a, b, c] = [items[k], items[k + 1], items[k + 2]];
        if (a.kind === 'word' && b.kind === 'word') at = k;
        else if (a.kind === 'word' && b.kind === 'space' && c?.kind === 'word') at = k;
      }
      expect(at, name).toBeGreaterThanOrEqual(0);
      const pair = items[at + 1].kind === 'word' ? [items[at].text, items[at + 1].text] : [items[at].text, ' ', items[at + 2].text];
      const joined = pair.join('');
      const made = await correct(id, [joined]);
      expect(made.status, `${name}: ${made.text}`).toBe(200);
      expect(await words(id), name).toContain(joined);
      const [c] = await list(lg);
      await s.client.delete(`/api/v1/languages/${lg}/word-corrections/${c.WcID}`);
      await idle();
      expect(await words(id), name).not.toContain(joined);
    }
  });

  it("a term's example sentences are cut as its texts are: a part of a split word finds its sentence", async () => {
    const id = await newText('我们喜欢乒乓球。');
    expect((await correct(id, ['喜', '欢'])).status).toBe(200);
    const found = await s.client.get(`/api/v1/sentences-with-term?language_id=${zh}&term_lc=${encodeURIComponent('喜')}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body).toContainEqual(['我们**喜**欢乒乓球。', expect.anything()]);
    for (const c of await list()) await s.client.delete(`/api/v1/languages/${zh}/word-corrections/${c.WcID}`);
    await idle();
  });

  it("the language's other texts follow a slice at a time: the server answers meanwhile", async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'Chinese (Traditional)' })).body.LgID;
    const body = '我喜歡打乒乓球。他們也喜歡看書。'.repeat(200);
    const ids: number[] = [];
    for (let i = 0; i < 24; i++) ids.push(await newText(`第${i}篇。${body}`, lg));
    await idle();
    expect(storedWords(ids[23])).toContain('喜歡');
    const waiting = () => s.core.sqlite.prepare('SELECT count(*) FROM texts WHERE TxLgID = ? AND TxNeedsParse = 1').pluck().get(lg) as number;
    // A probe on the server's own loop: it sees the flagged texts parsed a few at a time, never all in one block.
    const seen: number[] = [];
    const probe = setInterval(() => {
      const v = waiting();
      if (seen[seen.length - 1] !== v) seen.push(v);
    }, 0);
    try {
      const made = await correct(ids[0], ['喜', '歡']);
      expect(made.status, made.text).toBe(200);
      expect(storedWords(ids[0])).not.toContain('喜歡');
      // A request made after the answer is answered before the last of the other texts is parsed.
      expect((await s.client.get(`/api/v1/languages/${lg}/word-corrections`)).status).toBe(200);
      expect(waiting()).toBeGreaterThan(0);
      await idle();
    } finally {
      clearInterval(probe);
    }
    expect(waiting()).toBe(0);
    expect(seen.filter((v) => v > 0 && v < 23).length, seen.join(' ')).toBeGreaterThan(2);
    for (const id of ids) expect(storedWords(id)).not.toContain('喜歡');
    expect(storedWords(ids[23])).toEqual(expect.arrayContaining(['喜', '歡']));
  });

  it('refuses what cannot be a correction, with coded messages', async () => {
    const en = (await s.client.post('/api/v1/languages', { LgName: 'English' })).body.LgID;
    const enText = await newText('ice cream', en);
    const spaced = await correct(enText, ['ice cream']);
    expect([spaced.status, spaced.body.code]).toEqual([400, 'wordCorrection.notSegmented']);
    const id = await newText('我喜欢。');
    const punctuation = await correct(id, ['喜欢', '。']);
    expect([punctuation.status, punctuation.body.code]).toEqual([400, 'wordCorrection.badParts']);
    expect((await correct(id, [])).status).toBe(400);
    expect((await correct(99999, ['喜欢'])).status).toBe(404);
    const missing = await s.client.delete(`/api/v1/languages/${zh}/word-corrections/99999`);
    expect([missing.status, missing.body.code]).toEqual([404, 'wordCorrection.notFound']);
    expect((await s.client.get('/api/v1/languages/99999/word-corrections')).status).toBe(404);
  });

  it('a backup carries the corrections; the restored library parses with them', async () => {
    const id = await newText('我喜欢乒乓球。');
    expect((await correct(id, ['喜', '欢'])).status).toBe(200);
    const backup = await downloadBackup(s.core);
    const [c] = await list();
    await s.client.delete(`/api/v1/languages/${zh}/word-corrections/${c.WcID}`);
    await idle();
    expect(await list()).toEqual([]);
    const restored = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backup.data });
    expect(restored.status, restored.text).toBe(200);
    expect((await list()).map((x) => x.parts)).toEqual([['喜', '欢']]);
    expect(await words(await newText('你喜欢吗？'))).toEqual(['你', '喜', '欢', '吗']);
  });
});

describe('corrections with accounts', { timeout: 60_000 }, () => {
  let m: TestServer;
  beforeAll(async () => {
    m = await startMultiUser();
  }, 60_000);
  afterAll(async () => m?.close());

  it("are the owner's: another account's language, text and correction behave as missing", async () => {
    const ana = await signedIn(m.baseUrl, 'ana');
    const ben = await signedIn(m.baseUrl, 'ben');
    const lg = (await ana.post('/api/v1/languages', { LgName: 'Chinese (Simplified)' })).body.LgID;
    const text = (await ana.post('/api/v1/texts', { TxLgID: lg, TxTitle: 'a', TxText: '我喜欢乒乓球。' })).body.TxID;
    const made = await ana.post(`/api/v1/texts/${text}/word-corrections`, { parts: ['乒乓球'] });
    expect(made.status, made.text).toBe(200);
    const id = made.body.correction.WcID;
    expect((await ben.post(`/api/v1/texts/${text}/word-corrections`, { parts: ['喜', '欢'] })).status).toBe(404);
    expect((await ben.get(`/api/v1/languages/${lg}/word-corrections`)).status).toBe(404);
    expect((await ben.delete(`/api/v1/languages/${lg}/word-corrections/${id}`)).status).toBe(404);
    // Ben's own Chinese is cut as the segmenter cuts it: Ana's join is not his.
    const benLg = (await ben.post('/api/v1/languages', { LgName: 'Chinese (Simplified)' })).body.LgID;
    const benText = (await ben.post('/api/v1/texts', { TxLgID: benLg, TxTitle: 'b', TxText: '我喜欢乒乓球。' })).body.TxID;
    const benWords = ((await ben.get(`/api/v1/texts/${benText}/words`)).body.items as ReadingItem[]).filter((i) => i.Ti2WordCount === 1).map((i) => i.text);
    expect(benWords).toEqual(['我', '喜欢', '乒乓', '球']);
    expect((await ben.delete(`/api/v1/languages/${benLg}/word-corrections/${id}`)).status).toBe(404);
    expect((await ana.get(`/api/v1/languages/${lg}/word-corrections`)).body.corrections.map((c: WordCorrectionDto) => c.WcText)).toEqual(['乒乓球']);
  });
});
