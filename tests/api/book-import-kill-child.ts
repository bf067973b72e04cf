// The child of jobs.test.ts's book case: imports a two-chapter book and is killed with SIGKILL the moment the
// import's transaction has committed and its chapter job starts, before any chapter is parsed (no close, no cleanup).
import { createCore } from '../../src-main/app/core';
import { silentLogger } from '../../src-main/core/context';
import type { JobHandler } from '../../src-main/core/jobs';
import { testConfig } from '../helpers/core';

const dataDir = process.argv[2];
const killAtStart = {
  run() {
    process.stdout.write('COMMITTED\n');
    process.kill(process.pid, 'SIGKILL');
  },
} as unknown as JobHandler<never>;
const core = createCore({ config: testConfig({}, dataDir), log: silentLogger, extraJobHandlers: { 'books.parseChapters': killAtStart } });
const { LgID } = (await core.dispatch('languages.create', { LgName: 'English', LgIsoCode: 'en' })) as { LgID: number };
const text = ['CHAPTER I', '', 'It was the best of times.', '', 'CHAPTER II', '', 'It was the worst of times, it was.'].join('\n');
await core.dispatch('books.create', { title: 'Two Cities', language_id: LgID, text });
process.stdout.write('ANSWERED\n');
