// Runs in: main. Passwords and getting back in (issue 14): changing a password, recovery codes (accounts without
// e-mail), and the mailed reset link. A new password revokes remember-me, API tokens, reset links and the
// other sessions.
import crypto from 'node:crypto';
import { AppError, badRequest } from '../../../src-shared/contract/errors';
import type { AuthCookies } from '../../../src-shared/contract/accounts';
import { codedMessage, msg } from '../../../src-shared/contract/messages';
import type { HandlerContext } from '../../core/context';
import type { Sqlite } from '../../db/connection';
import { transact } from '../../db/sql';
import { enqueueJob, type JobHandler } from '../../core/jobs';
import * as repo from './repo';
import { hashPassword, verifyPassword, weakPasswordReason } from './password';
import { mailSettings, sendMail } from './mail';
import { mailTextFor } from './mail-text';
import { asUser, fieldError, limitAttempt, linkBase, randomToken, requireAccount, requireMultiUser, sha256 } from './common';

export const RESET_MS = 60 * 60_000;
const NO_MAIL = msg('accounts.noMail');
const FORGOT_SENT = msg('accounts.forgotSent');

// ---- recovery codes: XXXXX-XXXXX-XXXXX-XXXXX over 32 unambiguous characters (100 bits)
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(20);
  const chars = [...bytes].map((b) => CODE_ALPHABET[b & 31]);
  return [0, 5, 10, 15].map((i) => chars.slice(i, i + 5).join('')).join('-');
}
const normalizeCode = (code: string) =>
  code
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/(.{5})(?=.)/g, '$1-');

/** After a password change or reset: remember-me, API tokens, reset links and other sessions go. */
function revokeCredentials(sqlite: Sqlite, userId: number, keepSessionHash: string | null) {
  repo.deleteUserRemember(sqlite, userId);
  repo.deleteUserTokens(sqlite, userId);
  repo.deleteUserMailTokens(sqlite, userId, 'reset');
  repo.deleteOtherSessions(sqlite, userId, keepSessionHash);
}

export function checkNewPassword(password: string, confirm: string, username: string) {
  if (password !== confirm) throw fieldError('password_confirm', msg('accounts.passwordsDiffer'));
  const weak = weakPasswordReason(password, username);
  if (weak) throw fieldError('password', weak);
}

export async function changePassword(ctx: HandlerContext, input: { current_password: string; password: string; password_confirm: string }) {
  const row = requireAccount(ctx);
  limitAttempt(ctx, 'password', row.UsUsername);
  if (!(await verifyPassword(row.UsPasswordHash, input.current_password))) throw fieldError('current_password', msg('accounts.currentPasswordWrong'), 403);
  checkNewPassword(input.password, input.password_confirm, row.UsUsername);
  const hash = await hashPassword(input.password);
  const auth = ctx.request?.auth;
  transact(ctx, () => {
    repo.setPassword(ctx.sqlite, row.UsID, hash);
    revokeCredentials(ctx.sqlite, row.UsID, auth?.sessionId ? sha256(auth.sessionId) : null);
  });
  return { success: true as const, $cookies: { remember: null } satisfies AuthCookies };
}

const RECOVER_FAILED = msg('accounts.recoverFailed');

export async function recover(ctx: HandlerContext, input: { username: string; recovery_code: string; password: string; password_confirm: string }) {
  requireMultiUser(ctx);
  limitAttempt(ctx, 'recover', input.username);
  const row = repo.userByName(ctx.sqlite, input.username);
  const given = Buffer.from(sha256(normalizeCode(input.recovery_code)));
  const expected = Buffer.from(row?.UsRecoveryCodeHash ?? sha256('-'));
  const ok = row !== undefined && row.UsRecoveryCodeHash !== null && crypto.timingSafeEqual(given, expected);
  if (!ok || !row) throw new AppError(400, RECOVER_FAILED, { success: false });
  checkNewPassword(input.password, input.password_confirm, row.UsUsername);
  const hash = await hashPassword(input.password);
  const code = newRecoveryCode();
  transact(ctx, () => {
    repo.setPassword(ctx.sqlite, row.UsID, hash);
    repo.setRecoveryHash(ctx.sqlite, row.UsID, sha256(code));
    revokeCredentials(ctx.sqlite, row.UsID, null);
  });
  return { success: true as const, recovery_code: code };
}

export async function newRecoveryCodeFor(ctx: HandlerContext, currentPassword: string) {
  const row = requireAccount(ctx);
  limitAttempt(ctx, 'password', row.UsUsername);
  if (!(await verifyPassword(row.UsPasswordHash, currentPassword))) throw fieldError('current_password', msg('accounts.currentPasswordWrong'), 403);
  const code = newRecoveryCode();
  repo.setRecoveryHash(ctx.sqlite, row.UsID, sha256(code));
  return { success: true as const, recovery_code: code };
}

// ---- the mailed reset link
export async function forgot(ctx: HandlerContext, email: string) {
  requireMultiUser(ctx);
  if (!mailSettings(ctx)) throw badRequest(NO_MAIL, { success: false });
  limitAttempt(ctx, 'forgot', email);
  // The answer goes first and the same for every address: looking the account up and mailing it are a job run
  // after it, so how long the request takes says nothing about whether the address has an account (376 ms vs 2 ms).
  // No one is signed in: the job has no owner.
  enqueueJob(ctx, 'accounts.resetMail', { email }, { owner: null });
  return { success: true as const, ...codedMessage(FORGOT_SENT) };
}

/** The job: mails a reset link to the address's account, if it has an active one (a failed send is retried). */
export const resetMailJob: JobHandler<'accounts.resetMail'> = { run: (ctx, { email }) => mailResetLink(ctx, email) };

async function mailResetLink(ctx: HandlerContext, email: string): Promise<void> {
  const row = repo.userByEmail(ctx.sqlite, email);
  if (!row || row.UsActive !== 1 || !row.UsEmail) return;
  const token = randomToken(32);
  transact(ctx, () => {
    repo.deleteUserMailTokens(ctx.sqlite, row.UsID, 'reset');
    repo.insertMailToken(ctx.sqlite, sha256(token), row.UsID, 'reset', ctx.clock.now() + RESET_MS);
  });
  const link = `${linkBase(ctx)}/password/reset?token=${token}`;
  const text = mailTextFor(ctx.sqlite, asUser(row.UsID, row.UsUsername, row.UsRole));
  await sendMail(ctx, row.UsEmail, text.resetSubject, text.resetBody(row.UsUsername, link));
}

export async function reset(ctx: HandlerContext, input: { token: string; password: string; password_confirm: string }) {
  requireMultiUser(ctx);
  const hashToken = sha256(input.token);
  const peek = repo.userByMailToken(ctx.sqlite, hashToken, 'reset');
  if (!peek || peek.MtExpires <= ctx.clock.now()) throw fieldError('token', msg('accounts.resetLinkInvalid'));
  const row = repo.userById(ctx.sqlite, peek.MtUsID)!;
  checkNewPassword(input.password, input.password_confirm, row.UsUsername);
  const hash = await hashPassword(input.password);
  transact(ctx, () => {
    const taken = repo.takeMailToken(ctx.sqlite, hashToken, 'reset');
    if (!taken) throw fieldError('token', msg('accounts.resetLinkInvalid'));
    repo.setPassword(ctx.sqlite, row.UsID, hash);
    if (row.UsEmailVerifiedAt === null) repo.setEmailVerified(ctx.sqlite, row.UsID, ctx.clock.now());
    revokeCredentials(ctx.sqlite, row.UsID, null);
  });
  return { success: true as const };
}
