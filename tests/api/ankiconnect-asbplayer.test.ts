// asbplayer against Lectio's AnkiConnect (issue 44), its calls replayed in the order and shapes its source sends
// them (killergerbah/asbplayer: common/anki/anki.ts — every call `{action, version: 6, params}`, an answer with
// `error` thrown; common/dictionary-db/dictionary-db.ts — the word-status colouring; the extension's
// http-post-handler.ts — the actions it lets through), told here in our words:
//   - the extension never calls requestPermission: its first call must raise Lectio's Allow prompt by itself;
//   - "export": storeMediaFile per clip, then addNote (allowDuplicate, duplicateScope 'deck', tags);
//   - "update last card": findNotes "added:1", the ids sorted AS STRINGS and the last taken, notesInfo on it,
//     updateNoteFields with the note's `tags` (often []) beside its fields, then addTags with the tags joined by spaces;
//   - "open in Anki": guiAddCards with the note;
//   - colouring: findCards `is:new (Q)`, `is:learn (Q)`, `prop:s>=0 (Q)` (FSRS probe), then
//     `-is:new -is:learn prop:ivl<G (Q)`, `… prop:ivl>=G prop:ivl<M (Q)`, `… prop:ivl>=M (Q)` where Q is
//     `("deck:A" OR …) ("Word:_*" OR …)`; cardsInfo / cardsModTime / notesModTime / areSuspended on the ids;
//     `"Word:x" OR "Sentence:x"` for one word;
//   - the colouring cache (dictionary-db.ts buildAnkiCache): requestPermission must answer granted; findNotes Q,
//     notesInfo on every id (a note counts only when its field names include a configured word or sentence field,
//     and its card's deckName is a configured deck or a sub-deck of one), cardsModTime on every card (each must
//     answer), cardsInfo for the decks, areSuspended; the fields are the ones its settings offer from
//     modelFieldNames of the note type, so Lectio term's Term and Sentence;
//   - statistics: findCards `prop:due<=N (Q)` for N = 0, 1, 7 (due today, within a day, within a week).
import { beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_INTERVAL_DAYS } from '../../src-shared/review/due';
import { TEST_NOW } from '../helpers/core';
import { withServer } from '../helpers/with-server';
import { acPost, PNG_BASE64, termIdOfNote, wavBase64 } from '../helpers/ankiconnect-client';
import { compileSearch } from '../../src-main/modules/ankiconnect/search';

const s = withServer({ language: { LgName: 'German' } });
const ASBPLAYER = 'chrome-extension://hkledmpjpaehamkiehglnbelcpdflcab';
const call = (action: string, params?: Record<string, unknown>, origin = ASBPLAYER) =>
  acPost(`${s.baseUrl}/ankiconnect`, params ? { action, version: 6, params } : { action, version: 6 }, { origin });
const ok = async (action: string, params?: Record<string, unknown>) => {
  const answer = (await call(action, params)).body;
  expect(answer.error, `${action}: ${answer.error}`).toBeNull();
  return answer.result;
};
const shown: string[] = [];

const exportNote = (word: string, extra: Record<string, string> = {}) => ({
  deckName: 'German',
  modelName: 'asbplayer',
  tags: ['asbplayer'],
  options: { allowDuplicate: true, duplicateScope: 'deck', duplicateScopeOptions: { deckName: 'German', checkChildren: false } },
  fields: { Word: word, Sentence: `Ich sehe den ${word}.`, Definition: `${word} (en)`, ...extra },
});

beforeAll(() => {
  s.core.services.desktop = { show: (path) => shown.push(path) };
});

describe('asbplayer, as its users use it', () => {
  it('its first call raises the Allow prompt (it never asks requestPermission); a web page must still ask', async () => {
    expect(await ok('version')).toBe(6);
    const refused = (await call('deckNames')).body;
    expect(refused).toEqual({ result: null, error: expect.stringContaining(`Lectio has not allowed ${ASBPLAYER}`) });
    await call('modelNames');
    let pending = (await s.client.get('/api/v1/pairing/pending')).body as { id: string; origin: string; name: string }[];
    expect(pending.filter((p) => p.origin === ASBPLAYER)).toEqual([expect.objectContaining({ name: 'AnkiConnect', asker: 'extension' })]);
    // A web page calling is refused without a prompt; Firefox's extension origins prompt too.
    await call('deckNames', {}, 'https://ads.example');
    await call('deckNames', {}, 'moz-extension://0d3c5e8a-asbplayer');
    pending = (await s.client.get('/api/v1/pairing/pending')).body;
    expect(pending.map((p) => p.origin).sort()).toEqual([ASBPLAYER, 'moz-extension://0d3c5e8a-asbplayer']);
    // Denied: no prompt comes back on its next calls.
    const moz = pending.find((p) => p.origin.startsWith('moz'))!;
    await s.client.post(`/api/v1/pairing/${moz.id}/answer`, { allow: false });
    await call('deckNames', {}, moz.origin);
    expect(((await s.client.get('/api/v1/pairing/pending')).body as unknown[]).length).toBe(1);
    await s.client.post(`/api/v1/pairing/${pending.find((p) => p.origin === ASBPLAYER)!.id}/answer`, { allow: true });
    expect(await ok('deckNames')).toEqual(['German']);
  });

  it('exports, then updates the last card: the newest note, its tags kept and added to', async () => {
    for (const word of ['Hund', 'Katze', 'Maus', 'Vogel', 'Fisch', 'Pferd', 'Kuh', 'Schaf', 'Ziege', 'Esel', 'Hase']) {
      expect(await ok('storeMediaFile', { filename: `asbp_${word}.wav`, data: wavBase64(), deleteExisting: false })).toBe(`asbp_${word}.wav`);
      await ok('addNote', { note: exportNote(word, { Audio: `[sound:asbp_${word}.wav]` }) });
    }
    const recent = (await ok('findNotes', { query: 'added:1' })) as number[];
    expect(recent).toHaveLength(11);
    const lastNoteId = [...recent].sort()[recent.length - 1];
    const [info] = await ok('notesInfo', { notes: [lastNoteId] });
    expect(info.noteId).toBe(lastNoteId);
    expect(info.fields.Term.value).toBe('Hase');
    const termId = termIdOfNote(s.core.sqlite, lastNoteId);
    await s.client.put(`/api/v1/terms/${termId}`, { TermTags: { TagList: ['asbplayer', 'mine'] } });
    const params = {
      note: {
        ...exportNote('Hase', { Image: '<img src="asbp_hase.png">' }),
        id: lastNoteId,
        tags: [],
        picture: [{ filename: 'asbp_hase.png', data: PNG_BASE64, fields: ['Image'] }],
      },
    };
    expect(await ok('updateNoteFields', params)).toBeNull();
    let term = (await s.client.get(`/api/v1/terms/${termId}`)).body;
    expect(term.TermTags).toEqual(['asbplayer', 'mine']);
    expect(term.TermMedia.map((m: { filename: string }) => m.filename).sort()).toEqual(['asbp_Hase.wav', 'asbp_hase.png']);
    // Even a Tags field or tags with names: updateNoteFields leaves the term's tags alone, as AnkiConnect does.
    expect(await ok('updateNoteFields', { note: { id: lastNoteId, fields: { Tags: 'x' }, tags: ['x'] } })).toBeNull();
    expect((await s.client.get(`/api/v1/terms/${termId}`)).body.TermTags).toEqual(['asbplayer', 'mine']);
    expect(await ok('addTags', { notes: [lastNoteId], tags: 'asbplayer sentence-mined' })).toBeNull();
    term = (await s.client.get(`/api/v1/terms/${termId}`)).body;
    expect(term.TermTags.sort()).toEqual(['asbplayer', 'mine', 'sentence-mined']);
  });

  it('"Open in Anki" opens Lectio on a new term with the fields filled', async () => {
    expect(await ok('guiAddCards', { note: exportNote('Igel') })).toBe(0);
    const url = new URL(shown.at(-1)!, 'http://x');
    expect(url.pathname).toBe('/word/edit-term');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      new: '1',
      lang: String(s.languageId),
      text: 'Igel',
      sentence: 'Ich sehe den {Igel}.',
      translation: 'Igel (en)',
      tags: 'asbplayer',
    });
    expect((await call('findNotes', { query: '"Word:Igel"' })).body.result).toEqual([]);
    expect((await call('guiAddCards', { note: { ...exportNote('Igel'), deckName: 'Klingon' } })).body.error).toBe('deck was not found: Klingon');
  });

  it('colours words by Lectio’s statuses through its card searches', async () => {
    const statuses: [string, number][] = [
      ['eins', 1],
      ['zwei', 2],
      ['vier', 4],
      ['fünf', 5],
      ['bekannt', 99],
      ['ignoriert', 98],
    ];
    const ids: Record<string, number> = {};
    for (const [word, status] of statuses) {
      await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: word, WoStatus: status });
      [ids[word]] = (await ok('findCards', { query: `"Word:${word}"` })) as number[];
    }
    const Q = '("deck:German" OR "deck:Japanese") ("Word:_*" OR "Expression:_*")';
    const every = (await ok('findCards', { query: Q })) as number[];
    expect(every).toEqual((await ok('findCards', { query: '"Word:_*"' })) as number[]);
    expect(every).toEqual(expect.arrayContaining(Object.values(ids)));
    const set = async (q: string) => new Set((await ok('findCards', { query: q })) as number[]);
    const unknown = await set(`is:new (${Q})`);
    const learning = await set(`is:learn (${Q})`);
    expect(unknown.has(ids.eins) && !unknown.has(ids.zwei)).toBe(true);
    expect([...learning].filter((id) => Object.values(ids).includes(id)).sort()).toEqual([ids.zwei, ids.vier].sort());
    expect(await ok('findCards', { query: `prop:s>=0 (${Q})` })).toEqual([]);
    const graduated = await set(`-is:new -is:learn prop:ivl<11 (${Q})`);
    const young = await set(`-is:new -is:learn prop:ivl>=11 prop:ivl<21 (${Q})`);
    const mature = await set(`-is:new -is:learn prop:ivl>=21 (${Q})`);
    expect(graduated.size + young.size).toBe(0);
    expect([ids.fünf, ids.bekannt, ids.ignoriert].every((id) => mature.has(id))).toBe(true);
    expect(await ok('findCards', { query: `is:review -is:suspended "Word:f_nf"` })).toEqual([ids.fünf]);
    expect(await ok('areSuspended', { cards: [ids.ignoriert, ids.fünf, 42] })).toEqual([true, false, null]);
    // A card's interval is Lectio's wait until the next review (2 → 2 days, 5 → 72: mature at asbplayer's cutoff).
    expect(await ok('getIntervals', { cards: [ids.eins, ids.zwei, ids.fünf] })).toEqual([0, REVIEW_INTERVAL_DAYS[2], REVIEW_INTERVAL_DAYS[5]]);
    expect(await ok('getIntervals', { cards: [ids.fünf], complete: true })).toEqual([[REVIEW_INTERVAL_DAYS[5]]]);
    const cards = await ok('cardsInfo', { cards: [ids.eins, ids.vier, ids.ignoriert] });
    expect(cards.map((c: { type: number; queue: number; interval: number }) => [c.type, c.queue, c.interval])).toEqual([
      [0, 0, 0],
      [1, 1, REVIEW_INTERVAL_DAYS[4]],
      [2, -1, 365],
    ]);
    const mod = Math.floor(s.core.clock.now() / 1000);
    expect(await ok('cardsModTime', { cards: [ids.eins, 7] })).toEqual([{ cardId: ids.eins, mod }]);
    expect(await ok('notesModTime', { notes: [ids.eins] })).toEqual([{ noteId: ids.eins, mod }]);
    expect(await ok('findCards', { query: '(edited:1 OR rated:1) "Word:_*"' })).toEqual(every);
    // One word in several fields, its escapes as asbplayer writes them (escapeAnkiQuery: " * _ \ :).
    expect(await ok('findCards', { query: '"Word:zwei" OR "Sentence:zwei"' })).toEqual([ids.zwei]);
    expect(await ok('findCards', { query: '"Word:f\\_nf"' })).toEqual([]);
  });

  it('builds its colouring cache and its due statistics with the fields Lectio offers it (Term, Sentence)', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    await s.client.post('/api/v1/settings', { key: 'timezone', value: 'UTC' });
    const made: Record<string, number> = {};
    // [word, status, days ago its status changed]: Lectio's review brings a term back REVIEW_INTERVAL_DAYS after.
    const words: [string, number, number][] = [
      ['neu', 1, 0],
      ['morgen', 2, REVIEW_INTERVAL_DAYS[2] - 1],
      ['heute', 3, REVIEW_INTERVAL_DAYS[3]],
      ['überfällig', 4, REVIEW_INTERVAL_DAYS[4] + 3],
      ['später', 5, 0],
      ['gewusst', 99, 400],
      ['beiseite', 98, 400],
    ];
    try {
      for (const [word, status, ago] of words) {
        s.core.clock.set(TEST_NOW - ago * DAY);
        await s.client.post('/api/v1/terms', { WoLgID: s.languageId, WoText: word, WoStatus: status, WoSentence: `Das ist {${word}}.` });
        [made[word]] = (await ok('findCards', { query: `"Term:${word}"` })) as number[];
      }
    } finally {
      s.core.clock.set(TEST_NOW);
    }
    // Its settings offer the note type's fields, and the decks by name.
    expect(await ok('modelFieldNames', { modelName: 'Lectio term' })).toEqual(expect.arrayContaining(['Term', 'Sentence']));
    const wordFields = ['Term'];
    const decks = ['German'];
    expect((await ok('requestPermission')).permission).toBe('granted');
    const Q = `("deck:German") ("Term:_*" OR "Sentence:_*")`;
    const noteIds = (await ok('findNotes', { query: Q })) as number[];
    expect(noteIds).toEqual(expect.arrayContaining(Object.values(made)));
    const notes = (await ok('notesInfo', { notes: noteIds })) as { noteId: number; fields: Record<string, { value: string }>; cards: number[]; mod: number }[];
    expect(notes).toHaveLength(noteIds.length);
    // hasField: every note Lectio answered counts for the colouring.
    expect(notes.every((n) => Object.keys(n.fields).some((f) => wordFields.includes(f)))).toBe(true);
    const cardIds = notes.flatMap((n) => n.cards);
    expect(((await ok('cardsModTime', { cards: cardIds })) as unknown[]).length).toBe(cardIds.length);
    const cards = (await ok('cardsInfo', { cards: cardIds })) as { cardId: number; deckName: string; due: number }[];
    // A card's due is the day Lectio's review brings it back (days since 1970), the day prop:due counts to.
    const today = Math.floor(TEST_NOW / DAY);
    const dueOf = (w: string) => cards.find((c) => c.cardId === made[w])!.due;
    expect([dueOf('heute'), dueOf('morgen'), dueOf('überfällig'), dueOf('später')]).toEqual([today, today + 1, today - 3, today + REVIEW_INTERVAL_DAYS[5]]);
    // hasDeck: the card's deck is the configured one.
    expect(cards.every((c) => decks.some((d) => c.deckName === d || c.deckName.startsWith(`${d}::`)))).toBe(true);
    const suspended = (await ok('areSuspended', { cards: cardIds })) as boolean[];
    const mine = new Set(Object.values(made));
    expect(cardIds.filter((id, i) => suspended[i] && mine.has(id))).toEqual([made.beiseite]);
    const fields = new Map(notes.map((n) => [n.noteId, n.fields.Term.value]));
    expect(fields.get(made.heute)).toBe('heute');

    // Statistics: due today, within a day, within a week, as Lectio's review would bring them back.
    const due = async (q: string) => ((await ok('findCards', { query: `${q} (${Q})` })) as number[]).filter((id) => mine.has(id));
    const byId = (...w: string[]) => w.map((x) => made[x]).sort((a, b) => a - b);
    expect(await due('prop:due<=0')).toEqual(byId('heute', 'überfällig'));
    expect(await due('prop:due<=1')).toEqual(byId('morgen', 'heute', 'überfällig'));
    expect(await due('prop:due<=7')).toEqual(byId('morgen', 'heute', 'überfällig'));
    expect(await due('prop:due=-3')).toEqual(byId('überfällig'));
    expect(await due('prop:due>=1')).toEqual(byId('morgen', 'später'));
    expect(await due(`prop:due=${REVIEW_INTERVAL_DAYS[5]}`)).toEqual(byId('später'));
    expect(await due('prop:due!=0')).toEqual(byId('morgen', 'überfällig', 'später'));
  });

  it('serves note ids, term texts and recent notes from an index; other searches read in windows', async () => {
    const ctx = { clock: s.core.clock };
    const languages = (await s.client.get('/api/v1/languages')).body;
    const plan = (query: string) => {
      const { driver, search } = compileSearch(ctx, query, languages, {}, { today: '2026-03-15', timezone: 'UTC' });
      const rows = s.core.sqlite.prepare(`EXPLAIN QUERY PLAN SELECT WoNoteID FROM words WHERE +WoUsID IS NULL AND (${search.where})`).all(search.params);
      return { driver, detail: (rows as { detail: string }[]).map((r) => r.detail).join('\n') };
    };
    expect(plan('nid:1773576000000,1773576000001')).toMatchObject({ driver: 'note', detail: expect.stringContaining('words_note_id') });
    expect(plan('added:1 "note:asbplayer" "deck:German"')).toMatchObject({ driver: 'note', detail: expect.stringContaining('words_note_id') });
    expect(plan('"Word:hund" OR "Expression:hund"').detail).toMatch(/words_language_text|words_language_owner_text/);
    expect(plan('"deck:German" "Word:hund"').detail).toMatch(/words_language_text|words_language_owner_text/);
    expect(plan('is:new ("Word:_*")').driver).toBe('window');
  });
});
