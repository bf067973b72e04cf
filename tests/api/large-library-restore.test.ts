// A restore of a large library never freezes the server (issue 34): the checks, migrations and the copy of every row
// into a database of Lectio's schema run in a worker thread. A probe on the server's own loop looks for the rebuilt
// file (`lectio.db.restore-….schema`), which exists only while that copy runs: on the main thread it was created and
// renamed within one turn of the loop, so no timer could ever see it. No timing asserts.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { downloadBackup, tableChecksums } from '../helpers/backup';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  const languageId = (await s.client.post('/api/v1/languages', { LgName: 'English', LgIsoCode: 'en' })).body.LgID as number;
  s.core.sqlite
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
       INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoTranslation, WoCreated, WoModified, WoStatusChanged)
       SELECT ?, 'term' || i, 'term' || i, 1 + i % 5, 'a translation of term ' || i, 0, 0, 0 FROM n`,
    )
    .run(languageId);
});
afterAll(() => s?.close());

describe('a restore of a large library', { timeout: 120_000 }, () => {
  it('prepares the restored database while the loop keeps turning, and restores every row', async () => {
    const before = tableChecksums(s.core.sqlite);
    const backup = (await downloadBackup(s.core)).data;
    const dataDir = s.core.dataDir;
    let turnsDuringRebuild = 0;
    let versionsAnswered = 0;
    const probe = setInterval(() => {
      if (fs.readdirSync(dataDir).some((n) => /^lectio\.db\.restore-.*\.schema$/.test(n))) turnsDuringRebuild++;
    }, 0);
    // Requests meanwhile are answered (the core's connection stays open until the swap).
    let polling = true;
    const poll = (async () => {
      while (polling) {
        if ((await s.client.get('/api/v1/version')).status === 200) versionsAnswered++;
      }
    })();
    try {
      const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backup });
      expect(res.status, res.text.slice(0, 300)).toBe(200);
      expect(res.body.counts.words).toBe(60000);
    } finally {
      clearInterval(probe);
      polling = false;
      await poll;
    }
    expect(turnsDuringRebuild).toBeGreaterThan(0);
    expect(versionsAnswered).toBeGreaterThan(0);
    expect(tableChecksums(s.core.sqlite)).toEqual(before);
  });
});
