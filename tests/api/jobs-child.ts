// The child of jobs.test.ts: opens a library, writes a job with a term in one transaction and kills itself with
// SIGKILL right after the commit, before the runner's next turn could start the job (no close, no cleanup).
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import { enqueueJob } from '../../src-main/core/jobs';
import { transact } from '../../src-main/db/sql';
import { testConfig } from '../helpers/core';

const dataDir = process.argv[2];
const core = createCore({ config: testConfig({}, dataDir), log: silentLogger });
const ctx = core.context();
transact(ctx, () => {
  core.sqlite.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('Killed', 0)").run();
  enqueueJob(ctx, 'test.record' as never, { tag: 'before the kill' } as never);
});
process.stdout.write('COMMITTED\n');
process.kill(process.pid, 'SIGKILL');
