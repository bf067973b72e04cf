// "Marked as read" taken back (the reader's undo, issue 19): the text is unfinished again and today's counts
// no longer include it; an earlier day's count stays; another user's text is not found.
import { beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { TEST_NOW } from '../helpers/core';

const DAY = 86_400_000;
let textId: number;

const s = withServer();
beforeEach(async () => {
  s.core.clock.set(TEST_NOW);
  s.core.sqlite.exec('DELETE FROM texts; DELETE FROM languages; DELETE FROM activity_log; DELETE FROM activity_texts_read;');
  await s.client.post('/api/v1/settings', { key: 'timezone', value: 'UTC' });
  const lang = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
  textId = (await s.client.post('/api/v1/texts', { TxLgID: lang, TxTitle: 'Ein Text', TxText: 'Der Hund bellt. Die Katze schläft.' })).body.TxID;
});

const today = async () => (await s.client.get('/api/v1/activity/today')).body as { textsRead: number; wordsRead: number };

describe('DELETE /api/v1/texts/{id}/finished', () => {
  it('unfinishes the text and takes back today’s text and words', async () => {
    expect((await s.client.post(`/api/v1/texts/${textId}/finished`)).body.TxFinishedAt).toBe(TEST_NOW);
    expect(await today()).toMatchObject({ textsRead: 1, wordsRead: 6 });

    const res = await s.client.delete(`/api/v1/texts/${textId}/finished`);
    expect(res.status).toBe(200);
    expect(res.body.TxFinishedAt).toBeNull();
    expect(await today()).toMatchObject({ textsRead: 0, wordsRead: 0 });

    // Undone twice: nothing more is taken back.
    expect((await s.client.delete(`/api/v1/texts/${textId}/finished`)).status).toBe(200);
    expect(await today()).toMatchObject({ textsRead: 0, wordsRead: 0 });

    // Finished again the same day: counts again.
    await s.client.post(`/api/v1/texts/${textId}/finished`);
    expect(await today()).toMatchObject({ textsRead: 1, wordsRead: 6 });
  });

  it('keeps an earlier day’s count', async () => {
    await s.client.post(`/api/v1/texts/${textId}/finished`);
    s.core.clock.set(TEST_NOW + DAY);
    await s.client.delete(`/api/v1/texts/${textId}/finished`);
    expect(await today()).toMatchObject({ textsRead: 0, wordsRead: 0 });
    s.core.clock.set(TEST_NOW);
    expect(await today()).toMatchObject({ textsRead: 1, wordsRead: 6 });
  });

  it('answers 404 for a text that does not exist', async () => {
    expect((await s.client.delete(`/api/v1/texts/${textId + 999}/finished`)).status).toBe(404);
  });
});
