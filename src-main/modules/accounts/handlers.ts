// Runs in: main. Registry entries for accounts, tokens and administration; the page-route form posts answer with redirects.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { accountsContract, recoverInput, registerInput, resetInput, safeRedirect } from '../../../src-shared/contract/accounts';
import { AppError } from '../../../src-shared/contract/errors';
import { escapeHtml } from '../../../src-shared/html/entities';
import { implement } from '../../registry';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import * as admin from './admin';
import * as service from './service';
import * as credentials from './credentials';
import { formToken, newChallenge } from './captcha';
import { AUTH_WINDOW_MS } from './common';
import { msg } from '../../../src-shared/contract/messages';

const formSecretSlot = cacheSlot<string>('users.formSecret');

/** Per-installation secret for the signed form-timing token (kept beside the database). */
function formSecret(ctx: HandlerContext): string {
  const cached = formSecretSlot.get(ctx.services);
  if (cached) return cached;
  const file = path.join(ctx.services.dataDir, 'auth-form.key');
  let secret = '';
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    /* first use */
  }
  if (secret.length < 32) {
    secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  formSecretSlot.set(ctx.services, secret);
  return secret;
}

const q = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) s.set(k, v);
  const str = s.toString();
  return str ? `?${str}` : '';
};
const messageOf = (err: unknown) =>
  err instanceof AppError ? err.message : err instanceof z.ZodError ? err.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : null;

/** Runs a form post; a refusal goes back to the form with its message (rate limits and crashes stay errors). */
async function formPost<T>(run: () => Promise<T> | T, back: (error: string) => string): Promise<T | { $redirect: string; status: 303 }> {
  try {
    return await run();
  } catch (err) {
    const message = messageOf(err);
    if (message === null || (err instanceof AppError && err.status === 429)) throw err;
    return { $redirect: back(message), status: 303 };
  }
}

export const userHandlers = implement(accountsContract, {
  'auth.options': (ctx) => service.authOptions(ctx),
  'auth.challenge': async (ctx) => ({
    // Also without POW_CAPTCHA_ENABLED: a sign-in asks for it after too many failures (service.login).
    challenge: ctx.config.multiUserEnabled ? await newChallenge(ctx) : null,
    form_token: formToken(formSecret(ctx), ctx.clock.now()),
  }),
  'auth.register': (ctx, input) => service.register(ctx, input, { form: false, formSecret: formSecret(ctx) }),
  'auth.login': (ctx, input) => service.login(ctx, input),
  'auth.refresh': (ctx) => service.refresh(ctx),
  'auth.logout': (ctx) => service.logout(ctx),
  'auth.me': (ctx) => service.me(ctx),
  'auth.changePassword': (ctx, input) => credentials.changePassword(ctx, input),
  'auth.recover': (ctx, input) => credentials.recover(ctx, input),
  'auth.forgot': (ctx, { email }) => credentials.forgot(ctx, email),
  'auth.reset': (ctx, input) => credentials.reset(ctx, input),
  'auth.resendVerification': (ctx) => service.resendVerification(ctx),
  'auth.verifyEmail': (ctx, { token }) => service.verifyEmail(ctx, token),
  'auth.newRecoveryCode': (ctx, { current_password }) => credentials.newRecoveryCodeFor(ctx, current_password),
  'auth.tokens.list': (ctx) => admin.listTokens(ctx),
  'auth.tokens.create': (ctx, input) => admin.createToken(ctx, input),
  'auth.tokens.revoke': (ctx, { id }) => admin.revokeToken(ctx, id),
  'admin.users.list': (ctx) => admin.adminListUsers(ctx),
  'admin.users.update': (ctx, input) => admin.adminUpdateUser(ctx, input),
  'admin.users.setPassword': (ctx, input) => admin.adminSetTemporaryPassword(ctx, input),
  'admin.users.delete': (ctx, input) => admin.adminDeleteUser(ctx, input),
  'auth.deleteAccount': (ctx, input) => admin.deleteOwnAccount(ctx, input),
  'admin.server': (ctx) => admin.serverData(ctx),

  'auth.form.login': async (ctx, input) => {
    const back = (error: string) => `/login${q({ error, username: input.username, next: input.next })}`;
    const result = await formPost(async () => {
      try {
        return await service.login(ctx, { ...input, issue_token: false });
      } catch (err) {
        // A form without script cannot solve the check (docs/security.md): it says what such a browser can do.
        if (err instanceof AppError && err.extra.captcha_required === true)
          throw new AppError(err.status, msg('accounts.loginCaptchaNoScript', { minutes: AUTH_WINDOW_MS / 60_000 }), {
            success: false,
            captcha_required: true,
          });
        throw err;
      }
    }, back);
    if ('$redirect' in result) return result;
    return { $redirect: safeRedirect(input.next), status: 303 as const, $cookies: result.$cookies };
  },
  'auth.form.register': async (ctx, raw) => {
    const back = (error: string) => `/register${q({ error, username: typeof raw.username === 'string' ? raw.username : undefined })}`;
    return formPost(async () => {
      const input = registerInput.parse(raw);
      const { $cookies } = await service.register(ctx, input, { form: true, formSecret: formSecret(ctx) });
      // Registered is signed in; the profile page is where a no-JS learner makes the recovery code they could not be shown.
      return { $redirect: '/profile?notice=registered', status: 303 as const, $cookies };
    }, back);
  },
  'auth.form.logout': (ctx) => ({ $redirect: '/login?notice=logged-out', status: 303 as const, $cookies: service.logout(ctx).$cookies }),
  'auth.form.forgot': (ctx, raw) =>
    formPost(
      async () => {
        await credentials.forgot(ctx, z.object({ email: z.string().trim().min(1).max(254) }).parse(raw).email);
        return { $redirect: '/password/forgot?notice=sent', status: 303 as const };
      },
      (error) => `/password/forgot${q({ error })}`,
    ),
  'auth.form.reset': (ctx, raw) =>
    formPost(
      async () => {
        await credentials.reset(ctx, resetInput.parse(raw));
        return { $redirect: '/login?notice=password-reset', status: 303 as const };
      },
      (error) => `/password/reset${q({ error, token: typeof raw.token === 'string' ? raw.token : undefined })}`,
    ),
  'auth.form.recover': (ctx, raw) =>
    formPost(
      async () => {
        const { recovery_code } = await credentials.recover(ctx, recoverInput.parse(raw));
        // The new code is shown once, in the answer itself (never in a URL that would reach logs or history).
        return {
          $html:
            '<!doctype html><html><head><meta charset="utf-8"><title>Password changed · Lectio</title></head><body style="font-family:system-ui;max-width:32rem;margin:4rem auto">' +
            `<h1>Password changed</h1><p>Your new recovery code (shown once; write it down):</p><p style="font:1.4rem monospace">${escapeHtml(recovery_code)}</p>` +
            '<p><a href="/login">Log in</a></p></body></html>',
        };
      },
      (error) => `/password/recover${q({ error })}`,
    ),
  'auth.form.resendVerification': (ctx) =>
    formPost(
      async () => {
        await service.resendVerification(ctx);
        return { $redirect: '/profile?notice=verification-sent', status: 303 as const };
      },
      (error) => `/profile${q({ error })}`,
    ),
});
