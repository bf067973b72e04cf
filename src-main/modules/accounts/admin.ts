// Runs in: main. What a signed-in person manages beside their account: the API tokens of paired apps (single-user
// mode: apps paired with the desktop; multi-user mode: the account's own tokens), and for an administrator the
// accounts and the server's data (issue 14): temporary passwords and deleting an account with its data (issue 32).
import type { ApiTokenDto, AuthCookies } from '../../../src-shared/contract/accounts';
import { badRequest, conflict, forbidden, notFound } from '../../../src-shared/contract/errors';
import { EXTENSION_SCOPES, FULL_SCOPES, parseScopes, type TokenScope } from '../../../src-shared/contract/token-scopes';
import { msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import { APP_RELEASE_DATE, APP_VERSION } from '../../core/version';
import { transact } from '../../db/sql';
import * as repo from './repo';
import { fieldError, limitAttempt, requireAccount, requireAdmin } from './common';
import { checkNewPassword } from './credentials';
import { hashPassword, verifyPassword } from './password';
import { deleteUserSettings } from '../settings';
import { newToken, toDto, TOKEN_MS } from './service';

// ---- API tokens (paired apps in single-user mode)
const tokenDto = (t: repo.TokenRow): ApiTokenDto => ({
  id: t.AtID,
  name: t.AtName,
  origin: t.AtOrigin,
  created: t.AtCreated,
  expires_at: t.AtExpires,
  last_used: t.AtLastUsed,
  scopes: parseScopes(t.AtScopes),
});

function tokenOwner(ctx: HandlerContext): number | null {
  if (!ctx.config.multiUserEnabled) return null;
  return requireAccount(ctx).UsID;
}

export const listTokens = (ctx: HandlerContext) => repo.listTokens(ctx.sqlite, tokenOwner(ctx)).map(tokenDto);

export function createToken(ctx: HandlerContext, input: { name: string; origin?: string; scopes?: readonly TokenScope[] }) {
  const owner = tokenOwner(ctx);
  const now = ctx.clock.now();
  if (repo.listTokens(ctx.sqlite, owner).length >= 50) throw badRequest(msg('accounts.tokenLimit', { max: 50 }));
  // Account tokens live 30 days; a paired app of single-user mode keeps working until it is revoked.
  // A token may not hand out more than it holds (a script's token minting a manage token for itself).
  const granting = ctx.request?.auth?.via === 'token' ? (ctx.request.auth.scopes ?? []) : FULL_SCOPES;
  const scopes = input.scopes ?? EXTENSION_SCOPES;
  if (scopes.some((s) => !granting.includes(s))) throw forbidden(msg('accounts.tokenScopeWider'));
  const created = newToken(ctx.sqlite, {
    userId: owner,
    name: input.name,
    origin: input.origin ?? null,
    now,
    expires: owner === null ? null : now + TOKEN_MS,
    scopes,
  });
  const row = repo.listTokens(ctx.sqlite, owner).find((t) => t.AtID === created.id)!;
  return { success: true as const, token: created.token, api_token: tokenDto(row) };
}

export function revokeToken(ctx: HandlerContext, id: number) {
  if (repo.deleteToken(ctx.sqlite, id, tokenOwner(ctx)) === 0) throw notFound(msg('accounts.tokenNotFound'));
  return { success: true as const };
}

// ---- administration
export function adminListUsers(ctx: HandlerContext) {
  requireAccount(ctx);
  requireAdmin(ctx);
  return repo.listUsers(ctx.sqlite).map(toDto);
}

export function adminUpdateUser(ctx: HandlerContext, input: { id: number; active?: boolean; role?: 'user' | 'admin' }) {
  requireAccount(ctx);
  requireAdmin(ctx);
  const row = repo.userById(ctx.sqlite, input.id);
  if (!row) throw notFound(msg('accounts.userNotFound'));
  transact(ctx, () => {
    if (input.role !== undefined) repo.setRole(ctx.sqlite, row.UsID, input.role);
    if (input.active !== undefined) {
      repo.setActive(ctx.sqlite, row.UsID, input.active);
      if (!input.active) {
        repo.deleteOtherSessions(ctx.sqlite, row.UsID, null);
        repo.deleteUserRemember(ctx.sqlite, row.UsID);
        repo.deleteUserTokens(ctx.sqlite, row.UsID);
      }
    }
    if (repo.countActiveAdmins(ctx.sqlite) === 0) throw conflict(msg('accounts.lastAdmin'));
  });
  return { success: true as const, user: toDto(repo.userById(ctx.sqlite, row.UsID)!) };
}

export function serverData(ctx: HandlerContext) {
  if (ctx.config.multiUserEnabled) requireAccount(ctx);
  requireAdmin(ctx);
  return {
    database_bytes: repo.databaseBytes(ctx.sqlite),
    tables: repo.tableCounts(ctx.sqlite),
    versions: { lectio: `${APP_VERSION} (${APP_RELEASE_DATE})`, node: process.versions.node, sqlite: repo.sqliteVersion(ctx.sqlite) },
    users: repo.countUsers(ctx.sqlite),
    multi_user: ctx.config.multiUserEnabled,
  };
}

/** A temporary password for another account: its sessions, remember-me and tokens end; it must change it first. */
export async function adminSetTemporaryPassword(ctx: HandlerContext, input: { id: number; password: string }) {
  const self = requireAccount(ctx);
  requireAdmin(ctx);
  const row = repo.userById(ctx.sqlite, input.id);
  if (!row) throw notFound(msg('accounts.userNotFound'));
  if (row.UsID === self.UsID) throw conflict(msg('accounts.temporaryPasswordSelf'));
  checkNewPassword(input.password, input.password, row.UsUsername);
  const hash = await hashPassword(input.password);
  transact(ctx, () => {
    repo.setTemporaryPassword(ctx.sqlite, row.UsID, hash);
    repo.deleteOtherSessions(ctx.sqlite, row.UsID, null);
    repo.deleteUserRemember(ctx.sqlite, row.UsID);
    repo.deleteUserTokens(ctx.sqlite, row.UsID);
    repo.deleteUserMailTokens(ctx.sqlite, row.UsID, 'reset');
  });
  ctx.log.info(`Administrator "${self.UsUsername}" set a temporary password for "${row.UsUsername}"`);
  return { success: true as const, user: toDto(repo.userById(ctx.sqlite, row.UsID)!) };
}

/**
 * The account and all of its data, in one transaction: every owned row through the owner columns' ON DELETE
 * CASCADE (languages, texts, terms, feeds, books, dictionaries, activity, sessions, tokens…), and its settings,
 * which have no foreign key. Never the last administrator.
 */
function deleteAccountData(ctx: HandlerContext, row: repo.UserRow, confirmUsername: string) {
  if (confirmUsername !== row.UsUsername) throw badRequest(msg('accounts.deleteConfirmMismatch'), { success: false, field: 'confirm_username' });
  transact(ctx, () => {
    const admins = repo.listUsers(ctx.sqlite).filter((u) => u.UsRole === 'admin' && u.UsActive === 1 && u.UsID !== row.UsID);
    if (row.UsRole === 'admin' && admins.length === 0) throw conflict(msg('accounts.deleteLastAdmin'));
    deleteUserSettings(ctx, row.UsID);
    repo.deleteUser(ctx.sqlite, row.UsID);
  });
  ctx.services.cache.clear();
}

export function adminDeleteUser(ctx: HandlerContext, input: { id: number; confirm_username: string }) {
  const self = requireAccount(ctx);
  requireAdmin(ctx);
  const row = repo.userById(ctx.sqlite, input.id);
  if (!row) throw notFound(msg('accounts.userNotFound'));
  // An administrator's own account goes only through the profile page, with their password (deleteOwnAccount).
  if (row.UsID === self.UsID) throw conflict(msg('accounts.deleteSelfHere'));
  deleteAccountData(ctx, row, input.confirm_username);
  ctx.log.info(`Administrator "${self.UsUsername}" deleted the account "${row.UsUsername}" and its data`);
  return { success: true as const };
}

export async function deleteOwnAccount(ctx: HandlerContext, input: { current_password: string; confirm_username: string }) {
  const row = requireAccount(ctx);
  limitAttempt(ctx, 'password', row.UsUsername);
  if (!(await verifyPassword(row.UsPasswordHash, input.current_password))) throw fieldError('current_password', msg('accounts.currentPasswordWrong'), 403);
  deleteAccountData(ctx, row, input.confirm_username);
  return { success: true as const, $cookies: { session: null, remember: null } satisfies AuthCookies };
}
