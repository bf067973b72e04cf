// Runs in: main. The backup settings, kept in the settings table through the settings module: automatic
// schedule, folder (the admin-scoped backupDir), how many to keep, last backup time and error, and the desktop
// switch that allows restore (honoured only over IPC, i.e. in the desktop app; see restoreAllowed).
import type { BackupSettingsDto } from '../../../src-shared/contract/backup';
import type { HandlerContext } from '../../core/context';
import { getSetting, saveSetting } from '../settings';
import { readRestoreNotice } from './recovery';

export const DEFAULT_KEEP = 7;

export function readBackupSettings(ctx: Pick<HandlerContext, 'sqlite' | 'user' | 'config' | 'transport'>): BackupSettingsDto {
  const schedule = getSetting(ctx, 'backupSchedule');
  const keep = Number(getSetting(ctx, 'backupKeep'));
  const last = Number(getSetting(ctx, 'backupLast'));
  return {
    schedule: schedule === 'daily' || schedule === 'weekly' ? schedule : 'off',
    folder: getSetting(ctx, 'backupDir'),
    keep: Number.isInteger(keep) && keep >= 1 ? keep : DEFAULT_KEEP,
    lastBackupAt: Number.isFinite(last) && last > 0 ? last : null,
    lastError: getSetting(ctx, 'backupLastError'),
    restoreEnabled: restoreAllowed(ctx),
    restoreSwitchable: !ctx.config.backupRestoreEnabled && ctx.transport === 'ipc',
    restoreSwitchOn: getSetting(ctx, 'backupRestoreEnabled') === '1',
    multiUser: ctx.config.multiUserEnabled,
    restoreNotice: ctx.user.role === 'admin' ? readRestoreNotice(ctx.config.dataDir) : null,
  };
}

/**
 * Restore runs when BACKUP_RESTORE_ENABLED is true, or in the desktop app (IPC) when the user switched it on
 * in Settings. Over HTTP the stored switch counts for nothing: a web page cannot turn restore on.
 */
export function restoreAllowed(ctx: Pick<HandlerContext, 'sqlite' | 'user' | 'config' | 'transport'>): boolean {
  if (ctx.config.backupRestoreEnabled) return true;
  return ctx.transport === 'ipc' && !ctx.config.multiUserEnabled && getSetting(ctx, 'backupRestoreEnabled') === '1';
}

export function saveBackupSettingsRaw(ctx: HandlerContext, values: Record<string, string>): void {
  for (const [k, v] of Object.entries(values)) saveSetting(ctx, k, v);
}
