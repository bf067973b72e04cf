// Runs in: main. Registry entries for settings, status definitions, version and the job list.
import { settingsContract } from '../../../src-shared/contract/settings';
import { STATUS_DEFINITIONS } from '../../../src-shared/contract/status';
import { implement } from '../../registry';
import { APP_RELEASE_DATE, APP_VERSION } from '../../core/version';
import { listJobs, jobError } from '../../core/jobs';
import * as service from './service';

export const settingsHandlers = implement(settingsContract, {
  'settings.all': (ctx) => service.allSettings(ctx),
  'settings.save': (ctx, { key, value }) => {
    service.saveSetting(ctx, key, value);
    return { success: true as const, key, value };
  },
  'settings.statusDefinitions': () => [...STATUS_DEFINITIONS],
  // Settings → About: an administrator (or the single-user learner) sees every job, a user their own.
  'system.jobs': (ctx) => ({
    jobs: listJobs(ctx.sqlite, ctx.user.id === null || ctx.user.role === 'admin' ? undefined : ctx.user.id).map((j) => ({
      id: j.JbID,
      kind: j.JbKind,
      state: j.JbState,
      attempts: j.JbAttempts,
      run_after: j.JbRunAfter,
      error: jobError(j.JbError).message,
      created: j.JbCreated,
    })),
  }),
  'system.version': () => ({ version: APP_VERSION, release_date: APP_RELEASE_DATE }),
});
