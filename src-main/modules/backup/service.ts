// Runs in: main. Backup rules: admin only in multi-user mode and then scoped to the caller's rows; restore only
// when allowed (settings.ts) and only after every check passed (restore.ts); empty database after the typed
// confirmation "EMPTY", keeping settings and accounts.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError, badRequest, forbidden } from '../../../src-shared/contract/errors';
import { UploadedTempFile, type DiskFileResult, type FileResult } from '../../../src-shared/contract/endpoint';
import type { BackupSettingsDto, EmptySummary, RestoreSummary } from '../../../src-shared/contract/backup';
import type { HandlerContext } from '../../core/context';
import { migrationsDir } from '../../core/paths';
import { APP_VERSION } from '../../core/version';
import { tempArchive, writeBackup, type WrittenBackup } from './archive';
import { journalTags, writeAutomaticBackup } from './lifecycle';
import * as repo from './repo';
import { dropPendingRestore, journalMoves, keptFilesDir, markRestorePending } from './recovery';
import { moveStagedFiles, preparedPath, restoreHookSlot, stageBackup, stagingDir, swapFiles } from './restore';
import { bufferSource, fileSource, type ZipSource } from './zip-reader';
import { readBackupSettings, restoreAllowed, saveBackupSettingsRaw } from './settings';
import { msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';
import { emit } from '../../core/events';
import { removeDbFiles } from '../../db/files';
import { runInWorker } from '../../core/worker';
import { markEveryTextForReparse } from '../texts';
import type { PrepareOptions } from './prepare';

export const EMPTY_CONFIRMATION = 'EMPTY';

export function requireAdmin(ctx: HandlerContext): void {
  if (ctx.config.multiUserEnabled && ctx.user.role !== 'admin') throw forbidden(msg('common.adminOnly'));
}

/** Multi-user mode: only the caller's rows; single-user: everything. */
const scopeOwner = (ctx: HandlerContext): number | undefined => (ctx.config.multiUserEnabled ? (ctx.user.id ?? undefined) : undefined);

/** Callers check requireAdmin first. */
function build(ctx: HandlerContext, target: string): Promise<WrittenBackup> {
  return writeBackup(
    ctx.sqlite,
    { dataDir: ctx.config.dataDir, migrationsFolder: migrationsDir(), owner: scopeOwner(ctx), now: new Date(ctx.clock.now()) },
    target,
  );
}

/**
 * The archive is written to a temporary file. HTTP streams it from there and removes it once sent; IPC moves it
 * where the person chooses (src-main/ipc/adapter.ts); internal callers get the bytes.
 */
export async function download(ctx: HandlerContext): Promise<FileResult | DiskFileResult> {
  requireAdmin(ctx);
  const built = await build(ctx, tempArchive(ctx.config.dataDir));
  if (ctx.transport === 'http' || ctx.transport === 'ipc') {
    return { $diskFile: true, filename: built.filename, contentType: 'application/zip', path: built.file, size: built.size, removeAfter: true };
  }
  try {
    return { $file: true, filename: built.filename, contentType: 'application/zip', data: await fs.promises.readFile(built.file) };
  } finally {
    await fs.promises.rm(built.file, { force: true });
  }
}

/** Writes a backup now into the automatic-backup folder, under a name Lectio makes. */
export async function saveNow(ctx: HandlerContext): Promise<{ success: true; file: string; size: number }> {
  requireAdmin(ctx);
  const s = readBackupSettings(ctx);
  if (!s.folder) throw badRequest(msg('backup.chooseFolder'));
  if (ctx.config.multiUserEnabled) throw badRequest(msg('backup.folderDesktopOnly'));
  const file = await writeAutomaticBackup(ctx, s.folder, s.keep);
  return { success: true, file, size: fs.statSync(file).size };
}

export function settings(ctx: HandlerContext): BackupSettingsDto {
  requireAdmin(ctx);
  return readBackupSettings(ctx);
}

export function saveSettings(ctx: HandlerContext, input: { schedule?: string; folder?: string; keep?: number; restoreEnabled?: boolean }): BackupSettingsDto {
  requireAdmin(ctx);
  const before = readBackupSettings(ctx);
  if (input.restoreEnabled !== undefined && !before.restoreSwitchable && input.restoreEnabled !== before.restoreEnabled) {
    throw forbidden(ctx.config.backupRestoreEnabled ? msg('backup.restoreByConfig') : msg('backup.restoreDesktopOnly'));
  }
  const values: Record<string, string> = {};
  if (input.schedule !== undefined) values.backupSchedule = input.schedule;
  if (input.folder !== undefined) values.backupDir = input.folder;
  if (input.keep !== undefined) values.backupKeep = String(input.keep);
  if (input.restoreEnabled !== undefined && before.restoreSwitchable) values.backupRestoreEnabled = input.restoreEnabled ? '1' : '0';
  if ((input.schedule ?? before.schedule) !== 'off' && !(input.folder ?? before.folder)) throw badRequest(msg('backup.chooseScheduleFolder'));
  saveBackupSettingsRaw(ctx, values);
  return readBackupSettings(ctx);
}

const stampOf = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/[:T]/g, '-');

export async function restore(ctx: HandlerContext, file: UploadedTempFile | { data: Uint8Array }): Promise<RestoreSummary> {
  requireAdmin(ctx);
  if (!restoreAllowed(ctx)) {
    throw forbidden(ctx.transport === 'ipc' ? msg('backup.restoreOff') : msg('backup.restoreDisabled'));
  }
  if (ctx.config.multiUserEnabled && repo.activeAccounts(ctx.sqlite) > 1) {
    throw badRequest(msg('backup.otherAccounts'));
  }
  const control = ctx.services.database;
  if (!control) throw new AppError(503, msg('backup.restoreUnavailable'));
  const stamp = stampOf(ctx.clock.now());
  const prepared = preparedPath(control.file, stamp);
  const staging = stagingDir(ctx.config.dataDir, stamp);
  const { manifest, files } = await withSource(file, (src) => stageBackup(src, prepared, staging));
  try {
    const { counts } = await prepareInWorker(prepared, {
      liveFile: control.file,
      migrationsFolder: migrationsDir(),
      knownMigrations: journalTags(migrationsDir()),
      owner: ctx.config.multiUserEnabled ? ctx.user.id : null,
      multiUser: ctx.config.multiUserEnabled,
    });
    // Made by another version: texts are parsed again when next opened (TxNeedsParse), with this version's parser.
    if (manifest.appVersion !== APP_VERSION) markPreparedForReparse(prepared);
    journalMoves(staging, prepared, control.file, files);
    const hook = restoreHookSlot.get(ctx.services);
    hook?.('prepared');
    let keptAs = '';
    const dataDir = ctx.config.dataDir;
    try {
      control.replaceWhileClosed((live) => {
        // Before the swap: from here the previous library is a recovery copy, put back if the restored one fails
        // to start (also at the next start), removed once the restored one has served a request.
        markRestorePending(dataDir, {
          kept: `pre-restore-${stamp}.db`,
          files: keptFilesDir(stamp),
          at: ctx.clock.now(),
          backup: manifest.createdAt,
        });
        try {
          keptAs = swapFiles(live, prepared, stamp, hook);
        } catch (err) {
          dropPendingRestore(dataDir);
          throw err;
        }
      });
    } finally {
      fs.rmSync(prepared, { force: true });
    }
    const restoredFiles = moveStagedFiles(dataDir, files, path.join(dataDir, keptFilesDir(stamp)));
    hook?.('reopened');
    ctx.log.info(`Restored the backup of ${manifest.createdAt}; the replaced library is kept as ${keptAs} until the restored one has served a request.`);
    return {
      success: true,
      counts,
      files: restoredFiles,
      backup: { createdAt: manifest.createdAt, appVersion: manifest.appVersion, schemaVersion: manifest.schemaVersion, scope: manifest.scope },
      keptAs: path.basename(keptAs),
    };
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/** A restore may prepare a library of GBs: the worker's deadline is generous; its memory is SQLite's, not the heap's. */
const PREPARE_LIMITS = { maxHeapMb: 256, timeoutMs: 30 * 60_000 };

/**
 * The checks, migrations and rebuild of the prepared file (prepare.ts) in a worker thread, so requests keep being
 * answered meanwhile. A worker stopped at a limit leaves its files behind: they are removed here.
 */
async function prepareInWorker(prepared: string, opts: PrepareOptions): Promise<{ counts: Record<string, number> }> {
  try {
    return await runInWorker<{ counts: Record<string, number> }>('backup.prepareRestore', { prepared, ...opts }, PREPARE_LIMITS);
  } catch (err) {
    removeDbFiles(prepared);
    removeDbFiles(`${prepared}.schema`);
    throw err;
  }
}

/** Marks every text of the prepared file for a new parse (one UPDATE, on a connection of its own). */
function markPreparedForReparse(prepared: string): void {
  const db = new Database(prepared, { fileMustExist: true });
  try {
    markEveryTextForReparse({ sqlite: db });
  } finally {
    db.close();
  }
}

/** The archive as a random-access source: the upload on disk (HTTP, picked files) or its bytes (IPC). */
async function withSource<T>(file: UploadedTempFile | { data: Uint8Array }, use: (src: ZipSource) => Promise<T>): Promise<T> {
  if (!(file instanceof UploadedTempFile)) return use(bufferSource(Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength)));
  const fd = fs.openSync(file.path, 'r');
  try {
    return await use(fileSource(fd));
  } finally {
    fs.closeSync(fd);
  }
}

export function empty(ctx: HandlerContext, confirm: string): EmptySummary {
  requireAdmin(ctx);
  if (confirm !== EMPTY_CONFIRMATION) throw badRequest(msg('backup.confirmEmpty', { word: EMPTY_CONFIRMATION }));
  const owner = ctx.config.multiUserEnabled ? ctx.user.id : undefined;
  const deleted = transact(ctx, () => repo.deleteOwnedRows(ctx.sqlite, owner));
  ctx.services.cache.clear();
  emit(ctx, 'library.replaced', { how: 'emptied' });
  ctx.log.info(`Emptied the database: ${deleted} rows deleted (with their child rows).`);
  return { success: true, deleted, counts: repo.countRows(ctx.sqlite) };
}
