// A move-in from LWT of a backup with many terms (issue 34): the terms are stored a slice per transaction with the
// event loop turning between (one transaction of 100,000 terms held every other write for seconds), and a move that
// fails part-way leaves the library as it was. A probe on the server's own loop counts the moved terms while the
// move runs: it sees them arrive a slice at a time, never only "none" and then "all". No timing asserts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFixtures, startTestServer, type TestServer } from '../helpers/core';
import { lwtBackupWithTerms } from '../helpers/lwt-dump';

const EXTRA_TERMS = 3000;
let s: TestServer;

const moved = () => s.core.sqlite.prepare("SELECT count(*) FROM words WHERE WoText LIKE 'movemot%'").pluck().get() as number;
const counts = () =>
  s.core.sqlite
    .prepare('SELECT (SELECT count(*) FROM languages) AS languages, (SELECT count(*) FROM words) AS terms, (SELECT count(*) FROM texts) AS texts')
    .get();

beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
});
afterAll(() => s?.close());

describe.skipIf(!hasFixtures)('moving in a large LWT backup', { timeout: 120_000 }, () => {
  const backup = hasFixtures ? lwtBackupWithTerms(EXTRA_TERMS, 'movemot') : new Uint8Array();

  it('undoes every step when a later one fails: no language, term or text is left', async () => {
    const before = counts();
    // The texts' step fails (as a full disk would) after the languages and every slice of terms were committed.
    s.core.sqlite.exec("CREATE TEMP TRIGGER refuse_texts BEFORE INSERT ON texts BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    let seen = 0;
    const probe = setInterval(() => (seen = Math.max(seen, moved())), 0);
    try {
      const res = await s.client.upload('/api/v1/import/lwt', { name: 'lwt_backup.sql.gz', data: backup });
      expect(res.status).toBe(500);
    } finally {
      clearInterval(probe);
      s.core.sqlite.exec('DROP TRIGGER temp.refuse_texts');
    }
    expect(seen).toBeGreaterThan(0);
    expect(counts()).toEqual(before);
  });

  it('stores the terms a slice at a time, the loop turning between slices', async () => {
    const values: number[] = [];
    const probe = setInterval(() => {
      const v = moved();
      if (values[values.length - 1] !== v) values.push(v);
    }, 0);
    try {
      const res = await s.client.upload('/api/v1/import/lwt', { name: 'lwt_backup.sql.gz', data: backup });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(res.body.created.terms).toBeGreaterThanOrEqual(EXTRA_TERMS);
    } finally {
      clearInterval(probe);
    }
    expect(moved()).toBe(EXTRA_TERMS);
    // Seen between "none" and "all": the terms were not one block of the loop.
    expect(values.filter((v) => v > 0 && v < EXTRA_TERMS).length).toBeGreaterThan(2);
  });
});
