// Issue 31, item 2: moving in keeps history. LWT's WoCreated / WoStatusChanged and Lute's word and page dates are
// kept; moved-in terms are not today's "terms created"; the result's "moved in" line says what came with its dates.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, startTestServer, type TestServer } from '../helpers/core';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  await s.client.post('/api/v1/settings', { key: 'timezone', value: 'UTC' });
});
afterAll(() => s?.close());

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const term = (text: string) =>
  s.core.sqlite.prepare('SELECT WoCreated, WoStatusChanged FROM words WHERE WoTextLC = ?').get(text) as { WoCreated: number; WoStatusChanged: number };

describe.skipIf(!hasFixtures)('moving in keeps dates', () => {
  it("LWT's demo backup: bonjour keeps 2011-08-30, and nothing counts as created today", async () => {
    const res = await s.client.upload('/api/v1/import/lwt', { name: 'lwt.sql.gz', data: fs.readFileSync(fixture('migrate', 'lwt_demo_backup.sql.gz')) }, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const bonjour = term('bonjour');
    expect(iso(bonjour.WoCreated).slice(0, 10)).toBe('2011-08-30');
    expect(bonjour.WoStatusChanged).toBeLessThan(Date.UTC(2021, 0, 1));
    expect(res.body.moved_in).toMatchObject({ terms: res.body.created.terms, texts: 10 });
    expect(iso(res.body.moved_in.since).slice(0, 10) <= '2011-08-30').toBe(true);
    const today = (await s.client.get('/api/v1/activity/today')).body;
    expect(today.termsCreated).toBe(0);
  });

  it('a Lute database: words keep WoCreated / WoStatusChanged, pages their start and read dates', async () => {
    const file = path.join(os.tmpdir(), `lute-dates-${process.pid}.db`);
    const db = new Database(file);
    db.exec(fs.readFileSync(fixture('migrate', 'lute_v3_baseline.sql'), 'utf8'));
    db.exec(`
      INSERT INTO languages VALUES (1, 'Spanish', '', '.!?', '', 'a-zA-ZáéíóúñÑ', 0, 0, 'spacedel');
      INSERT INTO words (WoID, WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoTokenCount, WoCreated, WoStatusChanged, WoSyncStatus)
        VALUES (1, 1, 'tener', 'tener', 4, 'to have', 1, '2019-03-04 10:00:00', '2020-05-06 11:00:00', 0);
      INSERT INTO books (BkID, BkLgID, BkTitle, BkArchived, BkCurrentTxID) VALUES (1, 1, 'Cuento', 0, 1);
      INSERT INTO texts (TxID, TxBkID, TxOrder, TxText, TxStartDate, TxReadDate) VALUES (1, 1, 1, 'Tengo un gato.', '2019-03-04 09:00:00', '2019-03-05 09:00:00');
    `);
    db.close();
    const data = fs.readFileSync(file);
    fs.rmSync(file);
    const res = await s.client.upload('/api/v1/import/lute', { name: 'lute.db', data }, { conflicts: 'rename' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tener = term('tener');
    expect(iso(tener.WoCreated)).toBe('2019-03-04 10:00:00');
    expect(iso(tener.WoStatusChanged)).toBe('2020-05-06 11:00:00');
    const page = s.core.sqlite.prepare("SELECT TxCreated, TxFinishedAt FROM texts WHERE TxText = 'Tengo un gato.'").get() as {
      TxCreated: number;
      TxFinishedAt: number;
    };
    expect(iso(page.TxCreated)).toBe('2019-03-04 09:00:00');
    expect(iso(page.TxFinishedAt)).toBe('2019-03-05 09:00:00');
    expect((await s.client.get('/api/v1/activity/today')).body.termsCreated).toBe(0);
  });
});
