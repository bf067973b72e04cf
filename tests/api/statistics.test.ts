import { beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { insertForeignLanguage, insertForeignUser, TEST_NOW } from '../helpers/core';
import { emit } from '../../src-main/core/events';

const DAY = 86_400_000;
let lang: number;

function insertTerm(text: string, status: number, changed = 0): number {
  return Number(
    s.core.sqlite
      .prepare(
        `INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, ?, ?, 'tr', 0, 0, ?)`,
      )
      .run(lang, text, text.toLowerCase(), status, changed).lastInsertRowid,
  );
}
const termRef = (id: number) => ({ WoID: id, WoLgID: lang, WoTextLC: `t${id}`, WoWordCount: 1, WoStatus: 1 });

/** The events other modules emit, fired the way they fire them: with a handler context of the local user. */
const created = (n: number) => emit(s.core.context(), 'terms.changed', { kind: 'created', terms: Array.from({ length: n }, (_, i) => termRef(i + 1)) });
/** A text through the real texts API, finished through its endpoint (which emits text.finished). */
const newText = async (title = 'Ein Text') =>
  (await s.client.post('/api/v1/texts', { TxLgID: lang, TxTitle: title, TxText: `${title}. Der Hund bellt.` })).body.TxID as number;
const finish = async (textId: number) => expect((await s.client.post(`/api/v1/texts/${textId}/finished`)).status).toBe(200);
let textId: number;
const finished = () => finish(textId);
const review = async () => {
  const id = insertTerm(`r${Math.random()}`, 1);
  expect((await s.client.put('/api/v1/review/status', { term_id: id, status: 2 })).status).toBe(200);
};
const setZone = (tz: string) => s.client.post('/api/v1/settings', { key: 'timezone', value: tz });

const s = withServer();
beforeEach(async () => {
  s.core.clock.set(TEST_NOW);
  s.core.sqlite.exec('DELETE FROM words; DELETE FROM texts; DELETE FROM languages; DELETE FROM activity_log;');
  await setZone('UTC');
  lang = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
  textId = await newText();
});

describe('daily counts', () => {
  it('counts created terms, review answers and finished texts on today', async () => {
    created(3);
    emit(s.core.context(), 'terms.changed', { kind: 'updated', terms: [termRef(1)] }); // updates do not count
    await finished();
    await finished(); // the same text again on the same day counts once
    await review();
    await review();
    const today = await s.client.get('/api/v1/activity/today');
    expect(today.body).toEqual({
      date: '2026-03-15',
      timezone: 'UTC',
      termsCreated: 3,
      termsReviewed: 2,
      textsRead: 1,
      markedKnown: 0,
      markedIgnored: 0,
      wordsRead: 5,
      readingSeconds: 0,
      total: 6,
      goal: { words: null, minutes: null },
    });
    expect(s.core.sqlite.prepare('SELECT COUNT(*) AS n FROM activity_log').get()).toEqual({ n: 1 });
  });

  it('files activity under the day of the user time zone, switching at local midnight', async () => {
    await setZone('America/New_York');
    s.core.clock.set(Date.UTC(2026, 2, 16, 3, 59)); // 23:59 EDT on the 15th
    created(1);
    s.core.clock.set(Date.UTC(2026, 2, 16, 4, 0)); // 00:00 EDT on the 16th
    created(2);
    const cal = await s.client.get('/api/v1/activity/calendar');
    expect(cal.body.timezone).toBe('America/New_York');
    expect(cal.body.to).toBe('2026-03-16');
    expect(cal.body.days.slice(-2).map((d: { date: string; termsCreated: number }) => [d.date, d.termsCreated])).toEqual([
      ['2026-03-15', 1],
      ['2026-03-16', 2],
    ]);
  });

  it('counts a text finished again on another day, and nothing for a foreign text', async () => {
    await finished();
    s.core.clock.set(TEST_NOW + DAY);
    await finished();
    await finish(await newText('Noch einer'));
    const cal = await s.client.get('/api/v1/activity/calendar');
    expect(cal.body.days.slice(-2).map((d: { textsRead: number }) => d.textsRead)).toEqual([1, 2]);
    const foreign = insertForeignLanguage(s.core);
    const theirs = Number(
      s.core.sqlite
        .prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, 'x', 'x', 0, 0)")
        .run(foreign.languageId, foreign.userId).lastInsertRowid,
    );
    emit(s.core.context(), 'text.finished', { textId: theirs, languageId: foreign.languageId });
    expect((await s.client.get('/api/v1/activity/today')).body.textsRead).toBe(2);
  });

  it('falls back to the system zone for an unknown zone name', async () => {
    await setZone('Mars/Olympus_Mons');
    const today = await s.client.get('/api/v1/activity/today');
    expect(today.body.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('keeps each user to their own rows', async () => {
    const other = insertForeignUser(s.core);
    s.core.sqlite.prepare("INSERT INTO activity_log (AcUsID, AcDate, AcTermsCreated) VALUES (?, '2026-03-15', 50), (?, '2026-03-14', 50)").run(other, other);
    insertForeignLanguage(s.core, 'Theirs');
    const dash = await s.client.get('/api/v1/activity/dashboard');
    expect(dash.body.today.total).toBe(0);
    expect(dash.body.streak.current).toBe(0);
    expect(dash.body.languages.map((l: { LgName: string }) => l.LgName)).toEqual(['German']);
    expect((await s.client.get('/api/v1/activity/calendar')).body.max).toBe(0);
    // The foreign user's own counter is kept apart by the unique (owner, day) index.
    const answered = { WoID: 1, WoLgID: 1, WoTextLC: 'x', WoWordCount: 1, WoStatus: 2 };
    emit(s.core.context({ id: other, username: 'someone-else', role: 'user' }), 'terms.changed', {
      kind: 'updated',
      terms: [answered],
      before: [answered],
      source: 'review',
    });
    expect(s.core.sqlite.prepare("SELECT AcTermsReviewed FROM activity_log WHERE AcUsID = ? AND AcDate = '2026-03-15'").get(other)).toEqual({
      AcTermsReviewed: 1,
    });
    expect((await s.client.get('/api/v1/activity/today')).body.termsReviewed).toBe(0);
  });
});

describe('streaks', () => {
  const activeOn = async (...daysAgo: number[]) => {
    for (const d of daysAgo) {
      s.core.clock.set(TEST_NOW - d * DAY);
      await finished();
    }
    s.core.clock.set(TEST_NOW);
  };

  it('counts today and the days before it', async () => {
    await activeOn(2, 1, 0);
    expect((await s.client.get('/api/v1/activity/streak')).body).toEqual({
      current: 3,
      best: 3,
      lastActiveDate: '2026-03-15',
      activeToday: true,
      today: '2026-03-15',
    });
  });

  it('stays alive when today is empty but yesterday was active', async () => {
    await activeOn(3, 2, 1);
    expect((await s.client.get('/api/v1/activity/streak')).body).toMatchObject({ current: 3, best: 3, activeToday: false, lastActiveDate: '2026-03-14' });
  });

  it('breaks after one empty day and keeps the best', async () => {
    await activeOn(9, 8, 7, 6, 4, 3);
    expect((await s.client.get('/api/v1/activity/streak')).body).toMatchObject({ current: 0, best: 4 });
    await activeOn(1, 0);
    expect((await s.client.get('/api/v1/activity/streak')).body).toMatchObject({ current: 2, best: 4 });
  });

  it('follows the zone at midnight: the same instants make a streak in one zone and not in another', async () => {
    // 23:30 UTC on the 13th and 00:30 UTC on the 15th: in UTC the 14th is empty; in Tokyo they are the 14th and 15th.
    for (const t of [Date.UTC(2026, 2, 13, 23, 30), Date.UTC(2026, 2, 15, 0, 30)]) {
      s.core.clock.set(t);
      await finished();
    }
    s.core.clock.set(Date.UTC(2026, 2, 15, 1, 0));
    expect((await s.client.get('/api/v1/activity/streak')).body).toMatchObject({ current: 1, best: 1 });
    s.core.sqlite.exec('DELETE FROM activity_log; DELETE FROM activity_texts_read;');
    await setZone('Asia/Tokyo');
    for (const t of [Date.UTC(2026, 2, 13, 23, 30), Date.UTC(2026, 2, 15, 0, 30)]) {
      s.core.clock.set(t);
      await finished();
    }
    s.core.clock.set(Date.UTC(2026, 2, 15, 1, 0));
    expect((await s.client.get('/api/v1/activity/streak')).body).toMatchObject({ current: 2, best: 2, today: '2026-03-15' });
  });
});

describe('calendar and dashboard', () => {
  it('returns twelve months of daily counts ending today', async () => {
    s.core.clock.set(TEST_NOW - 40 * DAY);
    created(4);
    s.core.clock.set(TEST_NOW);
    await review();
    const cal = await s.client.get('/api/v1/activity/calendar');
    expect(cal.status).toBe(200);
    expect(cal.body).toMatchObject({
      from: '2025-04-01',
      to: '2026-03-15',
      max: 4,
      totals: { termsCreated: 4, termsReviewed: 1, textsRead: 0, activeDays: 2 },
    });
    expect(cal.body.days).toHaveLength(349);
    expect(cal.body.days.find((d: { date: string }) => d.date === '2026-02-03')).toEqual({
      date: '2026-02-03',
      termsCreated: 4,
      termsReviewed: 0,
      textsRead: 0,
      markedKnown: 0,
      markedIgnored: 0,
      wordsRead: 0,
      readingSeconds: 0,
      total: 4,
    });
    expect((await s.client.get('/api/v1/activity/calendar?months=1')).body.from).toBe('2026-03-01');
    for (const bad of ['0', '25', 'x']) {
      const res = await s.client.get(`/api/v1/activity/calendar?months=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/months/);
    }
  });

  it('shows today, the streak, terms by status, due counts and the text to continue', async () => {
    insertTerm('a', 1, 0);
    insertTerm('b', 1, TEST_NOW);
    insertTerm('c', 3, 0);
    insertTerm('d', 99, 0);
    const spanish = (await s.client.post('/api/v1/languages', { LgName: 'Spanish' })).body.LgID;
    created(2);
    const text = (title: string, opened: number | null, finished: number | null, archived = 0) =>
      Number(
        s.core.sqlite
          .prepare(
            'INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified, TxOpenedAt, TxFinishedAt, TxArchived, TxPosition) VALUES (?, ?, ?, 0, 0, ?, ?, ?, 5)',
          )
          .run(lang, title, title, opened, finished, archived).lastInsertRowid,
      );
    text('Never opened', null, null);
    text('Finished', TEST_NOW - 10, TEST_NOW - 5);
    text('Archived', TEST_NOW - 1, null, 1);
    const current = text('Der Hund', TEST_NOW - 1000, null);
    text('Older', TEST_NOW - 5000, null);
    const foreign = insertForeignLanguage(s.core);
    s.core.sqlite
      .prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified, TxOpenedAt) VALUES (?, ?, 'Not mine', 'x', 0, 0, ?)")
      .run(foreign.languageId, foreign.userId, TEST_NOW);

    const dash = await s.client.get('/api/v1/activity/dashboard');
    expect(dash.status).toBe(200);
    expect(dash.body.today).toMatchObject({ date: '2026-03-15', termsCreated: 2, total: 2 });
    expect(dash.body.streak).toMatchObject({ current: 1, activeToday: true });
    expect(dash.body.recent).toHaveLength(30);
    expect(dash.body.recent.at(-1)).toMatchObject({ date: '2026-03-15', total: 2 });
    expect(dash.body.languages).toEqual([
      // 'b' is new (status 1, never reviewed): due at once since issue 20, so 3 rather than 2.
      { LgID: lang, LgName: 'German', byStatus: { 1: 2, 2: 0, 3: 1, 4: 0, 5: 0, 98: 0, 99: 1 }, total: 4, dueToday: 3 },
      { LgID: spanish, LgName: 'Spanish', byStatus: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 98: 0, 99: 0 }, total: 0, dueToday: 0 },
    ]);
    expect(dash.body.dueToday).toBe(3);
    expect(dash.body.continueReading).toEqual({
      TxID: current,
      TxTitle: 'Der Hund',
      TxLgID: lang,
      LgName: 'German',
      TxOpenedAt: TEST_NOW - 1000,
      position: 5,
      progress: null,
    });
    // Home's list: the last texts opened, finished ones too, never archived or another user's.
    expect(dash.body.recentTexts.map((t: { TxTitle: string }) => t.TxTitle)).toEqual(['Finished', 'Der Hund', 'Older']);
  });

  it('answers on the old statistics path with a redirect to the new one', async () => {
    const res = await s.client.get('/admin/statistics');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/profile/statistics');
  });
});
