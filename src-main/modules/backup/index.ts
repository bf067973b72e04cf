// Runs in: main. The backup module's front door: its endpoints, and the hooks the core calls around start
// (backup before migrations, clean-up after a restore, the automatic-backup schedule).
import type { Module } from '../../registry';
import { backupHandlers } from './handlers';
import { startBackupSchedule } from './lifecycle';

// The automatic-backup schedule runs while the core does: started with it, stopped by its close().
export const backupModule: Module = { name: 'backup', handlers: backupHandlers, listeners: {}, start: (host) => startBackupSchedule(host) };
export { afterSuccessfulStart, backupBeforeMigration } from './lifecycle';
export { confirmRestoredLibrary, putPreviousLibraryBack, readPendingRestore } from './recovery';
