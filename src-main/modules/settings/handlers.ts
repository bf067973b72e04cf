// Runs in: main. Registry entries for settings, status definitions and version.
import { settingsContract } from '../../../src-shared/contract/settings';
import { STATUS_DEFINITIONS } from '../../../src-shared/contract/status';
import { implement } from '../../registry';
import { APP_RELEASE_DATE, APP_VERSION } from '../../core/version';
import * as service from './service';

export const settingsHandlers = implement(settingsContract, {
  'settings.all': (ctx) => service.allSettings(ctx),
  'settings.save': (ctx, { key, value }) => {
    service.saveSetting(ctx, key, value);
    return { success: true as const, key, value };
  },
  'settings.statusDefinitions': () => [...STATUS_DEFINITIONS],
  'system.version': () => ({ version: APP_VERSION, release_date: APP_RELEASE_DATE }),
});
