// Issue 34 item 3: a restore keeps the previous library (database and the files it replaced) until the restored one
// has started and served a request. When the restored library cannot start — at the restore itself or at the next
// start — the previous one is put back, and the learner reads why (the restore's answer, Settings → Backup, the log).
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/app/core';
import { silentLogger, type Logger } from '../../src-main/core/context';
import { createHttpServer, type LectioHttpServer } from '../../src-main/http/server';
import { rendererDir } from '../../src-main/core/paths';
import { restoreHookSlot, type RestoreStepHook } from '../../src-main/modules/backup/restore';
import { startTestServer, TestClient, testConfig, type TestServer } from '../helpers/core';
import { downloadBackup, seedLibrary, tableChecksums } from '../helpers/backup';

const ENV = { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' };
const COVER = path.join('covers', '1.jpg');

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

/** A library with a cover, its backup, and then a different "previous" library: an extra language, another cover. */
async function libraryAndBackup(): Promise<{ s: TestServer; backup: Uint8Array; dataDir: string }> {
  const s = await startTestServer({ env: ENV });
  open.push({ close: () => s.close() });
  await seedLibrary(s);
  fs.mkdirSync(path.join(s.core.dataDir, 'covers'), { recursive: true });
  fs.writeFileSync(path.join(s.core.dataDir, COVER), 'cover in the backup');
  const backup = (await downloadBackup(s.core)).data;
  expect((await s.client.post('/api/v1/languages', { LgName: 'Only in the previous library' })).status).toBe(200);
  fs.writeFileSync(path.join(s.core.dataDir, COVER), 'cover of the previous library');
  return { s, backup, dataDir: s.core.dataDir };
}

/** Breaks a database file the way a damaged or unreadable library is broken: its header is not SQLite's. */
const breakDatabase = (file: string) => {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.from('this is not a SQLite database header'), 0, 36, 0);
  fs.closeSync(fd);
};

const leftovers = (dir: string) => fs.readdirSync(dir).filter((n) => n.startsWith('pre-restore-') || n === 'restore-pending.json');

/** A core and HTTP server on an existing data folder, like the app's next start. */
async function startOn(dataDir: string, log: Logger = silentLogger): Promise<{ core: Core; client: TestClient }> {
  const core = createCore({ config: testConfig(ENV, dataDir), log });
  const http: LectioHttpServer = createHttpServer(core, { rendererDir: rendererDir() });
  const port = await http.listen(0, '127.0.0.1');
  open.push({ close: () => core.close() }, { close: () => http.close() });
  return { core, client: await new TestClient(`http://127.0.0.1:${port}`).init() };
}

describe('the previous library after a restore', { timeout: 60_000 }, () => {
  it('a restored library that cannot be opened is undone at once: the previous library is back, and the answer says why', async () => {
    const { s, backup, dataDir } = await libraryAndBackup();
    const before = tableChecksums(s.core.sqlite);
    const hook: RestoreStepHook = (step) => step === 'renamed' && breakDatabase(path.join(dataDir, 'lectio.db'));
    restoreHookSlot.set(s.core.services, hook);
    const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backup });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe('restore.putBack');
    expect(res.body.error).toMatch(/could not start \(.*not a database.*\); your previous library was put back/);
    expect(tableChecksums(s.core.sqlite)).toEqual(before);
    expect(fs.readFileSync(path.join(dataDir, COVER), 'utf8')).toBe('cover of the previous library');
    expect(leftovers(dataDir)).toEqual([]);
    const settings = await s.client.get('/api/v1/backup/settings');
    expect(settings.body.restoreNotice).toMatchObject({ reason: expect.stringMatching(/not a database/), backup: '2026-03-15T12:00:00.000Z' });
    // The server goes on with the previous library.
    expect((await s.client.get('/api/v1/languages')).body.map((l: { LgName: string }) => l.LgName)).toContain('Only in the previous library');
  });

  it('a restored library that fails at the next start is replaced by the previous one, files too, and the learner is told', async () => {
    const { s, backup, dataDir } = await libraryAndBackup();
    const before = tableChecksums(s.core.sqlite);
    const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backup });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, COVER), 'utf8')).toBe('cover in the backup');
    // The restore's own answer is not a served request of the restored library: the recovery copy stays.
    expect(leftovers(dataDir).sort()).toEqual(['pre-restore-2026-03-15-12-00-00-files', 'pre-restore-2026-03-15-12-00-00.db', 'restore-pending.json']);
    s.core.close();
    breakDatabase(path.join(dataDir, 'lectio.db'));

    const logged: string[] = [];
    const log: Logger = { ...silentLogger, error: (m) => void logged.push(m) };
    const next = await startOn(dataDir, log);
    expect(tableChecksums(next.core.sqlite)).toEqual(before);
    expect(fs.readFileSync(path.join(dataDir, COVER), 'utf8')).toBe('cover of the previous library');
    expect(leftovers(dataDir)).toEqual([]);
    expect(logged.join('\n')).toMatch(/could not start: .*not a database.*previous library was put back/);
    const settings = await next.client.get('/api/v1/backup/settings');
    expect(settings.body.restoreNotice?.reason).toMatch(/not a database/);
  });

  it('a restored library that starts keeps the recovery copy until it has served a request', async () => {
    const { s, backup, dataDir } = await libraryAndBackup();
    expect((await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backup })).status).toBe(200);
    s.core.close();
    const next = await startOn(dataDir);
    expect(leftovers(dataDir)).toContain('pre-restore-2026-03-15-12-00-00.db');
    expect((await next.client.get('/api/v1/languages')).status).toBe(200);
    expect(leftovers(dataDir)).toEqual([]);
    expect(fs.readFileSync(path.join(dataDir, COVER), 'utf8')).toBe('cover in the backup');
    expect((await next.client.get('/api/v1/backup/settings')).body.restoreNotice).toBeNull();
  });

  it("a backup made meanwhile carries neither the recovery copy nor the restore's bookkeeping", async () => {
    const { s, backup, dataDir } = await libraryAndBackup();
    expect((await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backup })).status).toBe(200);
    expect(leftovers(dataDir)).toContain('restore-pending.json');
    const zip = await JSZip.loadAsync((await downloadBackup(s.core)).data);
    expect(Object.keys(zip.files).filter((n) => /pre-restore|restore-(pending|notice)/.test(n))).toEqual([]);
    // That call succeeded on the restored library: the recovery copy is gone.
    expect(leftovers(dataDir)).toEqual([]);
  });
});
