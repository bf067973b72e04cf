// Runs in: any process. Backup, restore and empty-database endpoints (admin-only in multi-user mode).
import { z } from 'zod';
import { endpoint, returns, uploadedFile, uploadedTempFile, type FileResult, type SavedFileResult } from './endpoint';

/** The largest backup a restore accepts (and a backup writes): archives over 4 GB are zip64. */
export const MAX_BACKUP_BYTES = 64 * 1024 * 1024 * 1024;

export interface BackupSettingsDto {
  schedule: 'off' | 'daily' | 'weekly';
  /** Folder of automatic backups ('' = none chosen). */
  folder: string;
  /** Automatic backups kept in the folder (the oldest go first). */
  keep: number;
  /** Epoch ms of the last automatic backup or "back up now" saved to the folder. */
  lastBackupAt: number | null;
  lastError: string;
  /** Restore can run now (BACKUP_RESTORE_ENABLED, or the desktop switch). */
  restoreEnabled: boolean;
  /** The desktop app may switch restore on in Settings (not when the server configuration decides). */
  restoreSwitchable: boolean;
  restoreSwitchOn: boolean;
  multiUser: boolean;
  /**
   * A restored library that could not start (at the restore or at a later start), so the previous library was
   * put back: when, why, and the backup's date. Shown until the next restore; administrators only.
   */
  restoreNotice: { at: number; reason: string; backup: string } | null;
}

export interface RestoreSummary {
  success: true;
  /** Rows per table in the restored library. */
  counts: Record<string, number>;
  files: number;
  /** The manifest facts of the restored backup. */
  backup: { createdAt: string; appVersion: string; schemaVersion: string; scope: 'all' | 'owner' };
  /** The replaced database, kept beside the live one until the restored library has served a request. */
  keptAs: string;
}

export interface EmptySummary {
  success: true;
  /** Rows deleted directly (their child rows went with them). */
  deleted: number;
  counts: Record<string, number>;
}

export const backupSettingsInput = z.object({
  schedule: z.enum(['off', 'daily', 'weekly']).optional(),
  folder: z
    .string()
    .trim()
    .max(1000)
    .refine((v) => v === '' || /^(\/|[A-Za-z]:[\\/]|\\\\)/.test(v), 'folder must be an absolute path')
    .optional(),
  keep: z.coerce.number().int().min(1).max(365).optional(),
  /** Desktop only: allows restore (see BackupSettingsDto.restoreSwitchable). */
  restoreEnabled: z.boolean().optional(),
});

export const backupContract = {
  /** HTTP: the archive as a download. Desktop: main saves it where the person chooses (SavedFileResult). */
  'backup.download': endpoint({
    method: 'GET',
    path: '/api/v1/backup',
    access: 'manage',
    input: z.object({}),
    output: returns<FileResult | SavedFileResult>(),
  }),
  /**
   * Writes the backup into the automatic-backup folder under a name Lectio makes. No path is ever taken from a
   * caller: "Save backup as…" in the desktop app is backup.download, saved by main's own Save dialog over IPC.
   */
  'backup.saveNow': endpoint({
    method: 'POST',
    path: '/api/v1/backup/save',
    access: 'manage',
    input: z.object({}).strict(),
    output: returns<{ success: true; file: string; size: number }>(),
  }),
  /** The upload is streamed to disk (a backup with GBs of media never sits in memory); IPC passes bytes. */
  'backup.restore': endpoint({
    method: 'POST',
    path: '/api/v1/backup/restore',
    access: 'manage',
    input: z.object({ file: z.union([uploadedTempFile, uploadedFile]) }),
    output: returns<RestoreSummary>(),
    upload: { toDisk: true, maxBytes: MAX_BACKUP_BYTES },
  }),
  'backup.settings': endpoint({ method: 'GET', path: '/api/v1/backup/settings', access: 'manage', input: z.object({}), output: returns<BackupSettingsDto>() }),
  'backup.saveSettings': endpoint({
    method: 'PUT',
    path: '/api/v1/backup/settings',
    access: 'manage',
    input: backupSettingsInput,
    output: returns<BackupSettingsDto>(),
  }),
  'backup.empty': endpoint({
    method: 'POST',
    path: '/api/v1/database/empty',
    access: 'manage',
    input: z.object({ confirm: z.string().max(20) }),
    output: returns<EmptySummary>(),
  }),
};
