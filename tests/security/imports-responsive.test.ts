// Issue 21, "work off the event loop": large imports parse in workers and write in slices, so the server keeps
// answering and main-process writes never wait for a whole import; the imports stay all-or-nothing to the user.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { rawUpload, whileWatching } from './hostile';

/** A number written in letters only (q–z for the digits of base 26): a term's text must be one word (issue 33). */
const lettersOf = (n: number) => n.toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)]);

let s: TestServer;
let languageId: number;

beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '1000000' } });
  // No ISO code: automatic lemmas (another module's background work) stay out of these figures.
  languageId = (await s.client.post('/api/v1/languages', { LgName: 'Imports' })).body.LgID;
}, 60_000);
afterAll(async () => s?.close());

const count = (sql: string, ...params: unknown[]) =>
  (s.core.sqlite
    .prepare(sql)
    .pluck()
    .get(...params) as number) ?? 0;

describe('terms import (item 12)', { timeout: 120_000 }, () => {
  it('a 100k-row TSV: /api/v1/version answers within 1 s throughout, every row is stored in one import batch', async () => {
    const rows = ['term\ttranslation\tstatus\ttags'];
    for (let i = 0; i < 100_000; i++) rows.push(`wort${i}\tword number ${i}\t${(i % 5) + 1}\ttag${i % 20}`);
    const send = rawUpload(s, '/api/v1/terms/import', { name: 'terms.tsv', data: Buffer.from(rows.join('\n')) }, { language_id: String(languageId) });
    const watched = await whileWatching(s.baseUrl, send);
    expect(watched.result.status, watched.result.text).toBe(200);
    const result = JSON.parse(watched.result.text) as { created: number; batch: number; total: number };
    expect(result).toMatchObject({ created: 100_000, total: 100_000 });
    expect(watched.slowestMs, `/api/v1/version answered in ${Math.round(watched.slowestMs)} ms during the import`).toBeLessThan(1000);
    expect(watched.pings).toBeGreaterThan(3);
    expect(count('SELECT count(*) FROM words WHERE WoLgID = ? AND WoImportBatch = ?', languageId, result.batch)).toBe(100_000);
    const imported = await s.client.get('/api/v1/terms/imported?per_page=1');
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ total: 100_000, batch: result.batch });
  });

  it('a bad row anywhere in a large file still refuses the whole import before anything is stored', async () => {
    const before = count('SELECT count(*) FROM words');
    const rows = ['term\ttranslation\tstatus'];
    for (let i = 0; i < 20_000; i++) rows.push(`bad${i}\tx\t${i === 15_000 ? '7' : '1'}`);
    const res = await rawUpload(s, '/api/v1/terms/import', { name: 'bad.tsv', data: Buffer.from(rows.join('\n')) }, { language_id: String(languageId) })();
    expect(res.status, res.text).toBe(400);
    expect(res.body.error).toMatch(/line 15002/);
    expect(count('SELECT count(*) FROM words')).toBe(before);
  });
});

describe('dictionary import in slices (item 12)', { timeout: 120_000 }, () => {
  it('main-process saves go through during a 120k-row import (slices of at most 10,000 rows that give way to them), reads-then-writes too; the dictionary and its entries are invisible until it is whole', async () => {
    const rows = ['term\tdefinition'];
    for (let i = 0; i < 120_000; i++) rows.push(`eintrag${i}\tdefinition number ${i}, a short gloss`);
    const send = rawUpload(
      s,
      '/api/v1/local-dictionaries/upload',
      { name: 'big.tsv', data: Buffer.from(rows.join('\n')) },
      { language_id: String(languageId) },
    );
    // The import writes from its worker; a reader of its own (WAL: never in the writers' way, never sharing a
    // statement with the server's connection) samples every 5 ms. Each committed slice stays in view at least
    // until the next one commits, so the sampler sees the partial import; three such looks are checked through HTTP.
    const reader = new Database(s.core.sqlite.name, { readonly: true });
    const entriesNow = reader.prepare('SELECT count(*) FROM local_dictionary_entries').pluck();
    const visibleNow = reader.prepare('SELECT count(*) FROM local_dictionaries WHERE LdLgID = ? AND LdImporting = 0').pluck();
    let partialLooks = 0;
    let looking = false;
    const sampler = setInterval(() => {
      const entries = entriesNow.get() as number;
      if (looking || partialLooks >= 3 || entries === 0 || entries >= 120_000) return;
      looking = true;
      void (async () => {
        const listed = await s.client.get(`/api/v1/local-dictionaries?language_id=${languageId}`);
        const lookup = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${languageId}&term=eintrag1`);
        // Still hidden after both answers: then both must have shown nothing of the committed slices.
        if (visibleNow.get(languageId) === 0) {
          partialLooks++;
          expect(listed.body).toEqual([]);
          expect(lookup.body.entries).toEqual([]);
        }
      })().finally(() => (looking = false));
    }, 5);
    let done = false;
    let saves = 0;
    let slowestSave = 0;
    // Every other save changes the status of the term saved before it: a transaction that reads before it writes,
    // which SQLite fails at once with SQLITE_BUSY when it began deferred while the import held the write lock.
    let lastSaved = 0;
    const during = (async () => {
      while (!done) {
        const t = performance.now();
        const saved =
          saves % 2 === 0
            ? await s.client.post('/api/v1/terms', { WoLgID: languageId, WoText: `save${lettersOf(saves)}`, WoTranslation: 'during the import' })
            : await s.client.put('/api/v1/terms/bulk-action', { ids: [lastSaved], action: 's3' });
        expect(saved.status, saved.text).toBe(200);
        if (saves % 2 === 0) lastSaved = saved.body.WoID;
        else expect(saved.body).toEqual({ success: true, count: 1 });
        slowestSave = Math.max(slowestSave, performance.now() - t);
        saves++;
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const res = await send().finally(() => clearInterval(sampler));
    done = true;
    await during;
    while (looking) await new Promise((r) => setTimeout(r, 5));
    reader.close();
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ imported: 120_000 });
    expect(saves).toBeGreaterThan(1);
    expect(slowestSave, `a save waited ${Math.round(slowestSave)} ms`).toBeLessThan(1000);
    expect(partialLooks, 'the import was seen between slices').toBeGreaterThan(0);
    expect(count('SELECT count(*) FROM local_dictionaries WHERE LdImporting <> 0')).toBe(0);
    const lookup = await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${languageId}&term=eintrag119999`);
    expect(lookup.body.entries.map((e: { LeDefinition: string }) => e.LeDefinition)).toEqual(['definition number 119999, a short gloss']);
  });

  it('rows a killed import left behind stay invisible, and the next import deletes them', async () => {
    // What a worker killed mid-import leaves: a hidden row (its token is its start, an hour ago) and some entries.
    const token = Date.now() - 60 * 60_000;
    const ld = Number(
      s.core.sqlite.prepare("INSERT INTO local_dictionaries (LdLgID, LdName, LdCreated, LdImporting) VALUES (?, 'killed', 0, ?)").run(languageId, token)
        .lastInsertRowid,
    );
    const insert = s.core.sqlite.prepare("INSERT INTO local_dictionary_entries (LeLdID, LeTerm, LeTermLC, LeDefinition) VALUES (?, ?, ?, 'left over')");
    for (let i = 0; i < 12_000; i++) insert.run(ld, `rest${i}`, `rest${i}`);
    const listed = await s.client.get(`/api/v1/local-dictionaries?language_id=${languageId}`);
    expect(listed.body.map((d: { LdName: string }) => d.LdName)).not.toContain('killed');
    expect((await s.client.get(`/api/v1/local-dictionaries/lookup?language_id=${languageId}&term=rest1`)).body.entries).toEqual([]);
    expect((await s.client.put(`/api/v1/local-dictionaries/${ld}`, { LdName: 'renamed' })).status).toBe(404);
    expect((await s.client.delete(`/api/v1/local-dictionaries/${ld}`)).status).toBe(404);

    const res = await s.client.upload(
      '/api/v1/local-dictionaries/upload',
      { name: 'small.csv', data: Buffer.from('Haus,house\n') },
      { language_id: String(languageId) },
    );
    expect(res.status, res.text).toBe(200);
    expect(count('SELECT count(*) FROM local_dictionaries WHERE LdID = ?', ld)).toBe(0);
    expect(count('SELECT count(*) FROM local_dictionary_entries WHERE LeLdID = ?', ld)).toBe(0);
  });

  it('a refused import into an existing dictionary changes nothing in it', async () => {
    const created = await s.client.upload(
      '/api/v1/local-dictionaries/upload',
      { name: 'keep.csv', data: Buffer.from('Baum,tree\nHaus,house\n') },
      {
        language_id: String(languageId),
      },
    );
    const id = created.body.dictionary.LdID as number;
    const before = s.core.sqlite.prepare('SELECT * FROM local_dictionary_entries WHERE LeLdID = ? ORDER BY LeID').all(id);
    const tables = count('SELECT count(*) FROM local_dictionaries');
    const refused = await s.client.upload(
      `/api/v1/local-dictionaries/${id}/import`,
      { name: 'junk.csv', data: Buffer.from('\u0000\u0001\u0002 binary') },
      { replace: '1' },
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(s.core.sqlite.prepare('SELECT * FROM local_dictionary_entries WHERE LeLdID = ? ORDER BY LeID').all(id)).toEqual(before);
    expect(count('SELECT count(*) FROM local_dictionaries')).toBe(tables);
    // And an accepted replace swaps the entries whole.
    const replaced = await s.client.upload(`/api/v1/local-dictionaries/${id}/import`, { name: 'new.csv', data: Buffer.from('Katze,cat\n') }, { replace: '1' });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body.dictionary).toMatchObject({ LdID: id, LdEntryCount: 1 });
    expect(s.core.sqlite.prepare('SELECT LeTerm FROM local_dictionary_entries WHERE LeLdID = ?').pluck().all(id)).toEqual(['Katze']);
    expect(count('SELECT count(*) FROM local_dictionaries WHERE LdImporting <> 0')).toBe(0);
  });
});
