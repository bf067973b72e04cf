// Runs in: main. The backup module's front door: its endpoints, and the hooks the core calls around start
// (backup before migrations, clean-up after a restore, the automatic-backup schedule).
import type { Module } from '../../registry';
import { backupHandlers } from './handlers';

export const backupModule: Module = { name: 'backup', handlers: backupHandlers, listeners: {} };
export { afterSuccessfulStart, backupBeforeMigration, startBackupSchedule } from './lifecycle';
export { confirmRestoredLibrary, putPreviousLibraryBack, readPendingRestore } from './recovery';
