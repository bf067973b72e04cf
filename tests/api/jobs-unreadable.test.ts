// The job runner on a library that has no jobs table yet (an older backup's copy before its migrations, a file
// mid-restore): its look runs from a timer, where a thrown error would end the process. It logs, looks again, and
// runs the job once the table is there (CI caught "SqliteError: no such table: jobs" thrown from an Immediate).
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../src-main/core/context';
import { startJobRunner, type JobRunner } from '../../src-main/core/jobs';
import { tempDir } from '../helpers/core';

const JOBS_TABLE = fs.readFileSync(path.resolve(__dirname, '../../migrations/0020_jobs.sql'), 'utf8').split('--> statement-breakpoint')[0];

describe('the job runner on a library without a jobs table', () => {
  let runner: JobRunner | null = null;
  afterEach(() => runner?.stop());

  it('logs, does not throw from its timer, and runs the job once the table exists', async () => {
    const db = new Database(path.join(tempDir(), 'lectio.db'));
    db.exec('CREATE TABLE users (UsID integer PRIMARY KEY, UsUsername text, UsRole text)');
    const warnings: string[] = [];
    const ran: unknown[] = [];
    runner = startJobRunner(
      {
        sqlite: () => db,
        context: () => ({}) as HandlerContext,
        log: { info() {}, warn: (m: string) => void warnings.push(m), error() {}, debug() {} } as unknown as HandlerContext['log'],
        now: () => Date.now(),
      },
      { 'texts.parse': { run: (_ctx, payload) => void ran.push(payload) } },
    );
    // The runner's first look is on the next turn: it finds no table.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(warnings.some((w) => w.includes('jobs table cannot be read'))).toBe(true);
    db.exec(JOBS_TABLE);
    db.prepare(`INSERT INTO jobs (JbKind, JbPayload, JbRunAfter, JbCreated) VALUES ('texts.parse', '{"ids":[7]}', 0, 0)`).run();
    await expect.poll(() => ran, { timeout: 5_000 }).toEqual([{ ids: [7] }]);
    db.close();
  });
});
