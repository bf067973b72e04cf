import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { createEmptyCard, fsrs, type Card, type Grade } from 'ts-fsrs';
import { insertForeignLanguage, TEST_NOW } from '../helpers/core';
import { on } from '../../src-main/core/events';

const DAY = 86_400_000;
let lang: number;

/** Terms are written straight into the real database: review reads them, the vocabulary module owns their API. */
/** `reviewed`: the term was answered in a review before (a review_log row), so the status-1 interval applies; new terms are due at once. */
function insertTerm(t: {
  text: string;
  status: number;
  changed: number;
  translation?: string;
  sentence?: string;
  lang?: number;
  owner?: number | null;
  reviewed?: boolean;
}): number {
  const id = insertWord(t);
  if (t.reviewed)
    s.core.sqlite
      .prepare(
        'INSERT INTO review_log (RlWoID, RlReviewedAt, RlStatusFrom, RlStatusTo, RlRating, RlState, RlStability, RlDifficulty, RlDue) VALUES (?, ?, 1, ?, 1, 1, 1, 5, ?)',
      )
      .run(id, t.changed, t.status, t.changed);
  return id;
}
function insertWord(t: {
  text: string;
  status: number;
  changed: number;
  translation?: string;
  sentence?: string;
  lang?: number;
  owner?: number | null;
}): number {
  return Number(
    s.core.sqlite
      .prepare(
        `INSERT INTO words (WoLgID, WoUsID, WoText, WoTextLC, WoStatus, WoTranslation, WoSentence, WoCreated, WoModified, WoStatusChanged)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        t.lang ?? lang,
        t.owner ?? null,
        t.text,
        t.text.toLowerCase(),
        t.status,
        t.translation ?? `${t.text}-tr`,
        t.sentence ?? '',
        t.changed,
        t.changed,
        t.changed,
      ).lastInsertRowid,
  );
}
const statusOf = (id: number) =>
  s.core.sqlite.prepare('SELECT WoStatus, WoStatusChanged FROM words WHERE WoID = ?').get(id) as { WoStatus: number; WoStatusChanged: number };

const s = withServer();
beforeAll(async () => {
  await s.client.post('/api/v1/settings', { key: 'timezone', value: 'UTC' });
});
beforeEach(async () => {
  s.core.clock.set(TEST_NOW);
  s.core.sqlite.exec('DELETE FROM words; DELETE FROM texts; DELETE FROM languages; DELETE FROM activity_log;');
  lang = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
});

describe('due rule and queue', () => {
  it('brings statuses 1-5 back after 1, 2, 9, 27 and 72 calendar days', async () => {
    const today = Date.UTC(2026, 2, 15, 0, 0); // midnight starting "today" (UTC)
    const ids: Record<string, number> = {};
    for (const [status, days] of [
      [1, 1],
      [2, 2],
      [3, 9],
      [4, 27],
      [5, 72],
    ] as const) {
      // reviewed: these terms were answered before, so status 1 follows its 1-day interval (new ones are due at once).
      ids[`due${status}`] = insertTerm({ text: `due${status}`, status, changed: today - (days - 1) * DAY - 1, reviewed: true });
      ids[`wait${status}`] = insertTerm({ text: `wait${status}`, status, changed: today - (days - 1) * DAY, reviewed: true });
    }
    insertTerm({ text: 'ignored', status: 98, changed: 0 });
    insertTerm({ text: 'known', status: 99, changed: 0 });
    insertTerm({ text: 'untranslated', status: 1, changed: 0, translation: '' });
    insertTerm({ text: 'starred', status: 1, changed: 0, translation: '*' });
    const cfg = await s.client.get(`/api/v1/review/config?lang=${lang}`);
    expect(cfg.status).toBe(200);
    expect(cfg.body.counts).toEqual({ learning: 10, dueToday: 5, dueTomorrow: 10 });
    expect(cfg.body.intervals).toEqual({ 1: 1, 2: 2, 3: 9, 4: 27, 5: 72 });
    expect(cfg.body.language).toMatchObject({ LgID: lang, LgName: 'German', due: 5 });
    const table = await s.client.get(`/api/v1/review/table-words?lang=${lang}`);
    expect(table.body.total).toBe(5);
    expect(table.body.words.map((w: { WoText: string }) => w.WoText)).toEqual(['due1', 'due2', 'due3', 'due4', 'due5']);
    const tomorrow = await s.client.get(`/api/v1/review/tomorrow-count?lang=${lang}`);
    expect(tomorrow.body).toEqual({ count: 10, date: '2026-03-16' });
  });

  it('serves the lowest status first, then the longest waiting, and moves on after each answer', async () => {
    const a = insertTerm({ text: 'a', status: 3, changed: TEST_NOW - 100 * DAY });
    const b = insertTerm({ text: 'b', status: 1, changed: TEST_NOW - 2 * DAY });
    const c = insertTerm({ text: 'c', status: 1, changed: TEST_NOW - 5 * DAY });
    const order: number[] = [];
    for (let i = 0; i < 4; i++) {
      const next = await s.client.get(`/api/v1/review/next-word?lang=${lang}`);
      if (next.body.done) {
        expect(next.body).toMatchObject({ term: null, remaining: 0, tomorrow: 0 });
        expect(next.body.message).toMatch(/Nothing is due/);
        break;
      }
      expect(next.body.remaining).toBe(3 - i);
      order.push(next.body.term.WoID);
      const put = await s.client.put('/api/v1/review/status', { term_id: next.body.term.WoID, status: 2 });
      expect(put.status).toBe(200);
    }
    expect(order).toEqual([c, b, a]);
    // All three restarted today at status 2: nothing is due tomorrow, all three are two days later.
    expect((await s.client.get(`/api/v1/review/tomorrow-count?lang=${lang}`)).body.count).toBe(0);
    s.core.clock.set(TEST_NOW + 2 * DAY);
    expect((await s.client.get(`/api/v1/review/config?lang=${lang}`)).body.counts.dueToday).toBe(3);
  });

  it('follows the user time zone at midnight', async () => {
    // Changed at 23:30 UTC on the 14th = 08:30 on the 15th in Tokyo.
    insertTerm({ text: 'late', status: 1, changed: Date.UTC(2026, 2, 14, 23, 30), reviewed: true });
    s.core.clock.set(Date.UTC(2026, 2, 15, 14, 59)); // 23:59 in Tokyo, still the 15th
    await s.client.post('/api/v1/settings', { key: 'timezone', value: 'Asia/Tokyo' });
    try {
      expect((await s.client.get(`/api/v1/review/config?lang=${lang}`)).body.counts.dueToday).toBe(0);
      s.core.clock.set(Date.UTC(2026, 2, 15, 15, 0)); // midnight in Tokyo: the 16th
      const cfg = await s.client.get(`/api/v1/review/config?lang=${lang}`);
      expect(cfg.body.today).toBe('2026-03-16');
      expect(cfg.body.counts.dueToday).toBe(1);
    } finally {
      await s.client.post('/api/v1/settings', { key: 'timezone', value: 'UTC' });
    }
  });

  it('reviews the terms of a text, and refuses a foreign text', async () => {
    // Through the real texts and terms APIs, so the occurrences link to the term as they do in use.
    const text = await s.client.post('/api/v1/texts', { TxLgID: lang, TxTitle: 'Hunde', TxText: 'Der Hund bellt.' });
    expect(text.status).toBe(200);
    const textId = text.body.TxID;
    const term = await s.client.post('/api/v1/terms', { WoLgID: lang, WoText: 'Hund', WoTranslation: 'dog', WoStatus: 1 });
    expect(term.status).toBe(200);
    insertTerm({ text: 'katze', status: 1, changed: 0 });
    s.core.clock.set(TEST_NOW + DAY); // created today, due tomorrow
    const cfg = await s.client.get(`/api/v1/review/config?text=${textId}`);
    expect(cfg.body.scope).toEqual({ kind: 'text', textId, languageId: lang, title: 'Hunde' });
    expect(cfg.body.counts.dueToday).toBe(1);
    expect((await s.client.get(`/api/v1/review/next-word?text=${textId}`)).body.term.WoText).toBe('Hund');

    const foreign = insertForeignLanguage(s.core);
    const foreignText = Number(
      s.core.sqlite
        .prepare("INSERT INTO texts (TxLgID, TxUsID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, 'x', 'x', 0, 0)")
        .run(foreign.languageId, foreign.userId).lastInsertRowid,
    );
    for (const p of ['config', 'next-word', 'table-words', 'tomorrow-count']) {
      const res = await s.client.get(`/api/v1/review/${p}?text=${foreignText}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Text not found');
    }
    const fl = await s.client.get(`/api/v1/review/next-word?lang=${foreign.languageId}`);
    expect([fl.status, fl.body.error]).toEqual([404, 'Language not found']);
  });

  it('reviews a selection of term ids and leaves foreign ids out', async () => {
    const x = insertTerm({ text: 'x', status: 1, changed: 0 });
    const y = insertTerm({ text: 'y', status: 2, changed: 0 });
    insertTerm({ text: 'z', status: 1, changed: 0 });
    const foreign = insertForeignLanguage(s.core);
    const theirs = insertTerm({ text: 'theirs', status: 1, changed: 0, lang: foreign.languageId, owner: foreign.userId });
    const cfg = await s.client.get(`/api/v1/review/config?selection=${x},${y},${theirs}`);
    expect(cfg.body.scope).toEqual({ kind: 'selection', termIds: [x, y, theirs] });
    expect(cfg.body.counts.dueToday).toBe(2);
    const table = await s.client.get(`/api/v1/review/table-words?selection=${x},${y},${theirs}`);
    expect(table.body.words.map((w: { WoID: number }) => w.WoID)).toEqual([x, y]);
    // term_id is a selection of one; repeated keys work too.
    expect((await s.client.get(`/api/v1/review/next-word?term_id=${y}`)).body.term.WoID).toBe(y);
    expect((await s.client.get(`/api/v1/review/config?selection=${x}&selection=${y}`)).body.counts.dueToday).toBe(2);
  });

  it('rejects bad scopes with a clear error', async () => {
    const cases: [string, RegExp][] = [
      ['next-word', /Choose what to review/],
      [`next-word?lang=${lang}&text=1`, /only one of/],
      ['next-word?selection=1,abc', /selection must be term ids/],
      ['next-word?selection=,', /selection is empty/],
      ['next-word?lang=-3', /lang/],
      [`next-word?lang=${lang}&mode=sideways`, /mode/],
      [`table-words?lang=${lang}&limit=0`, /limit/],
    ];
    for (const [path, msg] of cases) {
      const res = await s.client.get(`/api/v1/review/${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toMatch(msg);
    }
    // A selection too long for a URL arrives over IPC (or a JSON body): the limit still holds.
    const huge = Array.from({ length: 5001 }, (_, i) => i + 1);
    await expect(s.core.dispatch('review.nextWord', { selection: huge })).rejects.toThrow(/at most 5000/);
    // Without a scope the config still answers, for the chooser.
    const cfg = await s.client.get('/api/v1/review/config');
    expect(cfg.status).toBe(200);
    expect(cfg.body.scope).toBeNull();
    expect(cfg.body.languages.map((l: { LgName: string }) => l.LgName)).toEqual(['German']);
  });

  it('builds cloze cards from the example sentence and falls back without one', async () => {
    insertTerm({ text: 'Hunger', status: 1, changed: 0, sentence: 'Ich habe {Hunger} heute.' });
    const card = (await s.client.get(`/api/v1/review/next-word?lang=${lang}&mode=cloze`)).body.term;
    expect(card).toMatchObject({ mode: 'cloze', clozeSentence: 'Ich habe […] heute.', WoSentence: 'Ich habe {Hunger} heute.' });
    expect(card.sentenceParts[1]).toEqual({ text: 'Hunger', isTerm: true });
    s.core.sqlite.prepare("UPDATE words SET WoSentence = ''").run();
    const plain = (await s.client.get(`/api/v1/review/next-word?lang=${lang}&mode=cloze`)).body.term;
    expect(plain).toMatchObject({ mode: 'translation-to-term', clozeSentence: '' });
    // The saved preference is the default mode.
    await s.client.post('/api/v1/settings', { key: 'reviewMode', value: 'translation-to-term' });
    expect((await s.client.get(`/api/v1/review/config?lang=${lang}`)).body.mode).toBe('translation-to-term');
    await s.client.post('/api/v1/settings', { key: 'reviewMode', value: 'term-to-translation' });
  });

  it('new terms (status 1, never reviewed) are due at once; once answered they follow the interval; the empty state names the next due day', async () => {
    const fresh = insertTerm({ text: 'neu', status: 1, changed: TEST_NOW - 1000 });
    insertTerm({ text: 'later', status: 3, changed: TEST_NOW - 1000 });
    const cfg = await s.client.get(`/api/v1/review/config?lang=${lang}`);
    expect(cfg.body.counts.dueToday).toBe(1);
    expect(cfg.body.language.due).toBe(1);
    const next = await s.client.get(`/api/v1/review/next-word?lang=${lang}`);
    expect(next.body.term.WoText).toBe('neu');
    expect((await s.client.get(`/api/v1/review/table-words?lang=${lang}`)).body.words.map((w: { WoText: string }) => w.WoText)).toEqual(['neu']);
    await s.client.put('/api/v1/review/status', { term_id: fresh, status: 1 });
    const done = await s.client.get(`/api/v1/review/next-word?lang=${lang}`);
    expect(done.body).toMatchObject({ done: true, tomorrow: 1 });
    const today = cfg.body.today as string;
    const dayAfter = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
    expect(done.body.nextDue).toEqual({ date: dayAfter(1), count: 1 });
    // Without the status-1 term, the next due day is the status-3 term's, nine days on.
    s.core.sqlite.prepare('DELETE FROM words WHERE WoID = ?').run(fresh);
    expect((await s.client.get(`/api/v1/review/next-word?lang=${lang}`)).body.nextDue).toEqual({ date: dayAfter(9), count: 1 });
  });

  it('practises terms that are not due, each once per session', async () => {
    insertTerm({ text: 'fresh1', status: 1, changed: TEST_NOW - 1000, reviewed: true });
    insertTerm({ text: 'fresh3', status: 3, changed: TEST_NOW - 2000 });
    expect((await s.client.get(`/api/v1/review/next-word?lang=${lang}`)).body.done).toBe(true);
    const since = (await s.client.get(`/api/v1/review/config?lang=${lang}`)).body.now;
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const next = await s.client.get(`/api/v1/review/next-word?lang=${lang}&all=1&since=${since}`);
      if (next.body.done) break;
      seen.push(next.body.term.WoText);
      await s.client.put('/api/v1/review/status', { term_id: next.body.term.WoID, status: next.body.term.WoStatus });
    }
    expect(seen).toEqual(['fresh1', 'fresh3']);
  });
});

describe('answers', () => {
  it('sets the status, restarts the interval and tells the reader and activity', async () => {
    const id = insertTerm({ text: 'wort', status: 2, changed: 0 });
    const seen: unknown[] = [];
    on(s.core, 'terms.changed', (_ctx, e) => seen.push(e));
    const res = await s.client.put('/api/v1/review/status', { term_id: id, status: 3, mode: 'cloze' });
    expect(res.body).toMatchObject({ success: true, term_id: id, from: 2, status: 3, rating: 'Good' });
    expect(statusOf(id)).toEqual({ WoStatus: 3, WoStatusChanged: TEST_NOW });
    expect(seen.at(-1)).toMatchObject({ kind: 'updated', terms: [{ WoID: id, WoStatus: 3 }], before: [{ WoID: id, WoStatus: 2 }], source: 'review' });
    const count = seen.length;
    s.core.clock.advance(1000);
    await s.client.put('/api/v1/review/status', { term_id: id, status: 3 });
    // Same status: one event for the answer, the status kept (issue 45 folded review.answered into terms.changed);
    // the interval restarts.
    expect(seen.length).toBe(count + 1);
    expect(seen.at(-1)).toMatchObject({ kind: 'updated', terms: [{ WoID: id, WoStatus: 3 }], before: [{ WoID: id, WoStatus: 3 }], source: 'review' });
    expect(statusOf(id).WoStatusChanged).toBe(TEST_NOW + 1000);
    expect((await s.client.get('/api/v1/activity/today')).body.termsReviewed).toBe(2);
  });

  it('answers "Word not found" for a foreign or missing term and changes nothing', async () => {
    const foreign = insertForeignLanguage(s.core);
    const theirs = insertTerm({ text: 'fremd', status: 2, changed: 5, lang: foreign.languageId, owner: foreign.userId });
    for (const termId of [theirs, 999_999]) {
      const res = await s.client.put('/api/v1/review/status', { term_id: termId, status: 5 });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Word not found');
      const mem = await s.client.get(`/api/v1/review/memory-state/${termId}`);
      expect([mem.status, mem.body.error]).toEqual([404, 'Word not found']);
    }
    expect(statusOf(theirs)).toEqual({ WoStatus: 2, WoStatusChanged: 5 });
    expect(s.core.sqlite.prepare('SELECT COUNT(*) AS n FROM term_schedules').get()).toEqual({ n: 0 });
    expect((await s.client.get('/api/v1/activity/today')).body.termsReviewed).toBe(0);
  });

  it('validates the answer', async () => {
    const id = insertTerm({ text: 'w', status: 1, changed: 0 });
    for (const body of [{ term_id: id, status: 7 }, { term_id: id }, { status: 2 }, { term_id: 'x', status: 2 }, { term_id: id, status: 2, mode: 'nope' }]) {
      const res = await s.client.put('/api/v1/review/status', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await s.client.request('PUT', '/api/v1/review/status', { json: { term_id: id, status: 2 }, csrf: false })).status).toBe(403);
    expect((await s.client.post('/api/v1/review/status', { term_id: id, status: 2 })).status).toBe(405);
    expect(statusOf(id).WoStatus).toBe(1);
  });
});

describe('FSRS memory state', () => {
  it('matches ts-fsrs run directly on the same answers and times', async () => {
    const id = insertTerm({ text: 'gedächtnis', status: 1, changed: 0 });
    const f = fsrs({ enable_fuzz: false });
    const answers: [number, number, Grade][] = [
      [0, 2, 3], // 1 → 2: Good
      [1.2, 2, 2], // same: Hard
      [3.5, 1, 1], // back to 1: Again
      [4, 4, 4], // 1 → 4: Easy
      [20, 5, 3], // 4 → 5: Good
      [60, 5, 3], // stays 5: Good
      [70, 3, 1], // down: Again
    ];
    let card: Card = createEmptyCard(new Date(TEST_NOW));
    for (const [days, status, grade] of answers) {
      const at = TEST_NOW + days * DAY;
      s.core.clock.set(at);
      card = f.next(card, new Date(at), grade).card;
      const res = await s.client.put('/api/v1/review/status', { term_id: id, status });
      expect(res.body.rating).toBe(['', 'Again', 'Hard', 'Good', 'Easy'][grade]);
      expect(res.body.memory).toMatchObject({
        stability: card.stability,
        difficulty: card.difficulty,
        due: card.due.getTime(),
        reps: card.reps,
        lapses: card.lapses,
      });
    }
    const mem = await s.client.get(`/api/v1/review/memory-state/${id}`);
    expect(mem.body.status).toBe(3);
    expect(mem.body.memory).toMatchObject({
      stability: card.stability,
      difficulty: card.difficulty,
      due: card.due.getTime(),
      reps: 7,
      lapses: card.lapses,
      scheduledDays: card.scheduled_days,
      learningSteps: card.learning_steps,
      lastReview: card.last_review!.getTime(),
      state: ['New', 'Learning', 'Review', 'Relearning'][card.state],
    });
    expect(mem.body.memory.retrievability).toBeCloseTo(f.get_retrievability(card, new Date(TEST_NOW + 70 * DAY), false), 10);
    expect(mem.body.history).toHaveLength(7);
    expect(mem.body.history[0]).toMatchObject({ statusFrom: 5, statusTo: 3, rating: 'Again', stability: card.stability });
    expect(mem.body.history.at(-1)).toMatchObject({ statusFrom: 1, statusTo: 2, rating: 'Good' });
  });

  it('seeds no schedule for 98 and 99, but rates 99 as Easy once a schedule exists', async () => {
    const ignored = insertTerm({ text: 'ign', status: 1, changed: 0 });
    const known = insertTerm({ text: 'wkn', status: 1, changed: 0 });
    expect((await s.client.put('/api/v1/review/status', { term_id: ignored, status: 98 })).body).toMatchObject({ rating: null, memory: null, status: 98 });
    expect((await s.client.put('/api/v1/review/status', { term_id: known, status: 99 })).body).toMatchObject({ rating: null, memory: null, status: 99 });
    expect((await s.client.get(`/api/v1/review/memory-state/${known}`)).body).toEqual({ termId: known, status: 99, memory: null, history: [] });
    await s.client.put('/api/v1/review/status', { term_id: known, status: 2 });
    const easy = await s.client.put('/api/v1/review/status', { term_id: known, status: 99 });
    expect(easy.body.rating).toBe('Easy');
    expect((await s.client.get(`/api/v1/review/memory-state/${known}`)).body.history.map((h: { rating: string }) => h.rating)).toEqual(['Easy', 'Again']);
    const after98 = await s.client.put('/api/v1/review/status', { term_id: known, status: 98 });
    expect(after98.body).toMatchObject({ rating: null });
    expect(after98.body.memory.reps).toBe(2);
  });

  it('does not change the queue (SPEC rule 13)', async () => {
    const id = insertTerm({ text: 'q', status: 1, changed: 0 });
    await s.client.put('/api/v1/review/status', { term_id: id, status: 5 }); // Easy: FSRS says weeks
    s.core.clock.set(TEST_NOW + 72 * DAY);
    // The classic rule alone decides: status 5 changed 72 days ago is due again, whatever FSRS scheduled.
    expect((await s.client.get(`/api/v1/review/next-word?lang=${lang}`)).body.term.WoID).toBe(id);
  });
});
