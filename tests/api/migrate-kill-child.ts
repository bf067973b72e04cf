// Child process of migrate-kill.test.ts: starts a core on a data folder, as the app does, and moves in the LWT backup
// at the given path; the parent SIGKILLs it while the terms are being stored.
import fs from 'node:fs';
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { loadConfig } from '../../src-main/core/config';

const [dataDir, backupFile] = process.argv.slice(2);
const core = createCore({ config: loadConfig({ NLP_SERVICE_URL: 'http://127.0.0.1:9' }, { port: '0' }, dataDir), log: silentLogger });
process.stdout.write('READY\n');
core
  .dispatch('import.lwt', { file: { filename: 'lwt.sql.gz', data: new Uint8Array(fs.readFileSync(backupFile)) } }, undefined, 'http')
  .then(() => {
    process.stdout.write('DONE\n');
    core.close();
  })
  .catch((err: unknown) => {
    process.stdout.write(`ERROR ${(err as Error).message}\n`);
    process.exit(1);
  });
