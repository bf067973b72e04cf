// Runs in: main. The whole core: configuration → database → handler registry. Electron and serve both start this.
import fs from 'node:fs';
import { AppError } from '../../src-shared/contract/errors';
import { openSqlite, closeSqlite, type Sqlite } from '../db/connection';
import { deferCheckpoints, startWalCheckpoints } from '../db/wal-checkpoints';
import { migrate } from '../db/migrate';
import { optimizeAtOpen, startStatistics } from '../db/statistics';
import { LOCAL_OWNER, type CurrentUser } from '../db/scope';
import { Registry, type BackgroundJob, type Handler } from '../registry';
import { allHandlers, allJobHandlers, allListeners, backgroundModules } from '../modules';
import { startJobRunner, type JobHandler, type JobHandlers } from '../core/jobs';
import type { Config } from '../core/config';
import { databaseFile } from '../core/data-dir';
import { systemClock, type Clock } from '../core/clock';
import { consoleLogger, type HandlerContext, type Logger } from '../core/context';
import { describeZodError } from '../core/errors';
import { emit, installListeners } from '../core/events';
import { createServices, type OutboundAllowance, type Services } from '../core/services';
import { migrationsDir } from '../core/paths';
import { afterSuccessfulStart, backupBeforeMigration, confirmRestoredLibrary, putPreviousLibraryBack, readPendingRestore } from '../modules/backup';
import { msg } from '../../src-shared/contract/messages';
import { plainValidation } from '../../src-shared/contract/field-labels';

export interface CoreOptions {
  config: Config;
  clock?: Clock;
  log?: Logger;
  migrationsFolder?: string;
  /** Tests only: lets outbound fetches reach servers the test started on 127.0.0.1. */
  outboundAllowance?: OutboundAllowance;
  /** Tests only: extra handlers (e.g. one that throws a raw database error). */
  extraHandlers?: Handler[];
  /** Tests only: job handlers of kinds of the test's own, next to the modules' (core/jobs.ts). */
  extraJobHandlers?: Record<string, JobHandler<never>>;
  /** Tests only: false starts no module's background job (a test that drives a scheduler's tick itself). */
  background?: boolean;
}

export interface Core {
  config: Config;
  sqlite: Sqlite;
  registry: Registry;
  services: Services;
  clock: Clock;
  log: Logger;
  /** Validates input and runs a handler for a user. Throws AppError on bad input or unknown names. */
  dispatch(name: string, input: unknown, user?: CurrentUser, transport?: HandlerContext['transport'], request?: HandlerContext['request']): Promise<unknown>;
  context(user?: CurrentUser, transport?: HandlerContext['transport']): HandlerContext;
  /** The modules' background jobs still armed, by module name (none after close()). */
  runningJobs(): string[];
  close(): void;
}

export { describeZodError } from '../core/errors';

export function createCore(options: CoreOptions): Core {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? consoleLogger;
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = databaseFile(config.dataDir);
  const migrationsFolder = options.migrationsFolder ?? migrationsDir();
  const open = (): Sqlite => {
    const opened = openSqlite(file);
    try {
      // A copy of the library is kept before any migration changes it (docs/backup.md).
      backupBeforeMigration(opened, config.dataDir, migrationsFolder, clock.now());
      migrate(opened, migrationsFolder);
      optimizeAtOpen(opened);
      deferCheckpoints(opened);
    } catch (err) {
      opened.close();
      throw err;
    }
    return opened;
  };
  /**
   * Opens the library; when that fails after a restore (the restored file cannot be opened, a migration throws),
   * the previous library is put back and opened instead, and `putBack` says why (issue 34 item 3).
   */
  const openOrPutBack = (): { opened: Sqlite; putBack: string | null } => {
    try {
      return { opened: open(), putBack: null };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (!putPreviousLibraryBack(config.dataDir, file, reason, log)) throw err;
      return { opened: open(), putBack: reason };
    }
  };
  // `let`: a restore replaces the connection (services.database below); contexts read the current one.
  let sqlite = openOrPutBack().opened;
  afterSuccessfulStart(config.dataDir);
  // A restored library keeps the previous one as a recovery copy until a call has succeeded on it. `generation`
  // counts restores: a call confirms only when no restore happened while it ran (the restore's own call does not).
  let restoreWaiting = readPendingRestore(config.dataDir) !== null;
  let generation = 0;
  const registry = new Registry([...allHandlers, ...(options.extraHandlers ?? [])]);
  const services = createServices(config, options.outboundAllowance ?? null);
  installListeners(services, allListeners);
  const statistics = startStatistics(
    () => sqlite,
    (err) => log.warn(`Gathering query statistics failed: ${err instanceof Error ? err.message : String(err)}`),
    undefined,
    options.background !== false,
  );
  services.database = {
    file,
    afterLargeImport: () => statistics.afterImport(),
    replaceWhileClosed(swap) {
      checkpoints.release();
      closeSqlite(sqlite);
      generation++;
      let putBack: string | null = null;
      try {
        swap(file);
      } finally {
        const reopened = openOrPutBack();
        sqlite = reopened.opened;
        putBack = reopened.putBack;
        // Caches keyed by row ids (word families, similar-terms indexes) describe the old file.
        services.cache.clear();
        // Jobs running stop at their next slice; the new file's jobs are its own (docs/architecture.md).
        services.jobs?.libraryReplaced();
        restoreWaiting = readPendingRestore(config.dataDir) !== null;
      }
      if (putBack !== null) throw new AppError(422, msg('restore.putBack', { why: putBack }));
      emit(context(), 'library.replaced', { how: 'restored' });
    },
  };

  const context = (
    user: CurrentUser = LOCAL_OWNER,
    transport: HandlerContext['transport'] = 'internal',
    request?: HandlerContext['request'],
  ): HandlerContext => ({
    sqlite,
    user,
    config,
    clock,
    log,
    services,
    transport,
    request,
  });

  // Work that follows a write: the library's jobs, run from now until close() (jobs a previous run left, first).
  services.jobs = startJobRunner(
    { sqlite: () => sqlite, context: (user) => context(user), log, now: () => clock.now() },
    {
      ...allJobHandlers,
      ...(options.extraJobHandlers as JobHandlers | undefined),
    },
  );

  // Module background work (automatic backups, feed autoupdate) lives exactly as long as this core.
  const jobs: { name: string; job: BackgroundJob }[] =
    options.background === false ? [] : backgroundModules.map((m) => ({ name: m.name, job: m.start!({ context: (user) => context(user) }) }));
  const checkpoints = startWalCheckpoints(
    () => sqlite,
    (err) => log.warn(`WAL checkpoint failed: ${err instanceof Error ? err.message : String(err)}`),
  );

  return {
    config,
    get sqlite() {
      return sqlite;
    },
    registry,
    services,
    clock,
    log,
    context,
    async dispatch(name, input, user = LOCAL_OWNER, transport = 'internal', request) {
      const handler = registry.get(name);
      if (!handler) throw new AppError(404, `Unknown call: ${name}`);
      const parsed = handler.input.safeParse(input ?? {});
      // `fields` (contract name → message) for programs, `message` in the forms' words for people (issue 20).
      if (!parsed.success) throw new AppError(400, `Invalid input: ${describeZodError(parsed.error)}`, plainValidation(parsed.error));
      const startedIn = generation;
      checkpoints.callStarted();
      try {
        const result = await handler.run(context(user, transport, request), parsed.data);
        if (restoreWaiting && startedIn === generation) {
          restoreWaiting = false;
          confirmRestoredLibrary(config.dataDir);
        }
        return result;
      } finally {
        checkpoints.afterCall();
      }
    },
    runningJobs: () => jobs.filter((j) => j.job.running()).map((j) => j.name),
    close() {
      for (const { job } of [...jobs].reverse()) job.stop();
      services.jobs?.stop();
      checkpoints.stop();
      statistics.stop();
      closeSqlite(sqlite);
    },
  };
}
