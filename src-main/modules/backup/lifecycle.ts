// Runs in: main. What the backup module does around the core's life: a backup before any migration changes the
// database at start, clean-up of what a restore left once a start succeeded, and automatic backups (daily or
// weekly into a chosen folder, keeping the newest N).
import fs from 'node:fs';
import path from 'node:path';
import type { Sqlite } from '../../db/connection';
import type { HandlerContext } from '../../core/context';
import type { BackgroundJob, JobHost } from '../../registry';
import { migrationsDir } from '../../core/paths';
import { backupFileName, writeBackup, writeBackupSync } from './archive';
import * as repo from './repo';
import { cleanUpAfterStart, finishInterruptedRestore } from './recovery';
import { readBackupSettings, saveBackupSettingsRaw } from './settings';

/** Pre-migration backups kept in {data}/backups/ (oldest removed first). */
export const PRE_MIGRATION_KEEP = 5;

export const preMigrationDir = (dataDir: string) => path.join(dataDir, 'backups');

export function journalTags(folder: string): string[] {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    return journal.entries.map((e) => e.tag);
  } catch {
    return [];
  }
}

function prune(dir: string, pattern: RegExp, keep: number): void {
  const names = fs
    .readdirSync(dir)
    .filter((n) => pattern.test(n))
    .sort();
  for (const n of names.slice(0, Math.max(0, names.length - keep))) fs.rmSync(path.join(dir, n), { force: true });
}

/**
 * Before migrations run on a database that already has some (an upgrade), writes a full backup to
 * {data}/backups/pre-migration-{schema}-{date}.zip. A new, empty database needs none.
 */
export function backupBeforeMigration(sqlite: Sqlite, dataDir: string, migrationsFolder: string, now: number): string | null {
  const applied = repo.appliedMigrations(sqlite);
  if (applied.length === 0) return null;
  const done = new Set(applied);
  const known = journalTags(migrationsFolder);
  // Unknown applied migrations: a newer app wrote it and migrate() refuses without changing anything.
  if (applied.some((m) => !known.includes(m))) return null;
  if (!known.some((m) => !done.has(m))) return null;
  const dir = preMigrationDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const date = new Date(now);
  const name = `pre-migration-${applied[applied.length - 1]}-${date.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.zip`;
  const file = path.join(dir, name);
  writeBackupSync(sqlite, { dataDir, migrationsFolder, now: date }, file);
  prune(dir, /^pre-migration-.*\.zip$/, PRE_MIGRATION_KEEP);
  return file;
}

export function afterSuccessfulStart(dataDir: string): void {
  finishInterruptedRestore(dataDir);
  cleanUpAfterStart(dataDir);
}

const DAY = 24 * 60 * 60 * 1000;

/** Writes one automatic backup if one is due; returns its path. */
export async function runAutomaticBackupIfDue(ctx: HandlerContext): Promise<string | null> {
  if (ctx.config.multiUserEnabled) return null;
  const s = readBackupSettings(ctx);
  if (s.schedule === 'off' || !s.folder) return null;
  const now = ctx.clock.now();
  const interval = s.schedule === 'daily' ? DAY : 7 * DAY;
  if (s.lastBackupAt !== null && now - s.lastBackupAt < interval) return null;
  return writeAutomaticBackup(ctx, s.folder, s.keep);
}

export async function writeAutomaticBackup(ctx: HandlerContext, folder: string, keep: number): Promise<string> {
  fs.mkdirSync(folder, { recursive: true });
  const now = new Date(ctx.clock.now());
  const file = path.join(folder, backupFileName(now));
  await writeBackup(ctx.sqlite, { dataDir: ctx.config.dataDir, migrationsFolder: migrationsDir(), now, excludeDirs: [folder] }, file);
  prune(folder, /^lectio-backup-.*\.zip$/, keep);
  saveBackupSettingsRaw(ctx, { backupLast: String(ctx.clock.now()), backupLastError: '' });
  return file;
}

/** Checks every hour (first a minute after start) whether an automatic backup is due. */
export function startBackupSchedule(host: JobHost): BackgroundJob {
  let busy = false;
  let armed = true;
  const tick = async () => {
    if (busy) return;
    busy = true;
    const ctx = host.context();
    try {
      await runAutomaticBackupIfDue(ctx);
    } catch (err) {
      ctx.log.error('Automatic backup failed', err);
      try {
        saveBackupSettingsRaw(ctx, { backupLastError: (err as Error).message.slice(0, 500) });
      } catch {
        // The database may be closing.
      }
    } finally {
      busy = false;
    }
  };
  const first = setTimeout(() => void tick(), 60_000);
  const every = setInterval(() => void tick(), 60 * 60_000);
  first.unref();
  every.unref();
  return {
    running: () => armed,
    stop() {
      armed = false;
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
