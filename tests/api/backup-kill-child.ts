// Child process of backup-kill.test.ts: starts a core on a data folder and restores a backup; at the named step
// of the swap it announces itself and blocks, so the parent can SIGKILL it exactly there ("any" = no stop).
import fs from 'node:fs';
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { loadConfig } from '../../src-main/core/config';
import { restoreHookSlot, type RestoreStepHook } from '../../src-main/modules/backup/restore';

const [dataDir, zipFile, stopAt] = process.argv.slice(2);
const core = createCore({
  config: loadConfig({ BACKUP_RESTORE_ENABLED: 'true', NLP_SERVICE_URL: 'http://127.0.0.1:9' }, { port: '0' }, dataDir),
  log: silentLogger,
});
const hook: RestoreStepHook = (step) => {
  if (step !== stopAt) return;
  process.stdout.write(`AT ${step}\n`);
  // Block here (no event loop, no exit handlers) until the parent kills the process.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
};
restoreHookSlot.set(core.services, hook);
process.stdout.write('READY\n');
core
  .dispatch('backup.restore', { file: { filename: 'b.zip', data: fs.readFileSync(zipFile) } }, undefined, 'http')
  .then(() => {
    process.stdout.write('DONE\n');
    core.close();
  })
  .catch((err: unknown) => {
    process.stdout.write(`ERROR ${(err as Error).message}\n`);
    process.exit(1);
  });
