// Runs in: main. Setting look-up with the fallback rules of SPEC Authentication 9.
import { ADMIN_SETTING_KEYS, SECRET_SETTING_KEYS, USER_SETTING_DEFAULTS, type UserSettingKey } from '../../../src-shared/contract/settings';
import { forbidden } from '../../../src-shared/contract/errors';
import { todayIn } from '../../core/clock';
import type { HandlerContext } from '../../core/context';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

const isAdminKey = (key: string) => (ADMIN_SETTING_KEYS as readonly string[]).includes(key);

/** Per-user value, else the built-in default (never the global row). Admin keys read the global row. */
export function getSetting(ctx: Pick<HandlerContext, 'sqlite' | 'user'>, key: UserSettingKey | string): string {
  if (isAdminKey(key)) return repo.readSetting(ctx.sqlite, 0, key) ?? '';
  const own = repo.readSetting(ctx.sqlite, ctx.user.id ?? 0, key);
  return own ?? (USER_SETTING_DEFAULTS as Record<string, string>)[key] ?? '';
}

/** Today in the user's time zone (setting `timezone`, else the system zone), with the zone used. */
export function userToday(ctx: Pick<HandlerContext, 'sqlite' | 'user' | 'clock'>): { today: string; timezone: string } {
  return todayIn(ctx.clock, getSetting(ctx, 'timezone'));
}

/** Every setting of the user except the secrets (API keys), which go in and never come out to a screen. */
export function allSettings(ctx: HandlerContext): Record<string, string> {
  const all: Record<string, string> = { ...USER_SETTING_DEFAULTS, ...repo.readUserSettings(ctx.sqlite, ctx.user) };
  for (const key of SECRET_SETTING_KEYS) delete all[key];
  return all;
}

export function saveSetting(ctx: HandlerContext, key: string, value: string): void {
  if (isAdminKey(key)) {
    if (ctx.user.role !== 'admin') throw forbidden(msg('settings.adminOnly'));
    repo.writeSetting(ctx.sqlite, { ...ctx.user, id: 0 }, key, value);
    return;
  }
  repo.writeSetting(ctx.sqlite, ctx.user, key, value);
}

/** Turning multi-user mode on: the first admin takes the single-user settings, `globalKeys` stay global (in the caller's transaction). */
export function moveGlobalSettingsToUser(ctx: Pick<HandlerContext, 'sqlite'>, userId: number, globalKeys: readonly string[]): number {
  return repo.moveGlobalSettingsToUser(ctx.sqlite, userId, globalKeys);
}

/** An account is deleted: its settings go with it (in the caller's transaction). Never the global row. */
export function deleteUserSettings(ctx: Pick<HandlerContext, 'sqlite'>, userId: number): number {
  return userId > 0 ? repo.deleteUserSettings(ctx.sqlite, userId) : 0;
}
