// Issue 43: a move-in from LWT killed with SIGKILL while its terms are being stored (a child process moving in a
// backup of 30,000 terms, killed once a few slices have committed) left a half-moved library: languages and terms
// but no texts, while docs/backup.md promises nothing is left behind. Now the next start undoes it whole: the
// file's languages and terms go, the learner's own language and term stay, and the learner is told (GET
// /api/v1/import/interrupted) until they dismiss it; a start after that writes nothing.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import type { InterruptedMove } from '../../src-shared/contract/migrate';
import { tableChecksums } from '../helpers/backup';
import { tempDir, testConfig } from '../helpers/core';
import { lwtBackupWithTerms } from '../helpers/lwt-dump';

const root = tempDir('lectio-move-kill-');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const count = (db: Database.Database, sql: string): number => db.prepare(sql).pluck().get() as number;

/** Runs the child's move-in on `dataDir`; SIGKILLs it once `killAt` terms of the move have committed. */
function moveInAndKill(dataDir: string, backupFile: string, killAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('tests', 'api', 'migrate-kill-child.ts'), dataDir, backupFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let watch: ReturnType<typeof setInterval> | undefined;
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (watch || !out.includes('READY')) return;
      const db = new Database(path.join(dataDir, 'lectio.db'), { readonly: true, fileMustExist: true });
      watch = setInterval(() => {
        if (count(db, 'SELECT count(*) FROM move_in_terms') < killAt) return;
        clearInterval(watch);
        db.close();
        child.kill('SIGKILL');
      }, 10);
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      clearInterval(watch);
      resolve(`${out} ${signal ?? ''}`);
    });
  });
}

describe('a move-in killed midway', () => {
  it('is undone whole at the next start, and the learner is told', { timeout: 240_000 }, async () => {
    const dataDir = path.join(root, 'data');
    // The learner's library: French with one term of their own, which the move merges into and must not take away.
    const first = createCore({ config: testConfig({}, dataDir), log: silentLogger });
    const french = Number(first.sqlite.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('French', 0)").run().lastInsertRowid);
    first.sqlite
      .prepare("INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoCreated, WoModified, WoStatusChanged) VALUES (?, 'monmot', 'monmot', 3, 0, 0, 0)")
      .run(french);
    first.close();
    const backupFile = path.join(root, 'lwt.sql.gz');
    fs.writeFileSync(backupFile, lwtBackupWithTerms(30_000, 'tuemot'));

    const out = await moveInAndKill(dataDir, backupFile, 1000);
    expect(out).toContain('SIGKILL');
    expect(out).not.toContain('DONE');
    // What the kill left: the file's terms half stored, its languages made, no text (the bug's state).
    const killed = new Database(path.join(dataDir, 'lectio.db'), { readonly: true });
    const leftTerms = count(killed, "SELECT count(*) FROM words WHERE WoText LIKE 'tuemot%'");
    expect(leftTerms).toBeGreaterThan(0);
    expect(leftTerms).toBeLessThan(30_000);
    expect(count(killed, 'SELECT count(*) FROM languages')).toBeGreaterThan(1);
    expect(count(killed, 'SELECT count(*) FROM texts')).toBe(0);
    killed.close();

    // The next start undoes it: the learner's French and its term, nothing of the file.
    const next = createCore({ config: testConfig({}, dataDir), log: silentLogger });
    await next.services.jobs!.idle('migrate.undoMove');
    expect(next.sqlite.prepare('SELECT LgName FROM languages').pluck().all()).toEqual(['French']);
    expect(next.sqlite.prepare('SELECT WoText FROM words').pluck().all()).toEqual(['monmot']);
    expect(count(next.sqlite, 'SELECT count(*) FROM texts')).toBe(0);
    expect(count(next.sqlite, 'SELECT count(*) FROM move_in_terms')).toBe(0);
    const told = (await next.dispatch('import.interrupted', {})) as { moves: InterruptedMove[] };
    expect(told.moves).toHaveLength(1);
    expect(told.moves[0].source).toBe('lwt');
    expect(told.moves[0].removed.languages).toBeGreaterThan(0);
    expect(told.moves[0].removed.terms).toBeGreaterThanOrEqual(leftTerms);
    await next.dispatch('import.dismissInterrupted', {});
    expect(((await next.dispatch('import.interrupted', {})) as { moves: InterruptedMove[] }).moves).toEqual([]);
    const sums = tableChecksums(next.sqlite);
    next.close();

    // A start with no interrupted move writes nothing.
    const plain = createCore({ config: testConfig({}, dataDir), log: silentLogger });
    await plain.services.jobs!.idle();
    expect(tableChecksums(plain.sqlite)).toEqual(sums);
    plain.close();
  });
});
