// Issue 20: words read per day (running words of texts marked read, once per text and day) and active reading time
// (reported by the reader in small pieces), with optional daily goals.
import { beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';

const s = withServer({ language: { LgName: 'German' } });
beforeAll(async () => {
  await s.client.post('/api/v1/settings', { key: 'timezone', value: 'UTC' });
});

const newText = async (text: string) => (await s.client.post('/api/v1/texts', { TxLgID: s.languageId, TxTitle: 'T', TxText: text })).body.TxID as number;
const today = async () => (await s.client.get('/api/v1/activity/today')).body;

describe('words read and reading time', () => {
  it('counts the running words of a text marked read (repeats included, punctuation and numbers not), once per text and day', async () => {
    // 9 running words; "der" twice counts twice (running words, not distinct ones).
    const a = await newText('Der Hund sieht der Katze zu. 42 Mal!\n\nEnde gut.');
    // A multi-word term adds occurrence rows but no words.
    expect((await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: 'Ende gut', WoTranslation: 'all is well', WoStatus: 2 })).status).toBe(200);
    expect((await s.client.post(`/api/v1/texts/${a}/finished`)).status).toBe(200);
    expect(await today()).toMatchObject({ textsRead: 1, wordsRead: 9 });
    // Marked read again the same day: neither the text nor its words count twice.
    await s.client.post(`/api/v1/texts/${a}/finished`);
    expect(await today()).toMatchObject({ textsRead: 1, wordsRead: 9 });

    const b = await newText('Noch drei Wörter.');
    await s.client.post(`/api/v1/texts/${b}/finished`);
    expect(await today()).toMatchObject({ textsRead: 2, wordsRead: 12 });
    const cal = (await s.client.get('/api/v1/activity/calendar?months=1')).body;
    expect(cal.days.at(-1)).toMatchObject({ wordsRead: 12, textsRead: 2 });
    expect(cal.totals.wordsRead).toBe(12);

    // The next day starts at zero; the calendar keeps yesterday's figure.
    s.core.clock.advance(24 * 3600 * 1000);
    await s.client.post(`/api/v1/texts/${a}/finished`);
    expect(await today()).toMatchObject({ textsRead: 1, wordsRead: 9 });
    expect((await s.client.get('/api/v1/activity/calendar?months=1')).body.totals.wordsRead).toBe(21);
  });

  it('adds reported reading time to today and refuses reports that cannot be reading time', async () => {
    const before = (await today()).readingSeconds;
    expect((await s.client.post('/api/v1/activity/reading-time', { seconds: 30 })).body.readingSeconds).toBe(before + 30);
    expect((await s.client.post('/api/v1/activity/reading-time', { seconds: 12 })).body.readingSeconds).toBe(before + 42);
    for (const seconds of [0, -5, 121, 3600, 'x'])
      expect((await s.client.post('/api/v1/activity/reading-time', { seconds })).status, String(seconds)).toBe(400);
    expect((await today()).readingSeconds).toBe(before + 42);
    // Reading time alone is not "a day's work" in the total (that stays terms + reviews + texts).
    expect((await s.client.get('/api/v1/activity/calendar?months=1')).body.days.at(-1).readingSeconds).toBe(before + 42);
  });

  it('reports the optional daily goals from the settings, none when unset or not a positive number', async () => {
    expect((await today()).goal).toEqual({ words: null, minutes: null });
    await s.client.post('/api/v1/settings', { key: 'dailyGoalWords', value: '500' });
    await s.client.post('/api/v1/settings', { key: 'dailyGoalMinutes', value: '15' });
    expect((await today()).goal).toEqual({ words: 500, minutes: 15 });
    await s.client.post('/api/v1/settings', { key: 'dailyGoalWords', value: '0' });
    await s.client.post('/api/v1/settings', { key: 'dailyGoalMinutes', value: 'lots' });
    expect((await today()).goal).toEqual({ words: null, minutes: null });
  });
});
