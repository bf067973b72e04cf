// A large library never freezes the server (issue 34 item 2). Structural checks, no timing asserts:
// - every statement that reads the terms table while a text is created and read, a book imported and a backup
//   moved in from LWT seeks an index on a database WITHOUT statistics (sqlite_stat1 dropped): none walks all of the
//   owner's or the language's terms, as `words_owner (WoUsID=?)` did for 562 s on 1.5 M terms;
// - a book import and an LWT move-in let the event loop turn between chapters / texts: a probe running on the
//   server's own loop sees the chapters parsed a few at a time, never only "none" and then "all"; the book's word
//   counts are gathered a chapter per statement, a few statements a turn.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEpub, prose } from '../helpers/epub';
import { fixture, hasFixtures, startTestServer, type TestServer } from '../helpers/core';

let s: TestServer;
let languageId: number;
/** Each statement run on the core's connection, with the arguments of its first run. */
const seen = new Map<string, unknown[]>();
/** Every run (statement and arguments) while `recording` is on. */
const runs: [string, unknown[]][] = [];
let recording = false;

beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  languageId = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID;
  const sqlite = s.core.sqlite;
  sqlite
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
       INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoCreated, WoModified, WoStatusChanged) SELECT ?, 'term' || i, 'term' || i, 1, 0, 0, 0 FROM n`,
    )
    .run(languageId);
  const prepare = sqlite.prepare.bind(sqlite);
  // Statements the core prepares from now on report their SQL and first arguments.
  sqlite.prepare = ((sql: string) => {
    const st = prepare(sql);
    const methods = st as unknown as Record<string, (...args: unknown[]) => unknown>;
    for (const method of ['run', 'get', 'all', 'iterate']) {
      const original = methods[method].bind(st);
      methods[method] = (...args: unknown[]) => {
        if (!seen.has(sql)) seen.set(sql, args);
        if (recording) runs.push([sql, args]);
        return original(...args);
      };
    }
    return st;
  }) as typeof sqlite.prepare;
});
afterAll(() => s?.close());

/** Parsed chapters / texts whose title starts with `prefix`. */
const parsedCount = (prefix: string) =>
  s.core.sqlite.prepare("SELECT count(*) FROM texts WHERE TxTitle LIKE ? || '%' AND TxNeedsParse = 0").pluck().get(prefix) as number;

/** Runs `work` while a timer on the server's loop samples `sample()`; the distinct values seen, in order. */
async function sampledDuring(work: () => Promise<unknown>, sample: () => number): Promise<number[]> {
  const values: number[] = [];
  const timer = setInterval(() => {
    const v = sample();
    if (values[values.length - 1] !== v) values.push(v);
  }, 0);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return values;
}

describe('a large library never freezes the server', () => {
  it('imports a 40-chapter book with the loop turning between chapters', async () => {
    const docs = Array.from({ length: 40 }, (_, i) => ({
      path: `c${i + 1}.xhtml`,
      body: `<h2>Chapter ${i + 1}</h2><p>${prose(300, i + 3)} term${i + 1}.</p>`,
    }));
    const epub = await makeEpub({ title: 'Yielding', language: 'en', docs, nav: docs.map((d, i) => ({ title: `Chapter ${i + 1}`, href: d.path })) });
    let status = 0;
    recording = true;
    const values = await sampledDuring(
      async () => {
        const res = await s.client.upload('/api/v1/books', { name: 'yielding.epub', data: epub }, { language_id: String(languageId) });
        status = res.status;
        expect(res.body.BkChapterCount).toBe(40);
      },
      () => parsedCount('Yielding —'),
    );
    recording = false;
    expect(status).toBe(200);
    expect(parsedCount('Yielding —')).toBe(40);
    // Seen between "none parsed" and "all parsed": the import was not one block of the loop (chapters go a few a
    // transaction, as many as a turn's time allows).
    expect(values.filter((v) => v > 0 && v < 40).length).toBeGreaterThan(0);
    // The book's word counts (the import answers with them) were gathered a chapter at a time too: no statement read
    // the occurrences of several chapters at once (200 chapters on a million terms: half a second in one query).
    const byTextList = runs.filter(([sql]) => /word_occurrences/.test(sql) && /json_each/.test(sql));
    const widest = Math.max(0, ...byTextList.map(([, args]) => (JSON.parse(String(args[0])) as unknown[]).length));
    expect(widest).toBeLessThanOrEqual(1);
    expect(runs.some(([sql]) => /SELECT DISTINCT Ti2TfID FROM word_occurrences WHERE Ti2TxID = \?/.test(sql))).toBe(true);
  });

  it.skipIf(!hasFixtures)('moves the LWT demo backup in with the loop turning between its texts', async () => {
    const before = parsedCount('');
    const data = new Uint8Array(fs.readFileSync(fixture('migrate', 'lwt_demo_backup.sql.gz')));
    const values = await sampledDuring(
      async () => {
        const res = await s.client.upload('/api/v1/import/lwt', { name: 'lwt_backup.sql.gz', data });
        expect(res.status, res.text.slice(0, 200)).toBe(200);
      },
      () => parsedCount('') - before,
    );
    const moved = parsedCount('') - before;
    expect(moved).toBeGreaterThan(2);
    expect(values.filter((v) => v > 0 && v < moved).length).toBeGreaterThan(0);
  });

  it('creates and reads a text, every terms lookup seeking an index without statistics', async () => {
    const created = await s.client.post('/api/v1/texts', { TxLgID: languageId, TxTitle: 'Plans', TxText: `${prose(200)} term1 term2 term3.` });
    expect(created.status).toBe(200);
    expect((await s.client.get(`/api/v1/texts/${created.body.TxID}/reader`)).status).toBe(200);

    const sqlite = s.core.sqlite;
    sqlite.exec('DROP TABLE IF EXISTS sqlite_stat1');
    const ofWords = [...seen].filter(([sql]) => /\bwords\b/.test(sql) && /^\s*(SELECT|WITH|UPDATE|DELETE)/i.test(sql));
    // The text create, the reader, the book import and the move-in above all looked terms up.
    expect(ofWords.length).toBeGreaterThan(5);
    const walks: string[] = [];
    for (const [sql, args] of ofWords) {
      const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail);
      // A whole-table scan, or an owner-only seek (every term of the owner), of the terms table.
      const walk = plan.find((d) => /^SCAN words\b|^SCAN w\b|USING (COVERING )?INDEX words_owner(_import)? \(WoUsID=\?\)$/.test(d));
      // max() of the column after an index's equality prefix (the next import batch) is one seek, not a walk.
      const oneSeek = /^\s*SELECT max\(WoImportBatch\) FROM words WHERE WoUsID IS @owner\s*$/.test(sql);
      if (walk && !oneSeek) walks.push(`${walk}\n  in ${sql.replace(/\s+/g, ' ').slice(0, 300)}`);
    }
    expect(walks).toEqual([]);
  });
});
