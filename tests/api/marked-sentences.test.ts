// Example sentences mark the occurrence, as whole tokens of the language's parser (issue 31, item 1), over real
// HTTP: the vocabulary's sentences-with-term (German "er" is not in "erwachte"; Japanese cut by kuromoji), the
// quick term given the clicked occurrence, and the book page's word chips and "add all", which save the
// sentence where each word first occurs.
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';

const s = withServer({ language: { LgName: 'German' }, env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });

let japanese: number;
const newText = async (TxLgID: number, TxText: string) => (await s.client.post('/api/v1/texts', { TxLgID, TxTitle: 't', TxText })).body.TxID as number;
const sentenceOf = (termId: number) => (s.core.sqlite.prepare('SELECT WoSentence FROM words WHERE WoID = ?').pluck().get(termId) as string) ?? null;
const termByText = (lg: number, text: string) =>
  s.core.sqlite.prepare('SELECT WoSentence FROM words WHERE WoLgID = ? AND WoTextLC = ?').pluck().get(lg, text) as string | undefined;

beforeAll(async () => {
  await newText(s.languageId, 'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich in seinem Bett. Er schlief.');
  japanese = (await s.client.post('/api/v1/languages', { LgName: 'Japanese' })).body.LgID;
  await newText(japanese, '東京都に住んでいる。東京都から京都へ行く。');
});

describe('sentences-with-term', () => {
  it('German: marks the word "er", never the "er" of "erwachte"; the sentence of "Er" keeps its capital', async () => {
    const res = await s.client.get(`/api/v1/sentences-with-term?language_id=${s.languageId}&term_lc=er`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      [
        'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand **er** sich in seinem Bett.',
        'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand {er} sich in seinem Bett.',
      ],
      ['**Er** schlief.', '{Er} schlief.'],
    ]);
  });

  it('/{word_id}: the term of a saved word, marked the same way', async () => {
    const id = (await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'er' })).body.WoID;
    const res = await s.client.get(`/api/v1/sentences-with-term/${id}?language_id=${s.languageId}`);
    expect(res.body[0][1]).toBe('Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand {er} sich in seinem Bett.');
    expect(sentenceOf(id)).toBe('');
  });

  it("Japanese: kuromoji's tokens decide: 京都 is marked where it is a word, not inside 東京都", async () => {
    const res = await s.client.get(`/api/v1/sentences-with-term?language_id=${japanese}&term_lc=${encodeURIComponent('京都')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([['東京都から**京都**へ行く。', '東京都から{京都}へ行く。']]);
  });
});

describe('POST /terms/quick with the clicked occurrence', () => {
  it('fills the sentence of that occurrence, marked there; a term that has a sentence keeps it', async () => {
    const id = await newText(s.languageId, 'Er sah den Hund. Der Hund und der Hund bellten.');
    const items = (await s.client.get(`/api/v1/texts/${id}/words`)).body.items as { Ti2Order: number; text: string; Ti2WordCount: number }[];
    const hunde = items.filter((i) => i.text === 'Hund' && i.Ti2WordCount === 1).map((i) => i.Ti2Order);
    const saved = await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Hund', WoStatus: 1, text_id: id, order: hunde[2] });
    expect(saved.status).toBe(200);
    expect(saved.body.WoSentence).toBe('Der Hund und der {Hund} bellten.');
    const again = await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'Hund', WoStatus: 2, text_id: id, order: hunde[0] });
    expect(again.body).toMatchObject({ WoStatus: 2, WoSentence: 'Der Hund und der {Hund} bellten.' });
    // An order that is not the word's (the "Er" before it): the sentence there, at the word's first whole-token match.
    const den = await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'den', text_id: id, order: items[0].Ti2Order });
    expect(den.body.WoSentence).toBe('Er sah {den} Hund.');
  });

  it("another learner's text is not found", async () => {
    const res = await s.client.post('/api/v1/terms/quick', { WoLgID: s.languageId, WoText: 'xyz', text_id: 999_999, order: 0 });
    expect(res.status).toBe(404);
  });
});

describe('the book page adds words with their first sentence', () => {
  let book: number;
  beforeAll(async () => {
    const res = await s.client.post('/api/v1/books', {
      language_id: s.languageId,
      title: 'Die Verwandlung',
      text: [
        'KAPITEL I',
        '',
        'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er sich zu einem Ungeziefer verwandelt. Die Maus und die Maus.',
        '',
        'KAPITEL II',
        '',
        'Die Schwester kam. Er hörte sie.',
      ].join('\n'),
    });
    expect(res.status).toBe(200);
    expect(res.body.BkChapterCount).toBe(2);
    book = res.body.BkID;
  });

  it('a chip saves the sentence where the word first occurs as a whole token, marked there', async () => {
    const res = await s.client.post(`/api/v1/books/${book}/terms`, { words: ['er'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 0, skipped: 1 });
    // "er" was saved above (no sentence): an existing term is left alone.
    expect(termByText(s.languageId, 'er')).toBe('');
    const chip = await s.client.post(`/api/v1/books/${book}/terms`, { words: ['erwachte'] });
    expect(chip.body).toMatchObject({ created: 1 });
    expect(termByText(s.languageId, 'erwachte')).toBe(
      'Als Gregor Samsa eines Morgens aus unruhigen Träumen {erwachte}, fand er sich zu einem Ungeziefer verwandelt.',
    );
  });

  it('"add all": every word gets its own first sentence (the first of a repeated word; a later chapter where it first occurs there)', async () => {
    const res = await s.client.post(`/api/v1/books/${book}/terms`, { words: ['maus', 'schwester', 'hörte', 'sich'] });
    expect(res.body).toMatchObject({ created: 4, skipped: 0 });
    expect(termByText(s.languageId, 'maus')).toBe('Die {Maus} und die Maus.');
    expect(termByText(s.languageId, 'schwester')).toBe('Die {Schwester} kam.');
    expect(termByText(s.languageId, 'hörte')).toBe('Er {hörte} sie.');
    expect(termByText(s.languageId, 'sich')).toBe(
      'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte, fand er {sich} zu einem Ungeziefer verwandelt.',
    );
  });

  it('a word the book does not hold is saved without a sentence', async () => {
    const res = await s.client.post(`/api/v1/books/${book}/terms`, { words: ['Katze'] });
    expect(res.body).toMatchObject({ created: 1 });
    expect(termByText(s.languageId, 'katze')).toBe('');
  });
});
