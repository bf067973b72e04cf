// Helpers of the backup tests: per-table checksums, a small library made through the API, archive rewriting.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import JSZip from 'jszip';
import { expect } from 'vitest';
import type { Core } from '../../src-main/app/core';
import type { CurrentUser } from '../../src-main/db/scope';
import { isDiskFileResult, type FileResult } from '../../src-shared/contract/endpoint';
import type { TestServer } from './core';
import { lemmaWorkIdle } from '../../src-main/modules/lemmas/deferred';

/** SHA-256 of every table's rows in a fixed order (all columns), by table name. */
export function tableChecksums(db: Database.Database): Record<string, string> {
  const out: Record<string, string> = {};
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  for (const { name } of tables) {
    const cols = (db.prepare('SELECT name FROM pragma_table_info(?)').all(name) as { name: string }[]).map((c) => `"${c.name}"`);
    const rows = db
      .prepare(`SELECT ${cols.join(', ')} FROM "${name}" ORDER BY ${cols.map((_, i) => i + 1).join(', ')}`)
      .raw()
      .all();
    out[name] = crypto.createHash('sha256').update(JSON.stringify(rows)).digest('hex');
  }
  return out;
}

/** The live database file's bytes after folding the WAL in (no writes happened: same bytes). */
export function liveFileHash(core: Core): string {
  core.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return crypto.createHash('sha256').update(fs.readFileSync(core.services.database!.file)).digest('hex');
}

/** Two languages, three terms (one tagged), two parsed texts and a setting. */
export async function seedLibrary(s: TestServer): Promise<{ german: number; english: number }> {
  const german = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID as number;
  const english = (await s.client.post('/api/v1/languages', { LgName: 'English' })).body.LgID as number;
  expect(german).toBeGreaterThan(0);
  for (const [lg, text, translation, status] of [
    [german, 'Hund', 'dog', 3],
    [german, 'Katze', 'cat', 5],
    [english, 'house', 'Haus', 1],
  ] as const) {
    const r = await s.client.post('/api/v1/terms', { WoLgID: lg, WoText: text, WoTranslation: translation, WoStatus: status, TermTags: { TagList: ['noun'] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  for (const [lg, title, text] of [
    [german, 'Tiere', 'Der Hund und die Katze. Der Hund schläft.'],
    [english, 'Home', 'The house is small. It is my house.'],
  ] as const) {
    const r = await s.client.post('/api/v1/texts', { TxLgID: lg, TxTitle: title, TxText: text });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  await s.client.post('/api/v1/settings', { key: 'theme', value: 'dark' });
  // New terms get automatic lemmas in the background: let that finish, so the library stands still while
  // the tests compare checksums.
  await lemmaWorkIdle(s.core.context());
  return { german, english };
}

/** Rewrites a backup archive: `edit` may change members and the manifest (written back afterwards). */
export async function rezip(
  data: Uint8Array,
  edit: (zip: JSZip, manifest: { members: Record<string, { sha256: string; size: number }> }) => Promise<void>,
): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(data);
  const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
  await edit(zip, manifest);
  zip.file('manifest.json', JSON.stringify(manifest));
  return zip.generateAsync({ type: 'uint8array' });
}

/**
 * backup.download as the HTTP adapter receives it (the archive in a temporary file, streamed from disk), read
 * back into a FileResult; the temporary file is removed as the adapter does after sending.
 */
export async function downloadBackup(core: Pick<Core, 'dispatch'>, user?: CurrentUser): Promise<FileResult> {
  const result = await core.dispatch('backup.download', {}, user, 'http');
  if (!isDiskFileResult(result)) throw new Error('backup.download over HTTP should answer with a file on disk');
  const data = fs.readFileSync(result.path);
  expect(data.length).toBe(result.size);
  if (result.removeAfter) fs.rmSync(result.path);
  return { $file: true, filename: result.filename, contentType: result.contentType, data };
}
