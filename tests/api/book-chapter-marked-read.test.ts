// Issue 51 item 2: "Mark as read" on a chapter's end card counts at once everywhere — the book's progress (book
// page and library read BkProgress) and Home's "Read x %" — without opening the next chapter first. Taking it back
// takes the share back.
import { describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';

const s = withServer({ language: { LgName: 'German' } });
const long = 'Als Gregor Samsa eines Morgens aus unruhigen Träumen erwachte fand er sich in seinem Bett verwandelt. '.repeat(6);
const short = 'Er lag auf seinem panzerartig harten Rücken. '.repeat(2);

interface Book {
  BkID: number;
  BkProgress: number;
  chapters: { number: number; text_id: number; words: number; finished: boolean }[];
}

describe('a chapter marked read', () => {
  it('moves the book, the library and Home at once, and back when taken back', async () => {
    const text = `Kapitel 1\n\n${long}\n\nKapitel 2\n\n${short}`;
    const created = await s.client.post('/api/v1/books', { text, title: 'Die Verwandlung', language_id: s.languageId });
    expect(created.status, created.text).toBe(200);
    const id = created.body.BkID as number;
    const book = async () => (await s.client.get(`/api/v1/books/${id}`)).body as Book;
    const before = await book();
    expect(before.chapters).toHaveLength(2);
    const [one, two] = before.chapters;
    const share = one.words / (one.words + two.words);
    // The learner opens chapter 1 at its top (the reader saves the place), reads it and marks it read.
    expect((await s.client.put(`/api/v1/books/${id}/progress`, { chapter: 1, position: 0 })).status).toBe(200);
    expect((await s.client.put(`/api/v1/texts/${one.text_id}/reading-position`, { position: 0 })).status).toBe(200);
    expect((await book()).BkProgress).toBe(0);
    expect((await s.client.post(`/api/v1/texts/${one.text_id}/finished`)).status).toBe(200);

    const after = await book();
    expect(after.chapters[0].finished).toBe(true);
    expect(after.BkProgress).toBeCloseTo(share, 5);
    const listed = ((await s.client.get('/api/v1/books')).body as { BkID: number; BkProgress: number }[]).find((b) => b.BkID === id)!;
    expect(listed.BkProgress).toBeCloseTo(share, 5);
    const home = (await s.client.get('/api/v1/activity/dashboard')).body as { recentTexts: { TxID: number; progress: number | null }[] };
    expect(home.recentTexts.find((t) => t.TxID === one.text_id)?.progress).toBe(1);

    expect((await s.client.delete(`/api/v1/texts/${one.text_id}/finished`)).status).toBe(200);
    expect((await book()).BkProgress).toBe(0);
    const homeAgain = (await s.client.get('/api/v1/activity/dashboard')).body as { recentTexts: { TxID: number; progress: number | null }[] };
    expect(homeAgain.recentTexts.find((t) => t.TxID === one.text_id)?.progress).toBe(0);
  });
});
