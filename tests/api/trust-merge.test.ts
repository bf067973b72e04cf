// Issue 31, item 3: moving in a term the learner already has. The preview says which terms differ; the import
// keeps mine, takes theirs, or (default) fills only the fields mine has empty — never drops theirs silently.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, hasFixtures, startTestServer, type TestServer } from '../helpers/core';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
});
afterAll(() => s?.close());

/** A Lute database with "tener" (status 4, "to have") and "comer" (status 2, "to eat") in Spanish. */
function luteFile(): Buffer {
  const file = path.join(os.tmpdir(), `lute-merge-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  const db = new Database(file);
  db.exec(fs.readFileSync(fixture('migrate', 'lute_v3_baseline.sql'), 'utf8'));
  db.exec(`
    INSERT INTO languages VALUES (1, 'Spanish', '', '.!?', '', 'a-zA-ZáéíóúñÑ', 0, 0, 'spacedel');
    INSERT INTO words (WoID, WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoTokenCount, WoSyncStatus) VALUES
      (1, 1, 'tener', 'tener', 4, 'to have', 1, 0),
      (2, 1, 'comer', 'comer', 2, 'to eat', 1, 0);
  `);
  db.close();
  const bytes = fs.readFileSync(file);
  fs.rmSync(file);
  return bytes;
}

const importLute = (fields: Record<string, string>) => s.client.upload('/api/v1/import/lute', { name: 'lute.db', data: luteFile() }, fields);
const term = (text: string) =>
  s.core.sqlite.prepare('SELECT WoStatus, WoTranslation FROM words WHERE WoTextLC = ?').get(text) as { WoStatus: number; WoTranslation: string };

async function freshSpanish(): Promise<void> {
  s.core.sqlite.exec('DELETE FROM words; DELETE FROM languages;');
  const es = (await s.client.post('/api/v1/languages', { LgName: 'Spanish' })).body.LgID;
  await s.client.post('/api/v1/terms', { WoLgID: es, WoText: 'tener', WoStatus: 1 });
  await s.client.post('/api/v1/terms', { WoLgID: es, WoText: 'comer', WoStatus: 3, WoTranslation: 'eat' });
}

describe.skipIf(!hasFixtures)('merging terms the learner has', () => {
  it('the preview lists the terms that differ, mine and theirs', async () => {
    await freshSpanish();
    const res = await importLute({ preview: '1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.differing.count).toBe(2);
    expect(res.body.differing.terms).toContainEqual({
      language: 'Spanish',
      text: 'tener',
      mine: { status: 1, translation: '' },
      theirs: { status: 4, translation: 'to have' },
    });
  });

  it('by default fills only empty fields: tener gets "to have", comer keeps "eat" and its status', async () => {
    await freshSpanish();
    const res = await importLute({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.merged.terms).toBe(1);
    expect(term('tener')).toEqual({ WoStatus: 1, WoTranslation: 'to have' });
    expect(term('comer')).toEqual({ WoStatus: 3, WoTranslation: 'eat' });
  });

  it('take theirs: status and translation come from the file', async () => {
    await freshSpanish();
    const res = await importLute({ merge: 'theirs' });
    expect(res.body.merged.terms).toBe(2);
    expect(term('tener')).toEqual({ WoStatus: 4, WoTranslation: 'to have' });
    expect(term('comer')).toEqual({ WoStatus: 2, WoTranslation: 'to eat' });
  });

  it('take theirs counts only the terms that change: a term the file holds as mine is already there (issue 51)', async () => {
    await freshSpanish();
    // comer as the file has it: taking theirs changes nothing of it.
    s.core.sqlite.prepare("UPDATE words SET WoStatus = 2, WoTranslation = 'to eat' WHERE WoTextLC = 'comer'").run();
    const preview = await importLute({ preview: '1' });
    expect(preview.body.differing.count).toBe(1);
    const res = await importLute({ merge: 'theirs' });
    expect(res.body.merged.terms).toBe(preview.body.differing.count);
    expect(res.body.skipped.terms).toBe(1);
    expect(term('tener')).toEqual({ WoStatus: 4, WoTranslation: 'to have' });
  });

  it('keep mine: nothing of mine changes', async () => {
    await freshSpanish();
    const res = await importLute({ merge: 'keep' });
    expect(res.body.merged.terms).toBe(0);
    expect(res.body.skipped.terms).toBe(2);
    expect(term('tener')).toEqual({ WoStatus: 1, WoTranslation: '' });
  });
});
