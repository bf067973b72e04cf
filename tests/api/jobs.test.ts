// Work that follows a write (issue 45, docs/architecture.md "Background work"): a job is written in the write's
// transaction and run after its commit by the core's runner. It never runs when that transaction rolls back, it
// survives a kill -9 and runs at the next start, and it never runs against a library a restore has swapped in. A
// listener declared after-commit never sees uncommitted rows and never runs for a write that rolled back.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { afterCommit, emit, on } from '../../src-main/core/events';
import { cancelJobs, enqueueJob, listJobs, type JobContext, type JobHandler } from '../../src-main/core/jobs';
import { transact } from '../../src-main/db/sql';
import { TestClient, tempDir, testConfig } from '../helpers/core';
import { createHttpServer } from '../../src-main/http/server';
import { rendererDir } from '../../src-main/core/paths';

const root = tempDir('lectio-jobs-');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

interface Ran {
  tag: string;
  /** The languages of the library the job ran against, read through its context. */
  languages: string[];
  /** current() when the job ended. */
  currentAtEnd: boolean;
}

/** A core whose 'test.record' jobs note what they saw, and whose 'test.block' jobs wait for `release()`. */
function coreWith(dir: string, env: NodeJS.ProcessEnv = {}): { core: Core; ran: Ran[]; started: Promise<void>; release: () => void } {
  const ran: Ran[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let started!: () => void;
  const startedP = new Promise<void>((r) => (started = r));
  const names = (ctx: JobContext) => (ctx.sqlite.prepare('SELECT LgName FROM languages ORDER BY LgID').all() as { LgName: string }[]).map((l) => l.LgName);
  const record: JobHandler<never> = {
    run(ctx: JobContext, payload: { tag: string }) {
      ran.push({ tag: payload.tag, languages: names(ctx), currentAtEnd: ctx.job.current() });
    },
  } as unknown as JobHandler<never>;
  const block: JobHandler<never> = {
    async run(ctx: JobContext, payload: { tag: string }) {
      const languages = names(ctx);
      started();
      await gate;
      ran.push({ tag: payload.tag, languages, currentAtEnd: ctx.job.current() });
    },
  } as unknown as JobHandler<never>;
  const core = createCore({ config: testConfig(env, dir), log: silentLogger, extraJobHandlers: { 'test.record': record, 'test.block': block } });
  return { core, ran, started: startedP, release };
}

/** Runs a child script of tests/api on `dir` to its end; returns what it printed and the signal that ended it. */
const runChild = (script: string, dir: string) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('tests', 'api', script), dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.on('data', (d: Buffer) => (text += d.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve(`${text} ${signal ?? ''}`));
  });

const enqueue = (core: Core, kind: string, tag: string) => enqueueJob(core.context(), kind as never, { tag } as never);
const addLanguage = (core: Core, name: string) => core.sqlite.prepare('INSERT INTO languages (LgName, LgCreated) VALUES (?, 0)').run(name);

describe('jobs', () => {
  it('runs a job written in a transaction once it has committed, and never one whose transaction rolled back', async () => {
    const { core, ran } = coreWith(path.join(root, 'rollback'));
    try {
      const ctx = core.context();
      expect(() =>
        transact(ctx, () => {
          addLanguage(core, 'Lost');
          enqueue(core, 'test.record', 'rolled back');
          throw new Error('the write fails');
        }),
      ).toThrow('the write fails');
      // A savepoint that rolls back drops its job too; the outer write commits with its own.
      transact(ctx, () => {
        addLanguage(core, 'Kept');
        try {
          transact(ctx, () => {
            enqueue(core, 'test.record', 'savepoint rolled back');
            throw new Error('inner');
          });
        } catch {
          /* the savepoint's failure is the caller's to handle */
        }
        enqueue(core, 'test.record', 'committed');
        // Inside the write the job has not run: it follows the commit.
        expect(ran).toEqual([]);
      });
      await core.services.jobs!.idle();
      expect(ran).toEqual([{ tag: 'committed', languages: ['Kept'], currentAtEnd: true }]);
      expect(listJobs(core.sqlite)).toEqual([]);
    } finally {
      core.close();
    }
  });

  it('keeps a job across a kill -9 right after its commit and runs it at the next start', async () => {
    const dir = path.join(root, 'killed');
    const out = await runChild('jobs-child.ts', dir);
    expect(out).toContain('COMMITTED');
    expect(out).toContain('SIGKILL');
    const left = new Database(path.join(dir, 'lectio.db'));
    expect(left.prepare('SELECT JbKind, JbPayload FROM jobs').all()).toEqual([{ JbKind: 'test.record', JbPayload: '{"tag":"before the kill"}' }]);
    left.close();
    const { core, ran } = coreWith(dir);
    try {
      await core.services.jobs!.idle();
      expect(ran).toEqual([{ tag: 'before the kill', languages: ['Killed'], currentAtEnd: true }]);
      expect(listJobs(core.sqlite)).toEqual([]);
    } finally {
      core.close();
    }
  });

  it('never runs a job against a library a restore swapped in: a running one stops, the old file’s others stay with it', async () => {
    // Library B, with a job of its own waiting (written by a core that has no handler for it).
    const bDir = path.join(root, 'b');
    const b = createCore({ config: testConfig({}, bDir), log: silentLogger });
    addLanguage(b, 'B');
    enqueue(b, 'test.record', 'B’s own');
    b.close();
    const { core, ran, started, release } = coreWith(path.join(root, 'a'));
    try {
      addLanguage(core, 'A');
      enqueue(core, 'test.block', 'running at the restore');
      enqueue(core, 'test.block', 'waiting at the restore');
      await started;
      // What a restore does (backup/restore.ts): the file is swapped while closed, then reopened.
      core.services.database!.replaceWhileClosed((file) => {
        for (const end of ['-wal', '-shm']) fs.rmSync(file + end, { force: true });
        fs.copyFileSync(path.join(bDir, 'lectio.db'), file);
      });
      release();
      await core.services.jobs!.idle();
      // The job waiting in A (its kind was busy) went with A's file: it never runs against B.
      expect(ran.sort((x, y) => x.tag.localeCompare(y.tag))).toEqual([
        { tag: 'B’s own', languages: ['B'], currentAtEnd: true },
        { tag: 'running at the restore', languages: ['A'], currentAtEnd: false },
      ]);
      expect(listJobs(core.sqlite)).toEqual([]);
    } finally {
      core.close();
    }
  });
});

describe('waiting on one job (settled)', () => {
  it('resolves once the job has run, when it is cancelled before it starts, and when a restore swaps its library', async () => {
    const bDir = path.join(root, 'settled-b');
    createCore({ config: testConfig({}, bDir), log: silentLogger }).close();
    const { core, ran, started, release } = coreWith(path.join(root, 'settled'));
    const jobs = core.services.jobs!;
    const settledNow = (id: number) => Promise.race([jobs.settled(id).then(() => true), new Promise((r) => setTimeout(() => r(false), 50))]);
    try {
      const ctx = core.context();
      await jobs.settled(transact(ctx, () => enqueue(core, 'test.record', 'waited on')));
      expect(ran.map((r) => r.tag)).toEqual(['waited on']);
      // One block runs; the second waits behind it (one job of a kind at a time) and is cancelled before it starts.
      const running = enqueue(core, 'test.block', 'running');
      const waiting = enqueue(core, 'test.block', 'cancelled');
      await started;
      expect(await settledNow(waiting)).toBe(false);
      const cancelled = jobs.settled(waiting);
      transact(ctx, () => cancelJobs(ctx, [waiting]));
      await cancelled;
      // The running one's library is swapped by a restore: its waiter is let go without the job ending.
      const swapped = jobs.settled(running);
      core.services.database!.replaceWhileClosed((file) => {
        for (const end of ['-wal', '-shm']) fs.rmSync(file + end, { force: true });
        fs.copyFileSync(path.join(bDir, 'lectio.db'), file);
      });
      await swapped;
      expect(ran.map((r) => r.tag)).toEqual(['waited on']);
      release();
      await jobs.idle();
    } finally {
      core.close();
    }
  });
});

describe('a book import killed after its commit', () => {
  it('has its chapters parsed and counted at the next start (the chapter job was written with the book)', async () => {
    const dir = path.join(root, 'book-killed');
    const out = await runChild('book-import-kill-child.ts', dir);
    expect(out).toContain('COMMITTED');
    expect(out).toContain('SIGKILL');
    expect(out).not.toContain('ANSWERED');
    const left = new Database(path.join(dir, 'lectio.db'));
    expect(left.prepare('SELECT JbKind FROM jobs').all()).toEqual([{ JbKind: 'books.parseChapters' }]);
    expect(left.prepare('SELECT COUNT(*) AS n FROM texts WHERE TxNeedsParse = 1').get()).toEqual({ n: 2 });
    left.close();
    const core = createCore({ config: testConfig({}, dir), log: silentLogger });
    try {
      await core.services.jobs!.idle();
      expect(listJobs(core.sqlite)).toEqual([]);
      expect(core.sqlite.prepare('SELECT COUNT(*) AS n FROM texts WHERE TxNeedsParse = 1').get()).toEqual({ n: 0 });
      const [book] = (await core.dispatch('books.list', {})) as { BkID: number }[];
      const read = (await core.dispatch('books.get', { id: book.BkID })) as { words: number; chapters: { words: number }[] };
      expect(read.chapters.map((c) => c.words)).toEqual([8, 10]);
      expect(read.words).toBe(18);
    } finally {
      core.close();
    }
  });
});

describe('jobs and a restore through the endpoint', () => {
  it('a job of the old library never runs against the one POST /api/v1/backup/restore brings in; the backup’s own jobs do', async () => {
    // Library B, with a job waiting, made into a backup by its own server (as a learner's backup is made).
    const b = createCore({ config: testConfig({}, path.join(root, 'b-endpoint')), log: silentLogger });
    addLanguage(b, 'B');
    enqueue(b, 'test.record', 'B’s own');
    const bServer = createHttpServer(b, { rendererDir: rendererDir() });
    const bClient = await new TestClient(`http://127.0.0.1:${await bServer.listen(0, '127.0.0.1')}`).init();
    const backup = (await bClient.get('/api/v1/backup')).body as Buffer;
    await bServer.close();
    b.close();

    const { core, ran, started, release } = coreWith(path.join(root, 'a-endpoint'), { BACKUP_RESTORE_ENABLED: 'true' });
    const server = createHttpServer(core, { rendererDir: rendererDir() });
    try {
      const client = await new TestClient(`http://127.0.0.1:${await server.listen(0, '127.0.0.1')}`).init();
      addLanguage(core, 'A');
      enqueue(core, 'test.block', 'running at the restore');
      enqueue(core, 'test.block', 'waiting at the restore');
      await started;
      const restored = await client.upload('/api/v1/backup/restore', { name: 'b.zip', data: backup });
      expect(restored.status, restored.text).toBe(200);
      release();
      await core.services.jobs!.idle();
      expect(ran.sort((x, y) => x.tag.localeCompare(y.tag))).toEqual([
        { tag: 'B’s own', languages: ['B'], currentAtEnd: true },
        { tag: 'running at the restore', languages: ['A'], currentAtEnd: false },
      ]);
    } finally {
      await server.close();
      core.close();
    }
  });
});

describe('listeners after the commit', () => {
  it('run once the write has committed, see its rows from another connection, and never run for a rollback', () => {
    const dir = path.join(root, 'listeners');
    const core = createCore({ config: testConfig({}, dir), log: silentLogger });
    const other = new Database(path.join(dir, 'lectio.db'), { readonly: true });
    const seen: { phase: string; committedRows: number }[] = [];
    const committed = () => (other.prepare("SELECT COUNT(*) AS n FROM languages WHERE LgName = 'Committed'").get() as { n: number }).n;
    try {
      on(core, 'text.changed', (_ctx, _e) => seen.push({ phase: 'inside', committedRows: committed() }));
      on(
        core,
        'text.changed',
        afterCommit(() => seen.push({ phase: 'after', committedRows: committed() })),
      );
      const ctx = core.context();
      expect(() =>
        transact(ctx, () => {
          addLanguage(core, 'Committed');
          emit(ctx, 'text.changed', { textId: 1 });
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      expect(seen).toEqual([{ phase: 'inside', committedRows: 0 }]);
      seen.length = 0;
      transact(ctx, () => {
        addLanguage(core, 'Committed');
        emit(ctx, 'text.changed', { textId: 1 });
        expect(seen).toEqual([{ phase: 'inside', committedRows: 0 }]);
      });
      expect(seen).toEqual([
        { phase: 'inside', committedRows: 0 },
        { phase: 'after', committedRows: 1 },
      ]);
    } finally {
      other.close();
      core.close();
    }
  });
});

describe('the job list (Settings → About)', () => {
  it('lists waiting and failed jobs with their last error, and nothing once they ran', async () => {
    const { core } = coreWith(path.join(root, 'list'));
    try {
      let fail = true;
      core.services.jobs!.handlers['test.flaky' as never] = {
        run() {
          if (fail) throw new Error('Anki is not running');
        },
        attempts: 2,
        retryMs: 60_000,
      } as never;
      enqueue(core, 'test.flaky', 'x');
      await core.services.jobs!.idle();
      const { jobs } = (await core.dispatch('system.jobs', {})) as { jobs: { kind: string; state: string; attempts: number; error: string }[] };
      expect(jobs).toMatchObject([{ kind: 'test.flaky', state: 'pending', attempts: 1, error: 'Anki is not running' }]);
      fail = false;
      core.sqlite.prepare('UPDATE jobs SET JbRunAfter = 0').run();
      core.services.jobs!.wake();
      await core.services.jobs!.idle();
      expect(((await core.dispatch('system.jobs', {})) as { jobs: unknown[] }).jobs).toEqual([]);
    } finally {
      core.close();
    }
  });
});
