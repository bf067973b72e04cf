// Runs in: main. Work that follows a write (docs/architecture.md "Background work"): a row of the jobs table
// (db/schema/jobs.ts), written by enqueueJob inside the write's transaction, so it commits or rolls back with it,
// and run after the commit by this core's one runner, as the job's owner, with retries and a time budget a slice.
// Rows live in the library's file: a job left by a crash or a close runs at the next start, and a restore that
// swaps the file swaps its jobs (the runner re-reads them; a job running meanwhile stops at its next slice and
// records nothing in the new file). A job may run twice (a crash after its work, before its row went): handlers
// are written to be idempotent.
import type { HandlerContext } from './context';
import type { CurrentUser } from '../db/scope';
import { afterCommit, stmt } from '../db/sql';
import type { Sqlite } from '../db/connection';
import { slicer, SLICE_MS, type Slicer } from './slices';
import { AppError } from '../../src-shared/contract/errors';
import { codedMessage, type CodedMessage, type Message } from '../../src-shared/contract/messages';

/** Every job kind and its payload (JSON): `<module>.<what>`, run by the module's `jobs` handler. */
export interface JobPayloads {
  /** Send-to-Anki-on-save: the saved terms go to Anki (anki-sync/on-save.ts). */
  'anki-sync.sendOnSave': { ids: number[] };
  /** The password-reset mail of an address (accounts/credentials.ts): after the answer, whatever the address. */
  'accounts.resetMail': { email: string };
  /** Texts stored unparsed, parsed in the background (texts/parse-later.ts). */
  'texts.parse': { ids: number[] };
  /** Automatic lemmas of a language's terms in lemma_pending (lemmas/deferred.ts). */
  'lemmas.fill': { languageId: number };
  /** "Translate all sentences" of a text: the cache filled slice after slice (translation/text-job.ts). */
  'translation.translateText': { textId: number };
  /** A move-in a killed run left half done, undone at the next start (migrate/interrupted.ts). */
  'migrate.undoMove': { moveId: number };
  /** Automatic lemmas of a language recomputed after its rules changed (lemmas/recompute.ts). */
  'lemmas.recompute': { languageId: number };
  /** Covers stored as files under covers/ moved into the media store (books/cover-move.ts; queued by migration 0028). */
  'books.moveCovers': Record<string, never>;
  /** An imported book's chapters parsed and counted (books/parse-chapters.ts); the import waits for it (`settled`). */
  'books.parseChapters': { bookId: number };
}

export type JobKind = keyof JobPayloads;

/** What a handler gets: a context on the library the job was written in, and the way to work in slices. */
export interface JobContext extends HandlerContext {
  job: {
    id: number;
    /** False once the job must stop: a restore swapped its library, or the core closed. */
    current(): boolean;
    /** A slicer of the kind's budget that stops (yields false) when the job is no longer current. */
    slices: Slicer;
  };
}

/** A kind's handler (a module's `jobs` in its index.ts). */
export interface JobHandler<K extends JobKind = JobKind> {
  /** Runs one job. Throws: retried after `retryMs` × attempt, up to `attempts` times, then kept as failed. */
  run(ctx: JobContext, payload: JobPayloads[K]): Promise<void> | void;
  /** Tries before giving up (default 3). */
  attempts?: number;
  /** The first retry's wait (default 5 s; doubled each attempt). */
  retryMs?: number;
  /**
   * Folds a new job into one of the same kind and owner still waiting (not started): one send for several saves
   * of a turn, one fill per language. Returns the merged payload, or null to keep them apart.
   */
  merge?(waiting: JobPayloads[K], next: JobPayloads[K]): JobPayloads[K] | null;
}

export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/** A job as the job list shows it (Settings → About). */
export interface JobRow {
  JbID: number;
  JbKind: string;
  JbUsID: number | null;
  JbState: 'pending' | 'failed';
  JbAttempts: number;
  JbRunAfter: number;
  JbError: string;
  JbCreated: number;
}

export interface JobRunner {
  /** Looks for due jobs on the next turn (after a commit that enqueued one; after a restore). */
  wake(): void;
  /** Resolves when no job (of `kind`) is running or due now (tests and benches wait on it). */
  idle(kind?: JobKind): Promise<void>;
  /** A job of `kind` is running, or waiting in the library (due or not). */
  has(kind: JobKind): boolean;
  /**
   * Resolves once job `id` has had its run: done, failed or put back for a retry, cancelled, or its library swapped
   * (a request that answers with what the job makes waits on it; the work itself stays the runner's, durable).
   */
  settled(id: number): Promise<void>;
  /** A restore swapped the library: jobs running stop at their next slice, the new file's jobs are read. */
  libraryReplaced(): void;
  /** The handler table (enqueueJob merges with it). */
  handlers: JobHandlers;
  stop(): void;
}

/**
 * Writes a job; inside a transaction it commits or rolls back with it, and the runner is woken once the outermost
 * transaction has committed. `ctx.user` owns it (NULL for the local owner in single-user mode). Returns the id of
 * the job that carries the payload: the new row, or the waiting job it was merged into.
 */
export function enqueueJob<K extends JobKind>(ctx: HandlerContext, kind: K, payload: JobPayloads[K], options: { owner?: number | null } = {}): number {
  const runner = ctx.services.jobs;
  if (!runner) throw new Error(`No job runner: ${kind} cannot be queued`);
  const owner = options.owner === undefined ? ctx.user.id : options.owner;
  const merge = runner.handlers[kind]?.merge as JobHandler<K>['merge'];
  const running = runningIds.get(runner) ?? new Set<number>();
  if (merge) {
    const waiting = stmt(
      ctx.sqlite,
      "SELECT JbID, JbPayload FROM jobs WHERE JbKind = ? AND JbUsID IS ? AND JbState = 'pending' AND JbAttempts = 0 ORDER BY JbID DESC LIMIT 8",
    ).all(kind, owner) as { JbID: number; JbPayload: string }[];
    for (const w of waiting) {
      if (running.has(w.JbID)) continue;
      const merged = merge(JSON.parse(w.JbPayload) as JobPayloads[K], payload);
      if (merged === null) continue;
      stmt(ctx.sqlite, 'UPDATE jobs SET JbPayload = ? WHERE JbID = ?').run(JSON.stringify(merged), w.JbID);
      afterCommit(ctx, () => runner.wake());
      return w.JbID;
    }
  }
  const now = ctx.clock.now();
  const inserted = stmt(ctx.sqlite, 'INSERT INTO jobs (JbKind, JbPayload, JbUsID, JbRunAfter, JbCreated) VALUES (?, ?, ?, ?, ?)').run(
    kind,
    JSON.stringify(payload),
    owner,
    now,
    now,
  );
  afterCommit(ctx, () => runner.wake());
  return Number(inserted.lastInsertRowid);
}

/** The library's jobs waiting or failed, oldest first (`owner`: one user's; undefined: everyone's). */
export function listJobs(sqlite: Sqlite, owner?: number | null): JobRow[] {
  const all = stmt(
    sqlite,
    'SELECT JbID, JbKind, JbUsID, JbState, JbAttempts, JbRunAfter, JbError, JbCreated FROM jobs ORDER BY JbID LIMIT 500',
  ).all() as JobRow[];
  return owner === undefined ? all : all.filter((j) => j.JbUsID === owner);
}

/** A job of one kind and owner, with its payload (a module asking after its own jobs). */
export interface OwnJob<K extends JobKind> {
  JbID: number;
  JbState: 'pending' | 'failed';
  JbError: string;
  payload: JobPayloads[K];
}

/** The caller's jobs of `kind` (waiting, running or failed), oldest first. */
export function ownJobs<K extends JobKind>(ctx: HandlerContext, kind: K): OwnJob<K>[] {
  const rows = stmt(ctx.sqlite, 'SELECT JbID, JbState, JbError, JbPayload FROM jobs WHERE JbKind = ? AND JbUsID IS ? ORDER BY JbID').all(kind, ctx.user.id) as {
    JbID: number;
    JbState: 'pending' | 'failed';
    JbError: string;
    JbPayload: string;
  }[];
  return rows.map(({ JbPayload, ...r }) => ({ ...r, payload: JSON.parse(JbPayload) as JobPayloads[K] }));
}

/**
 * Removes jobs (waiting, failed or running): the learner stopped them. A running one finds out at its next
 * `jobCancelled` check and ends; the runner's own delete or failure update then touches no row.
 */
export function cancelJobs(ctx: HandlerContext, ids: readonly number[]): void {
  for (const id of ids) stmt(ctx.sqlite, 'DELETE FROM jobs WHERE JbID = ?').run(id);
  // A request waiting on a job that never started (settled) hears of it at the runner's next look.
  if (ids.length) afterCommit(ctx, () => ctx.services.jobs?.wake());
}

/** True once the running job's row is gone (cancelJobs), or its library swapped: the job should end now. */
export const jobCancelled = (ctx: JobContext): boolean =>
  !ctx.job.current() || stmt(ctx.sqlite, 'SELECT 1 FROM jobs WHERE JbID = ?').get(ctx.job.id) === undefined;

/**
 * A failed job's JbError as a message: a coded failure (an AppError with a code) is kept as JSON by the runner so
 * the interface can say it in the learner's language; any other is English text.
 */
export function jobError(raw: string): CodedMessage {
  if (raw.startsWith('{')) {
    try {
      const parsed = JSON.parse(raw) as CodedMessage;
      if (typeof parsed.message === 'string') return parsed;
    } catch {
      // Plain text that starts with a brace.
    }
  }
  return { message: raw };
}

const failureText = (err: unknown): string => {
  if (err instanceof AppError && err.code) {
    const m = { code: err.code, ...(err.extra.params ? { params: err.extra.params } : {}) } as Message;
    const coded = JSON.stringify(codedMessage(m));
    // Past the column's 500 characters the JSON would be cut: the English text then.
    if (coded.length <= 500) return coded;
  }
  return err instanceof Error ? err.message : String(err);
};

/** The ids each runner is running now (a merge never folds into a job already started). */
const runningIds = new WeakMap<JobRunner, Set<number>>();

export interface RunnerHost {
  sqlite(): Sqlite;
  context(user?: CurrentUser): HandlerContext;
  log: HandlerContext['log'];
  now(): number;
}

const DEFAULT_ATTEMPTS = 3;
const DEFAULT_RETRY_MS = 5_000;
/** Jobs read a look: more due jobs than this wait for the next look (one per finished job). */
const BATCH = 32;

/** The core's runner: one job of a kind at a time, kinds side by side (a long lemma fill never holds up a mail). */
export function startJobRunner(host: RunnerHost, handlers: JobHandlers): JobRunner {
  let stopped = false;
  /** Counts restores: a job is current while the library it was read from is. */
  let generation = 0;
  const running = new Set<number>();
  const busyKinds = new Map<string, Promise<void>>();
  let woken = false;
  let timer: NodeJS.Timeout | null = null;
  let waiters: (() => void)[] = [];
  /** Those waiting on one job's run (settled), by job id. */
  const jobWaiters = new Map<number, (() => void)[]>();
  const release = (id: number) => {
    const ready = jobWaiters.get(id);
    jobWaiters.delete(id);
    for (const w of ready ?? []) w();
  };
  const releaseAll = () => [...jobWaiters.keys()].forEach(release);

  const due = (): { JbID: number; JbKind: string; JbPayload: string; JbUsID: number | null; JbAttempts: number }[] =>
    stmt(host.sqlite(), "SELECT JbID, JbKind, JbPayload, JbUsID, JbAttempts FROM jobs WHERE JbState = 'pending' AND JbRunAfter <= ? ORDER BY JbID LIMIT ?").all(
      host.now(),
      BATCH,
    ) as { JbID: number; JbKind: string; JbPayload: string; JbUsID: number | null; JbAttempts: number }[];

  const nextRetryAt = (): number | null =>
    (stmt(host.sqlite(), "SELECT MIN(JbRunAfter) AS at FROM jobs WHERE JbState = 'pending'").get() as { at: number | null }).at;

  const ownerOf = (id: number | null): CurrentUser | undefined => {
    if (id === null) return undefined;
    const row = stmt(host.sqlite(), 'SELECT UsUsername, UsRole FROM users WHERE UsID = ?').get(id) as
      { UsUsername: string; UsRole: CurrentUser['role'] } | undefined;
    return { id, username: row?.UsUsername ?? '', role: row?.UsRole ?? 'user' };
  };

  /**
   * A read of the jobs table that a library being swapped in may not answer yet (an older backup's copy before its
   * migrations, a file mid-restore): an error thrown from a timer would end the process, so it is logged and read
   * as "nothing now".
   */
  function safely<T>(read: () => T, fallback: T): T {
    try {
      return read();
    } catch (err) {
      host.log.warn('Jobs: the jobs table cannot be read now', err instanceof Error ? err.message : String(err));
      return fallback;
    }
  }

  function look(): void {
    woken = false;
    if (stopped || !host.sqlite().open) return settle();
    // A waited-on job that is neither running nor in the library any more (cancelled before it ran) has settled.
    for (const id of jobWaiters.keys())
      if (!running.has(id) && safely(() => stmt(host.sqlite(), "SELECT 1 FROM jobs WHERE JbID = ? AND JbState = 'pending'").get(id) === undefined, false))
        release(id);
    const jobs = safely(due, null);
    if (jobs === null) {
      // Looked again shortly, when the library in place has its tables.
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        wake();
      }, 1_000);
      timer.unref();
      return settle();
    }
    for (const job of jobs) {
      if (running.has(job.JbID) || busyKinds.has(job.JbKind)) continue;
      const handler = handlers[job.JbKind as JobKind] as JobHandler | undefined;
      if (!handler) continue; // A kind of a newer app (the file was opened by one): left for it.
      // Started on a microtask: a handler that throws at once must find its kind marked busy to unmark it.
      busyKinds.set(
        job.JbKind,
        Promise.resolve().then(() => runOne(job, handler)),
      );
    }
    armRetry();
    settle();
  }

  function armRetry(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    if (stopped || !host.sqlite().open) return;
    const at = safely(nextRetryAt, null);
    if (at === null || at <= host.now()) return;
    timer = setTimeout(() => {
      timer = null;
      wake();
    }, at - host.now());
    timer.unref();
  }

  async function runOne(
    job: { JbID: number; JbKind: string; JbPayload: string; JbUsID: number | null; JbAttempts: number },
    handler: JobHandler,
  ): Promise<void> {
    const startedIn = generation;
    const sqlite = host.sqlite();
    const current = () => !stopped && generation === startedIn && sqlite.open;
    running.add(job.JbID);
    const base = host.context(ownerOf(job.JbUsID));
    const ctx: JobContext = { ...base, job: { id: job.JbID, current, slices: slicer(SLICE_MS, current) } };
    try {
      await handler.run(ctx, JSON.parse(job.JbPayload) as never);
      if (current()) stmt(sqlite, 'DELETE FROM jobs WHERE JbID = ?').run(job.JbID);
    } catch (err) {
      // Its library was swapped or closed meanwhile: the row is the old file's, nothing to record here.
      if (current()) {
        const attempts = job.JbAttempts + 1;
        const message = failureText(err);
        host.log.warn(`Job ${job.JbKind} #${job.JbID} failed (attempt ${attempts})`, message);
        const failed = attempts >= (handler.attempts ?? DEFAULT_ATTEMPTS);
        stmt(sqlite, 'UPDATE jobs SET JbAttempts = ?, JbError = ?, JbState = ?, JbRunAfter = ? WHERE JbID = ?').run(
          attempts,
          message.slice(0, 500),
          failed ? 'failed' : 'pending',
          host.now() + (handler.retryMs ?? DEFAULT_RETRY_MS) * 2 ** (attempts - 1),
          job.JbID,
        );
      }
    } finally {
      running.delete(job.JbID);
      if (startedIn === generation) busyKinds.delete(job.JbKind);
      release(job.JbID);
      wake();
    }
  }

  /** Resolves the idle waiters once nothing runs and nothing is due. */
  function settle(): void {
    if (busyKinds.size > 0 || woken) return;
    if (!stopped && host.sqlite().open && safely(due, []).some((j) => handlers[j.JbKind as JobKind])) return;
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  }

  function wake(): void {
    if (stopped || woken) return;
    woken = true;
    setImmediate(look);
  }

  const runner: JobRunner = {
    handlers,
    wake,
    has: (kind) =>
      busyKinds.has(kind) ||
      (!stopped && host.sqlite().open && stmt(host.sqlite(), "SELECT 1 FROM jobs WHERE JbKind = ? AND JbState = 'pending' LIMIT 1").get(kind) !== undefined),
    async idle(kind) {
      for (;;) {
        if (stopped) return;
        if (kind ? !busyKinds.has(kind) && !woken && !dueOf(kind) : busyKinds.size === 0 && !woken && !dueOf()) return;
        await ((kind && busyKinds.get(kind)) || new Promise<void>((resolve) => waiters.push(resolve)));
      }
    },
    settled(id) {
      if (stopped) return Promise.resolve();
      return new Promise<void>((resolve) => {
        jobWaiters.set(id, [...(jobWaiters.get(id) ?? []), resolve]);
        wake();
      });
    },
    libraryReplaced() {
      generation++;
      busyKinds.clear();
      running.clear();
      releaseAll();
      wake();
    },
    stop() {
      stopped = true;
      releaseAll();
      if (timer) clearTimeout(timer);
      timer = null;
      const ready = waiters;
      waiters = [];
      for (const w of ready) w();
    },
  };

  function dueOf(kind?: string): boolean {
    if (stopped || !host.sqlite().open) return false;
    return safely(due, []).some((j) => (kind ? j.JbKind === kind : handlers[j.JbKind as JobKind] !== undefined));
  }

  runningIds.set(runner, running);
  // Jobs a previous run left (a crash, a close) run now.
  wake();
  return runner;
}
