// A restore killed with SIGKILL at any moment (a child process stopped at each step of the swap, and at random
// times) leaves a database that opens and passes integrity_check, holding either the old or the new library whole;
// once the new one is live, the next start finishes moving its files (media) into place.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import type { FileResult } from '../../src-shared/contract/endpoint';
import { tempDir, testConfig } from '../helpers/core';
import { tableChecksums } from '../helpers/backup';

const root = tempDir('lectio-kill-');
const oldDir = path.join(root, 'old');
const zipFile = path.join(root, 'new.zip');
let oldSums: Record<string, string>;
let newSums: Record<string, string>;
/** A file of the new library (its audio): restored with it, never with the old one. */
const MEDIA = path.join('media', '7.mp3');
const mediaBytes = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 31) % 256));

function library(dataDir: string, name: string, words: number): Record<string, string> {
  const core = createCore({ config: testConfig({}, dataDir), log: silentLogger });
  const lg = Number(core.sqlite.prepare('INSERT INTO languages (LgName, LgCreated) VALUES (?, 0)').run(name).lastInsertRowid);
  const ins = core.sqlite.prepare(
    'INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, ?, 1, 0, 0, 0)',
  );
  core.sqlite.transaction(() => {
    for (let i = 0; i < words; i++) ins.run(lg, `${name}${i}`, `${name.toLowerCase()}${i}`);
  })();
  const sums = tableChecksums(core.sqlite);
  core.close();
  return sums;
}

beforeAll(async () => {
  oldSums = library(oldDir, 'Old', 3000);
  const newDir = path.join(root, 'new');
  newSums = library(newDir, 'New', 5000);
  fs.mkdirSync(path.join(newDir, 'media'), { recursive: true });
  fs.writeFileSync(path.join(newDir, MEDIA), mediaBytes);
  const core = createCore({ config: testConfig({}, newDir), log: silentLogger });
  fs.writeFileSync(zipFile, ((await core.dispatch('backup.download', {})) as FileResult).data);
  core.close();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Runs the child on a copy of the old library; kills it at `step` (or after `delayMs`). */
function runChild(dataDir: string, step: string, delayMs?: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('tests', 'api', 'backup-kill-child.ts'), dataDir, zipFile, step], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (delayMs === undefined && out.includes(`AT ${step}`)) child.kill('SIGKILL');
      if (delayMs !== undefined && out.includes('READY') && !out.includes('KILLING')) {
        out += 'KILLING';
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve(`${out} ${signal ?? ''}`));
  });
}

/** Opens the data folder like the app does and tells which library it holds. */
function whichLibrary(dataDir: string): 'old' | 'new' {
  const db = new Database(path.join(dataDir, 'lectio.db'));
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const sums = tableChecksums(db);
    if (JSON.stringify(sums) === JSON.stringify(oldSums)) return 'old';
    if (JSON.stringify(sums) === JSON.stringify(newSums)) return 'new';
    const diff = Object.keys(sums).filter((k) => sums[k] !== oldSums[k] && sums[k] !== newSums[k]);
    throw new Error(
      `neither library (${diff.join(', ')}): languages ${JSON.stringify(db.prepare('SELECT LgName FROM languages').all())}, words ${JSON.stringify(db.prepare('SELECT count(*) AS n FROM words').get())}`,
    );
  } finally {
    db.close();
  }
}

function copyOld(label: string): string {
  const dir = path.join(root, label);
  fs.cpSync(oldDir, dir, { recursive: true });
  return dir;
}

describe('restore killed with SIGKILL', () => {
  it.each([
    ['prepared', 'old'],
    ['closed', 'old'],
    ['kept-old', 'old'],
    ['renamed', 'new'],
    ['reopened', 'new'],
  ])(
    'at %s leaves the %s library whole, and the app starts on it',
    async (step, expected) => {
      const dir = copyOld(`at-${step}`);
      const out = await runChild(dir, step);
      expect(out).toContain(`AT ${step}`);
      expect(out).toContain('SIGKILL');
      expect(whichLibrary(dir)).toBe(expected);
      // The next start succeeds, and its first served call clears what the restore left behind (until then the
      // previous library is the recovery copy).
      const core = createCore({ config: testConfig({}, dir), log: silentLogger });
      await core.dispatch('system.version', {});
      core.close();
      expect(fs.readdirSync(dir).filter((n) => n.startsWith('pre-restore-') || n.includes('.restore-'))).toEqual([]);
      expect(whichLibrary(dir)).toBe(expected);
      // The new library comes with its files, even when the kill came between the swap and the file moves.
      const media = path.join(dir, MEDIA);
      if (expected === 'new') expect(fs.readFileSync(media).equals(mediaBytes)).toBe(true);
      else expect(fs.existsSync(media)).toBe(false);
      expect(fs.existsSync(path.join(dir, 'tmp')) ? fs.readdirSync(path.join(dir, 'tmp')).filter((n) => n.startsWith('restore-')) : []).toEqual([]);
    },
    60_000,
  );

  it('at random moments leaves one library or the other', async () => {
    const seen: string[] = [];
    for (const delay of [50, 400]) {
      const dir = copyOld(`random-${delay}`);
      await runChild(dir, 'none', delay);
      createCore({ config: testConfig({}, dir), log: silentLogger }).close();
      const which = whichLibrary(dir);
      seen.push(which);
      expect(fs.existsSync(path.join(dir, MEDIA))).toBe(which === 'new');
    }
    expect(seen.every((s) => s === 'old' || s === 'new')).toBe(true);
  }, 120_000);
});
