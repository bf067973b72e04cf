// Backup → empty → restore gives back identical rows (per-table checksums) and files; every refusal leaves the
// live database byte-identical; restore is off unless BACKUP_RESTORE_ENABLED; empty needs "EMPTY".
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/core';
import { tableChecksums, seedLibrary, rezip, liveFileHash } from '../helpers/backup';

let s: TestServer;
let backupZip: Buffer;
let before: Record<string, string>;

beforeAll(async () => {
  s = await startTestServer({ env: { BACKUP_RESTORE_ENABLED: 'true', LECTIO_RATE_LIMIT_API_PER_MINUTE: '100000' } });
  await seedLibrary(s);
  fs.mkdirSync(path.join(s.core.dataDir, 'media', 'audio'), { recursive: true });
  fs.writeFileSync(path.join(s.core.dataDir, 'media', 'audio', 'lesson 1.mp3'), Buffer.from('ID3 fake audio'));
  fs.mkdirSync(path.join(s.core.dataDir, 'covers'), { recursive: true });
  fs.writeFileSync(path.join(s.core.dataDir, 'covers', '1.jpg'), crypto.randomBytes(2048));
});
afterAll(() => s?.close());

const count = (table: string) => (s.core.sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('backup', () => {
  it('streams a zip with the database, the library files and a manifest', async () => {
    before = tableChecksums(s.core.sqlite);
    const res = await s.client.get('/api/v1/backup');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/lectio-backup-2026-03-15-12-00-00\.zip/);
    backupZip = res.body as Buffer;
    const zip = await JSZip.loadAsync(backupZip);
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest).toMatchObject({
      format: 'lectio-backup',
      formatVersion: 1,
      appVersion: expect.any(String),
      scope: 'all',
      createdAt: '2026-03-15T12:00:00.000Z',
    });
    expect(manifest.schemaVersion).toBe(manifest.migrations[manifest.migrations.length - 1]);
    expect(manifest.counts).toMatchObject({ languages: 2, words: 3, texts: 2 });
    expect(Object.keys(manifest.members).sort()).toEqual(['files/covers/1.jpg', 'files/media/audio/lesson 1.mp3', 'lectio.db']);
    for (const [name, m] of Object.entries(manifest.members) as [string, { sha256: string; size: number }][]) {
      const bytes = await zip.file(name)!.async('uint8array');
      expect(bytes.length).toBe(m.size);
      expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(m.sha256);
    }
    // Never the live files, the session secret or temp files.
    expect(Object.keys(zip.files).some((n) => /session\.key|lectio\.db-wal|tmp\//.test(n))).toBe(false);
    // The database in it is a whole SQLite file with the same rows.
    const tmp = path.join(s.core.dataDir, '..', `check-${process.pid}.db`);
    fs.writeFileSync(tmp, await zip.file('lectio.db')!.async('uint8array'));
    const db = new Database(tmp, { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(tableChecksums(db)).toEqual(before);
    db.close();
    fs.rmSync(tmp);
  });

  it('empty needs the typed confirmation, then deletes the library and keeps settings', async () => {
    const wrong = await s.client.post('/api/v1/database/empty', { confirm: 'empty' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatch(/Type EMPTY to confirm/);
    expect(tableChecksums(s.core.sqlite)).toEqual(before);
    const res = await s.client.post('/api/v1/database/empty', { confirm: 'EMPTY' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const t of ['languages', 'words', 'texts', 'word_occurrences', 'tags', 'word_tag_map', 'sentences']) expect(count(t), t).toBe(0);
    expect(count('settings')).toBeGreaterThan(0);
    expect((await s.client.get('/api/v1/settings')).body.theme).toBe('dark');
  });

  it('restore brings back identical rows and files, and keeps the old database until the next start', async () => {
    fs.rmSync(path.join(s.core.dataDir, 'covers'), { recursive: true });
    const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backupZip });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, files: 2, backup: { scope: 'all', createdAt: '2026-03-15T12:00:00.000Z' } });
    expect(res.body.counts).toMatchObject({ languages: 2, words: 3, texts: 2 });
    expect(tableChecksums(s.core.sqlite)).toEqual(before);
    expect(fs.existsSync(path.join(s.core.dataDir, 'covers', '1.jpg'))).toBe(true);
    expect(fs.existsSync(path.join(s.core.dataDir, res.body.keptAs))).toBe(true);
    expect(res.body.keptAs).toMatch(/^pre-restore-2026-03-15-12-00-00\.db$/);
    // The app goes on with the restored library.
    const langs = (await s.client.get('/api/v1/languages')).body as { LgName: string }[];
    expect(langs.map((l) => l.LgName).sort()).toEqual(['English', 'German']);
    const term = await s.client.post('/api/v1/terms', {
      WoLgID: (langs.find((l) => l.LgName === 'German') as { LgID: number } & { LgName: string }).LgID,
      WoText: 'neu',
    });
    expect(term.status).toBe(200);
  });
});

describe('restore refusals leave the live database byte-identical', () => {
  const refused = async (data: Uint8Array, message: RegExp, status = 400) => {
    const rows = tableChecksums(s.core.sqlite);
    const file = liveFileHash(s.core);
    const res = await s.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toMatch(message);
    expect(liveFileHash(s.core)).toBe(file);
    expect(tableChecksums(s.core.sqlite)).toEqual(rows);
    expect(fs.readdirSync(s.core.dataDir).filter((n) => n.includes('.restore-'))).toEqual([]);
  };

  it('not a backup', async () => {
    await refused(Buffer.from('hello'), /not a Lectio backup \(not a zip/);
    const zip = new JSZip();
    zip.file('readme.txt', 'x');
    await refused(await zip.generateAsync({ type: 'uint8array' }), /no manifest\.json/);
  });

  it('checksum mismatch', async () => {
    await refused(
      await rezip(backupZip, async (zip) => {
        const bytes = Buffer.from(await zip.file('lectio.db')!.async('uint8array'));
        bytes[bytes.length - 100] ^= 0xff;
        zip.file('lectio.db', bytes);
      }),
      /checksum of lectio\.db does not match/,
    );
    await refused(
      await rezip(backupZip, async (zip) => {
        zip.file('files/extra.txt', 'not listed');
      }),
      /members the manifest does not list/,
    );
  });

  it('corrupt database (checksums made to match)', async () => {
    await refused(
      await rezip(backupZip, async (zip, manifest) => {
        const bytes = Buffer.from(await zip.file('lectio.db')!.async('uint8array'));
        // Damage a b-tree page in the middle of the file, then recompute the manifest so only integrity_check can tell.
        bytes.fill(0x41, 4096 * 2 + 10, 4096 * 2 + 600);
        zip.file('lectio.db', bytes);
        manifest.members['lectio.db'] = { size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
      }),
      /damaged/,
    );
    await refused(
      await rezip(backupZip, async (zip, manifest) => {
        const bytes = Buffer.from('this is not sqlite at all'.repeat(100));
        zip.file('lectio.db', bytes);
        manifest.members['lectio.db'] = { size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
      }),
      /damaged|cannot be opened/,
    );
  });

  it('newer schema', async () => {
    await refused(
      await rezip(backupZip, async (zip, manifest) => {
        const bytes = await withDatabase(await zip.file('lectio.db')!.async('uint8array'), (db) =>
          db.prepare("INSERT INTO _migrations (MgID, MgName, MgHash, MgStatus, MgAttempts) VALUES (999, '9999_from_the_future', 'x', 'applied', 1)").run(),
        );
        zip.file('lectio.db', bytes);
        manifest.members['lectio.db'] = { size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
      }),
      /newer version of Lectio \(schema 9999_from_the_future\)/,
    );
  });

  it('an empty library', async () => {
    await refused(
      await rezip(backupZip, async (zip, manifest) => {
        const bytes = await withDatabase(await zip.file('lectio.db')!.async('uint8array'), (db) => {
          db.pragma('foreign_keys = OFF');
          for (const { name } of db
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_migrations'")
            .all() as { name: string }[]) {
            db.exec(`DELETE FROM "${name}"`);
          }
        });
        zip.file('lectio.db', bytes);
        manifest.members['lectio.db'] = { size: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
      }),
      /holds no rows/,
    );
  });

  it('path tricks in member names', async () => {
    await refused(
      await rezip(backupZip, async (zip, manifest) => {
        zip.file('files/../../evil.txt', 'x');
        manifest.members['files/../../evil.txt'] = { size: 1, sha256: crypto.createHash('sha256').update('x').digest('hex') };
      }),
      // jszip folds "../" away while reading; either way the member never reaches the disk.
      /not allowed|does not list|missing from the archive/,
    );
    await refused(
      await rezip(backupZip, async (zip, manifest) => {
        zip.file('files/a\\b.txt', 'x');
        manifest.members['files/a\\b.txt'] = { size: 1, sha256: crypto.createHash('sha256').update('x').digest('hex') };
      }),
      /not allowed/,
    );
  });
});

/** Edits a database image in a temp file and returns the new bytes. */
async function withDatabase(bytes: Uint8Array, edit: (db: Database.Database) => void): Promise<Buffer> {
  const tmp = path.join(s.core.dataDir, '..', `edit-${process.pid}-${Math.random().toString(36).slice(2)}.db`);
  fs.writeFileSync(tmp, bytes);
  const db = new Database(tmp);
  edit(db);
  db.close();
  const out = fs.readFileSync(tmp);
  fs.rmSync(tmp);
  return out;
}

describe('restore switched off', () => {
  it('is refused without BACKUP_RESTORE_ENABLED and changes nothing', async () => {
    const off = await startTestServer();
    try {
      await seedLibrary(off);
      const rows = tableChecksums(off.core.sqlite);
      const res = await off.client.upload('/api/v1/backup/restore', { name: 'backup.zip', data: backupZip });
      expect(res.status).toBe(403);
      expect(res.body.error).toMatch(/BACKUP_RESTORE_ENABLED/);
      expect(tableChecksums(off.core.sqlite)).toEqual(rows);
      // Over HTTP the desktop switch cannot be turned on.
      const sw = await off.client.put('/api/v1/backup/settings', { restoreEnabled: true });
      expect(sw.status).toBe(403);
      const settings = await off.client.get('/api/v1/backup/settings');
      expect(settings.body).toMatchObject({ restoreEnabled: false, restoreSwitchable: false, schedule: 'off' });
    } finally {
      await off.close();
    }
  });
});
