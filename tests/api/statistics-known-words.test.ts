// The statistics page's known-words curve over real HTTP (issue 50): words known now (single-word terms at 5 or
// 99; not 98, not 1-4, not multi-word terms) counted on the day of their latest status change, in the user's zone.
import { beforeEach, describe, expect, it } from 'vitest';
import type { KnownWordsCurve } from '../../src-shared/contract/statistics';
import { TEST_NOW } from '../helpers/core';
import { withServer } from '../helpers/with-server';

const DAY = 86_400_000;
const s = withServer();
let lang: number;

function insertTerm(text: string, status: number, changed: number, language = lang): void {
  s.core.sqlite
    .prepare(`INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoWordCount, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, ?, ?, ?, 0, 0, ?)`)
    .run(language, text, text.toLowerCase(), status, text.split(' ').length, changed);
}
const curve = async (query: string) => {
  const res = await s.client.get(`/api/v1/activity/known-words${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as KnownWordsCurve;
};

beforeEach(async () => {
  s.core.clock.set(TEST_NOW);
  s.core.sqlite.exec('DELETE FROM words; DELETE FROM languages;');
  await s.client.post('/api/v1/settings', { key: 'timezone', value: 'UTC' });
  lang = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
});

describe('known words over time', () => {
  it('counts the words known now by the day they became known, one point a day ending today', async () => {
    const today0 = Math.floor(TEST_NOW / DAY) * DAY; // TEST_NOW's UTC midnight
    insertTerm('alt', 5, today0 - 30 * DAY); // before the window: in every point
    insertTerm('hund', 5, today0 - 3 * DAY + 1000);
    insertTerm('katze', 99, today0 - 3 * DAY + 2000);
    insertTerm('haus', 5, today0 + 1000); // today
    insertTerm('der', 98, today0 - 2 * DAY); // ignored: not a known word
    insertTerm('baum', 3, today0 - 2 * DAY); // being learned
    insertTerm('guten tag', 5, today0 - 2 * DAY); // a phrase, not a word
    const c = await curve('?days=7');
    expect(c.total).toBe(4);
    expect(c.points).toHaveLength(7);
    expect(c.points.map((p) => p.known)).toEqual([1, 1, 1, 3, 3, 3, 4]);
    expect(c.points[6].date).toBe(new Date(TEST_NOW).toISOString().slice(0, 10));
    // A language of its own.
    const other = (await s.client.post('/api/v1/languages', { LgName: 'French' })).body.LgID;
    insertTerm('chat', 5, today0 - DAY, other);
    expect((await curve(`?days=7&language_id=${other}`)).points.map((p) => p.known)).toEqual([0, 0, 0, 0, 0, 1, 1]);
    expect((await curve('?days=7')).total).toBe(5);
  });

  it('a day ends at midnight in the user zone; a bad range is refused', async () => {
    const today0 = Math.floor(TEST_NOW / DAY) * DAY;
    // 23:30 UTC yesterday is already today in Berlin (UTC+1 or +2).
    insertTerm('spät', 5, today0 - 30 * 60_000);
    expect((await curve('?days=7')).points.map((p) => p.known).slice(-2)).toEqual([1, 1]);
    await s.client.post('/api/v1/settings', { key: 'timezone', value: 'Europe/Berlin' });
    expect((await curve('?days=7')).points.map((p) => p.known).slice(-2)).toEqual([0, 1]);
    expect((await s.client.get('/api/v1/activity/known-words?days=3')).status).toBe(400);
  });
});
