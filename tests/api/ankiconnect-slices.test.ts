// No AnkiConnect call holds the server for long on a large library (issue 43). Structural checks, no timing asserts:
// every statement the core runs is recorded with the event-loop turn it ran in (a setImmediate counter on the
// server's own loop), so a call that does all its work in one turn shows up as thousands of seeks, ids or windows
// in one turn, whatever the machine's speed:
// - canAddNotes / addNotes of 1,000 notes check and write a slice of notes a turn;
// - multi runs one action a turn; a search no index serves reads one window of ids a turn;
// - notesInfo / cardsInfo read a slice of ids a turn, and one call answers at most 10,000 notes (500,000 ids), a
//   multi's actions together too;
// - every statement on the terms table seeks an index without statistics: none reads all of a language's or an
//   owner's terms (the lemma fill after a save did, 0.3 s on 1 M terms).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acPost } from '../helpers/ankiconnect-client';
import { startTestServer, type TestServer } from '../helpers/core';
import { pendingIds, pendingLanguages, termsWithoutLemma } from '../../src-main/modules/lemmas/repo';
import { LOCAL_OWNER } from '../../src-main/db/scope';

const TERMS = 25_000;
/** Term i's Anki note id (a creation time in ms, as migration 0025 gives terms made at the epoch's 10^12 floor). */
const NOTE_BASE = 1_000_000_000_000;
/** A made-up word for number i (letters only: digits are not word characters). */
const word = (prefix: string, i: number) => prefix + [...String(i)].map((d) => 'abcdefghij'[Number(d)]).join('');
/** The same word in SQL, for the terms inserted at the start. */
const WORD_SQL = [...'abcdefghij'].reduce((sql, letter, digit) => `replace(${sql}, '${digit}', '${letter}')`, 'CAST(i AS TEXT)');
let s: TestServer;
let url = '';
let languageId = 0;
/** Each run of a statement: its SQL, arguments and the turn of the event loop it ran in. */
const runs: { sql: string; args: unknown[]; turn: number }[] = [];
let turn = 0;
let spinning = true;
const spin = () => {
  turn++;
  if (spinning) setImmediate(spin);
};

beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  url = `${s.baseUrl}/ankiconnect`;
  languageId = (await s.client.post('/api/v1/languages', { LgName: 'German', LgIsoCode: 'de' })).body.LgID;
  const sqlite = s.core.sqlite;
  sqlite
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TERMS})
       INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoCreated, WoModified, WoStatusChanged, WoNoteID)
       SELECT ?, 'wort' || ${WORD_SQL}, 'wort' || ${WORD_SQL}, 1, 0, 0, 0, ${NOTE_BASE} + i FROM n`,
    )
    .run(languageId);
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((sql: string) => {
    const st = prepare(sql);
    const methods = st as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ['run', 'get', 'all', 'iterate']) {
      const original = methods[method].bind(st);
      methods[method] = (...args: unknown[]) => {
        runs.push({ sql, args, turn });
        return original(...args);
      };
    }
    return st;
  }) as typeof sqlite.prepare;
  spin();
});
afterAll(async () => {
  spinning = false;
  await s?.close();
});

const call = async (action: string, params: Record<string, unknown>) => {
  const answer = await acPost(url, { action, version: 6, params });
  return answer.body as { result: unknown; error: string | null };
};

/** The statements matching `pattern` that `work` ran: how many in all, and the most in one turn of the loop. */
async function perTurn(pattern: RegExp, work: () => Promise<unknown>, weight: (args: unknown[]) => number = () => 1) {
  const from = runs.length;
  await work();
  const byTurn = new Map<number, number>();
  let total = 0;
  for (const r of runs.slice(from)) {
    if (!pattern.test(r.sql)) continue;
    const w = weight(r.args);
    total += w;
    byTurn.set(r.turn, (byTurn.get(r.turn) ?? 0) + w);
  }
  return { total, most: Math.max(0, ...byTurn.values()) };
}

const note = (word: string) => ({
  deckName: 'German',
  modelName: 'Lectio term',
  fields: { Term: word, Translation: 'ein Wort' },
  options: { allowDuplicate: false, duplicateScope: 'collection' },
});
/** Seeks of one term by its (language, text) key: the duplicate check's and the written notes' ids. */
const KEY_SEEK = /WoLgID = @lg AND WoTextLC = @lc/;
/** Ids listed in a statement's first argument (json_each of @ids). */
const idsOf = (args: unknown[]) => {
  const ids = (args[0] as { ids?: unknown } | undefined)?.ids;
  return typeof ids === 'string' ? (JSON.parse(ids) as unknown[]).length : 0;
};

describe('AnkiConnect calls share the loop on a large library', () => {
  it('checks and writes a big canAddNotes / addNotes a slice of notes a turn', async () => {
    const notes = Array.from({ length: 1000 }, (_, i) => note(i % 2 ? word('wort', 1 + i * 7) : word('neu', i)));
    let answer: { result: unknown; error: string | null } = { result: null, error: null };
    const check = await perTurn(KEY_SEEK, async () => {
      answer = await call('canAddNotes', { notes });
    });
    expect(answer.error, String(answer.error)).toBeNull();
    expect((answer.result as boolean[]).filter(Boolean)).toHaveLength(500);
    expect(check.total).toBeGreaterThanOrEqual(1000);
    expect(check.most).toBeLessThanOrEqual(400);

    const fresh = Array.from({ length: 1000 }, (_, i) => note(word('frisch', i)));
    const write = await perTurn(KEY_SEEK, async () => {
      answer = await call('addNotes', { notes: fresh });
    });
    expect((answer.result as number[]).every((id) => id > NOTE_BASE + TERMS)).toBe(true);
    expect(write.total).toBeGreaterThanOrEqual(2000);
    expect(write.most).toBeLessThanOrEqual(400);
  });

  it('runs a multi one action a turn and a search no index serves a window of ids a turn', async () => {
    const actions = Array.from({ length: 100 }, (_, i) => ({ action: 'findNotes', version: 6, params: { query: `"term:${word('wort', 1 + i * 97)}"` } }));
    let found: unknown = null;
    const multi = await perTurn(/^SELECT WoNoteID FROM words WHERE/, async () => {
      found = (await call('multi', { actions })).result;
    });
    expect((found as { result: number[] }[]).every((f) => f.result.length === 1)).toBe(true);
    expect(multi.total).toBeGreaterThanOrEqual(100);
    expect(multi.most).toBeLessThanOrEqual(2);

    const windows = await perTurn(/WoID > @after AND WoID <= @upTo/, async () => {
      found = (await call('findNotes', { query: 'rtbc' })).result;
    });
    expect((found as number[]).length).toBeGreaterThan(100);
    expect(windows.total).toBeGreaterThanOrEqual(3);
    expect(windows.most).toBe(1);
  });

  it('reads notesInfo and cardsInfo of many ids a slice a turn, and answers at most 10,000 notes a call', async () => {
    const ids = Array.from({ length: 3000 }, (_, i) => NOTE_BASE + 1 + i * 7);
    let answer: { result: unknown; error: string | null } = { result: null, error: null };
    for (const [action, params] of [
      ['notesInfo', { notes: ids }],
      ['cardsInfo', { cards: ids }],
    ] as const) {
      const read = await perTurn(
        /FROM words WHERE WoID IN \(SELECT value FROM json_each\(@ids\)\)/,
        async () => {
          answer = await call(action, params);
        },
        idsOf,
      );
      expect(answer.error).toBeNull();
      expect((answer.result as { fields?: { Term: { value: string } } }[])[1].fields?.Term.value).toBe(word('wort', 8));
      expect(read.total).toBe(3000);
      expect(read.most).toBeLessThanOrEqual(1000);
    }

    const tooMany = Array.from({ length: 10_001 }, (_, i) => i + 1);
    expect((await call('notesInfo', { notes: tooMany })).error).toMatch(/more than Lectio answers at once/);
    expect((await call('cardsInfo', { cards: tooMany })).error).toMatch(/more than Lectio answers at once/);
    // A query finding every term of the deck: refused before its notes are read.
    expect((await call('notesInfo', { query: 'deck:German' })).error).toMatch(/more than Lectio answers at once/);
    // A multi shares the budget: the second half of 2 × 6,000 notes is refused, the first answered.
    const half = Array.from({ length: 6000 }, (_, i) => i + 1);
    const both = (await call('multi', { actions: [0, 1].map(() => ({ action: 'notesInfo', version: 6, params: { notes: half } })) })).result as {
      result: unknown[] | null;
      error: string | null;
    }[];
    expect(both[0].result).toHaveLength(6000);
    expect(both[1]).toEqual({ result: null, error: expect.stringMatching(/more than Lectio answers at once/) });
    expect((await call('canAddNotes', { notes: Array.from({ length: 10_001 }, () => note('x')) })).error).toMatch(/10001 notes in one call/);
    expect((await call('multi', { actions: Array.from({ length: 1001 }, () => ({ action: 'version' })) })).error).toMatch(/Invalid params for multi/);
  });

  it('seeks an index in every statement on the terms table, without statistics, the lemma fill after a save included', () => {
    const sqlite = s.core.sqlite;
    sqlite.exec('DROP TABLE IF EXISTS sqlite_stat1');
    // The lemma fill that follows a save (lemmas.fill: the saved terms, then the language's pending ones).
    termsWithoutLemma(sqlite, LOCAL_OWNER, languageId, [TERMS + 1, TERMS + 2]);
    pendingIds(sqlite, LOCAL_OWNER, languageId);
    pendingLanguages(sqlite);
    const statements = new Map<string, unknown[]>();
    for (const r of runs)
      if (/\bwords\b/.test(r.sql) && /^\s*(SELECT|WITH|UPDATE|DELETE)/i.test(r.sql) && !statements.has(r.sql)) statements.set(r.sql, r.args);
    expect(statements.size).toBeGreaterThan(5);
    const walks: string[] = [];
    for (const [sql, args] of statements) {
      const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail);
      // A whole-table scan, or a seek of only the language and/or the owner: every term of a language or an owner.
      const walk = plan.find((d) => /^SCAN words\b|USING (COVERING )?INDEX \w+ \((WoUsID=\?|WoLgID=\?|WoLgID=\? AND WoUsID=\?)\)$/.test(d));
      // The one statement that reads a whole language on purpose is the "Fill missing lemmas" action's (no ids).
      const wholeLanguage = /WoLgID = @lg AND WoLemmaLC IS NULL/.test(sql) && !/json_each/.test(sql);
      // One row at the start of an index's prefix (LIMIT 1, max() of the next column) is one seek, not a walk.
      const oneSeek = /\bLIMIT 1\s*$|^\s*SELECT max\(WoImportBatch\) FROM words WHERE WoUsID IS @owner\s*$/.test(sql);
      if (walk && !wholeLanguage && !oneSeek) walks.push(`${walk}\n  in ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
    expect(walks).toEqual([]);
  });
});
