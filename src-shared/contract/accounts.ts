// Runs in: any process. Accounts, sessions, API tokens and paired apps (SPEC Authentication; issue 14).
// The same calls answer the JSON API, the renderer's pages and (for /login and friends) no-JS form posts.
import { z } from 'zod';
import { boolish, endpoint, idParam, returns } from './endpoint';
import type { RedirectResult } from './endpoint';
import { type CodedMessage } from './messages';
import { tokenScopesInput, type TokenScope } from './token-scopes';

export const USERNAME_RE = /^[A-Za-z0-9._-]{3,40}$/;
export const RECOVERY_CODE_RE = /^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export interface UserDto {
  id: number | null;
  username: string;
  email: string | null;
  role: 'user' | 'admin';
  active: boolean;
  email_verified: boolean;
  created: number;
  last_login: number | null;
  /** An administrator set a temporary password: nothing but changing it works until it is changed. */
  must_change_password: boolean;
}

export interface ApiTokenDto {
  id: number;
  name: string;
  origin: string | null;
  created: number;
  expires_at: number | null;
  last_used: number | null;
  /** What the token may do (token-scopes.ts). */
  scopes: TokenScope[];
}

export interface AuthOptionsDto {
  multi_user: boolean;
  captcha: boolean;
  /** SMTP configured: forgot-password mails work. */
  mail: boolean;
  registration_open: boolean;
  /** No administrator yet: whoever registers now creates the first (administrator) account. */
  first_account: boolean;
}

/** altcha v2 challenge (altcha-lib createChallenge) plus the signed form-timing token. */
export interface ChallengeDto {
  challenge: unknown | null;
  form_token: string;
}

const username = z
  .string()
  .trim()
  .min(3, 'username must be 3 to 40 characters')
  .max(40, 'username must be 3 to 40 characters')
  .regex(USERNAME_RE, 'username may contain letters, digits, ".", "_" and "-" only');
const password = z
  .string()
  .min(PASSWORD_MIN, `password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `password must be at most ${PASSWORD_MAX} characters`);
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.email('email is not a valid address').optional())
  .optional();
/** Redirect target after login: checked by safeRedirect, anything goes in. */
const next = z.string().max(2000).optional();

export const registerInput = z.object({
  username,
  password,
  password_confirm: z.string().max(PASSWORD_MAX),
  email: optionalEmail,
  /** Honeypot: people leave it empty. */
  homepage: z.string().max(2000).optional(),
  /** base64 JSON {challenge, solution} from the proof-of-work widget. */
  altcha: z.string().max(10_000).optional(),
  /** Signed issue time of the page form (timing check). */
  form_token: z.string().max(200).optional(),
});

export const loginInput = z.object({
  /** Username or email. */
  username: z.string().trim().min(1, 'username is required').max(254),
  password: z.string().min(1, 'password is required').max(PASSWORD_MAX),
  remember: boolish.optional(),
  /** API callers get a Bearer token (default); the app's own login page asks for none. */
  issue_token: boolish.optional(),
  token_name: z.string().trim().min(1).max(60).optional(),
  next,
  /** The solved proof-of-work, asked for once an account has had too many failed sign-ins (issue 34). */
  altcha: z.string().max(10_000).optional(),
});

export const recoverInput = z.object({
  username: z.string().trim().min(1).max(40),
  recovery_code: z.string().trim().max(40),
  password,
  password_confirm: z.string().max(PASSWORD_MAX),
});

export const resetInput = z.object({ token: z.string().min(10).max(200), password, password_confirm: z.string().max(PASSWORD_MAX) });

export const tokenCreateInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(60, 'name is at most 60 characters'),
  /** Browser origin of a paired extension, e.g. chrome-extension://abc…; CORS answers only paired origins. */
  origin: z
    .string()
    .trim()
    .max(200)
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(
          /^(https?|chrome-extension|moz-extension|safari-web-extension):\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/,
          'origin must look like chrome-extension://id or https://host',
        )
        .optional(),
    )
    .optional(),
  /** What the token may do; a paired extension's set (EXTENSION_SCOPES) when left out. */
  scopes: tokenScopesInput.optional(),
});

type Ok = { success: true };
type WithCookies<T> = T & { $cookies?: AuthCookies };

/** Set by the users service, turned into Set-Cookie headers (and stripped) by the HTTP adapter. */
export interface AuthCookies {
  /** New session cookie value (rotated at login/refresh); null clears it. */
  session?: string | null;
  /** New remember-me cookie value (selector:validator); null clears it. */
  remember?: string | null;
}

export const accountsContract = {
  'auth.options': endpoint({ method: 'GET', path: '/api/v1/auth/options', access: 'public', input: z.object({}), output: returns<AuthOptionsDto>() }),
  'auth.challenge': endpoint({ method: 'GET', path: '/api/v1/auth/challenge', access: 'public', input: z.object({}), output: returns<ChallengeDto>() }),
  'auth.register': endpoint({
    method: 'POST',
    path: '/api/v1/auth/register',
    access: 'public',
    input: registerInput,
    // The new account is signed in at once (a session cookie; the page reloads for its CSRF token).
    output: returns<WithCookies<{ success: true; user: UserDto; recovery_code?: string; csrf_token?: string }>>(),
  }),
  'auth.login': endpoint({
    method: 'POST',
    path: '/api/v1/auth/login',
    access: 'public',
    input: loginInput,
    output: returns<WithCookies<{ success: true; token: string | null; expires_at: number | null; user: UserDto; next: string; csrf_token?: string }>>(),
  }),
  'auth.refresh': endpoint({
    method: 'POST',
    path: '/api/v1/auth/refresh',
    access: 'read',
    input: z.object({}),
    output: returns<WithCookies<{ success: true; user: UserDto; token?: string; expires_at?: number | null; csrf_token?: string }>>(),
  }),
  'auth.logout': endpoint({ method: 'POST', path: '/api/v1/auth/logout', access: 'read', input: z.object({}), output: returns<WithCookies<Ok>>() }),
  'auth.me': endpoint({
    method: 'GET',
    path: '/api/v1/auth/me',
    access: 'read',
    input: z.object({}),
    output: returns<{ user: UserDto; multi_user: boolean; via: string }>(),
  }),
  'auth.changePassword': endpoint({
    method: 'POST',
    path: '/api/v1/auth/password',
    access: 'manage',
    input: z.object({ current_password: z.string().min(1).max(PASSWORD_MAX), password, password_confirm: z.string().max(PASSWORD_MAX) }),
    output: returns<WithCookies<Ok>>(),
  }),
  'auth.recover': endpoint({
    method: 'POST',
    path: '/api/v1/auth/recover',
    access: 'public',
    input: recoverInput,
    output: returns<{ success: true; recovery_code: string }>(),
  }),
  'auth.forgot': endpoint({
    method: 'POST',
    path: '/api/v1/auth/forgot',
    access: 'public',
    input: z.object({ email: z.string().trim().min(1).max(254) }),
    output: returns<{ success: true } & CodedMessage>(),
  }),
  'auth.reset': endpoint({ method: 'POST', path: '/api/v1/auth/reset', access: 'public', input: resetInput, output: returns<Ok>() }),
  'auth.resendVerification': endpoint({
    method: 'POST',
    path: '/api/v1/auth/resend-verification',
    access: 'manage',
    input: z.object({}),
    output: returns<{ success: true } & CodedMessage>(),
  }),
  'auth.verifyEmail': endpoint({
    method: 'GET',
    path: '/api/v1/auth/verify-email',
    access: 'public',
    input: z.object({ token: z.string().min(10).max(200) }),
    output: returns<RedirectResult>(),
  }),
  'auth.newRecoveryCode': endpoint({
    method: 'POST',
    path: '/api/v1/auth/recovery-code',
    access: 'manage',
    input: z.object({ current_password: z.string().min(1).max(PASSWORD_MAX) }),
    output: returns<{ success: true; recovery_code: string }>(),
  }),

  /** The caller deletes their own account and all of its data (the one path by which an administrator deletes their own). */
  'auth.deleteAccount': endpoint({
    method: 'POST',
    path: '/api/v1/auth/delete-account',
    access: 'manage',
    input: z.object({ current_password: z.string().min(1).max(PASSWORD_MAX), confirm_username: z.string().trim().max(40) }),
    output: returns<WithCookies<Ok>>(),
  }),

  // API tokens (multi-user: the caller's; single-user: paired apps of the local owner).
  'auth.tokens.list': endpoint({ method: 'GET', path: '/api/v1/auth/tokens', access: 'manage', input: z.object({}), output: returns<ApiTokenDto[]>() }),
  'auth.tokens.create': endpoint({
    method: 'POST',
    path: '/api/v1/auth/tokens',
    access: 'manage',
    input: tokenCreateInput,
    output: returns<{ success: true; token: string; api_token: ApiTokenDto }>(),
  }),
  'auth.tokens.revoke': endpoint({
    method: 'DELETE',
    path: '/api/v1/auth/tokens/:id',
    access: 'manage',
    input: z.object({ id: idParam }),
    output: returns<Ok>(),
  }),

  // Administration (admin only).
  'admin.users.list': endpoint({ method: 'GET', path: '/api/v1/admin/users', access: 'admin', input: z.object({}), output: returns<UserDto[]>() }),
  'admin.users.update': endpoint({
    method: 'PUT',
    path: '/api/v1/admin/users/:id',
    access: 'admin',
    input: z.object({ id: idParam, active: boolish.optional(), role: z.enum(['user', 'admin']).optional() }),
    output: returns<{ success: true; user: UserDto }>(),
  }),
  /** A temporary password: the account's sessions, remember-me and tokens end; it must change it at next sign-in. */
  'admin.users.setPassword': endpoint({
    method: 'POST',
    path: '/api/v1/admin/users/:id/password',
    access: 'admin',
    input: z.object({ id: idParam, password }),
    output: returns<{ success: true; user: UserDto }>(),
  }),
  /** Deletes the account and all of its data; `confirm_username` must repeat its user name (never the caller's own). */
  'admin.users.delete': endpoint({
    method: 'DELETE',
    path: '/api/v1/admin/users/:id',
    access: 'admin',
    input: z.object({ id: idParam, confirm_username: z.string().trim().max(40) }),
    output: returns<Ok>(),
  }),
  'admin.server': endpoint({
    method: 'GET',
    path: '/api/v1/admin/server',
    access: 'admin',
    input: z.object({}),
    output: returns<{
      database_bytes: number;
      tables: { name: string; rows: number }[];
      versions: Record<string, string>;
      users: number;
      multi_user: boolean;
    }>(),
  }),

  // No-JS form posts of the page routes (SPEC Page routes): same rules, answered with redirects.
  'auth.form.login': endpoint({
    method: 'POST',
    path: '/login',
    access: 'public',
    input: loginInput.omit({ issue_token: true, token_name: true }),
    output: returns<WithCookies<RedirectResult>>(),
  }),
  'auth.form.register': endpoint({
    method: 'POST',
    path: '/register',
    access: 'public',
    input: z.record(z.string(), z.unknown()),
    output: returns<WithCookies<RedirectResult>>(),
  }),
  'auth.form.logout': endpoint({ method: 'POST', path: '/logout', access: 'manage', input: z.object({}), output: returns<WithCookies<RedirectResult>>() }),
  'auth.form.forgot': endpoint({
    method: 'POST',
    path: '/password/forgot',
    access: 'public',
    input: z.record(z.string(), z.unknown()),
    output: returns<RedirectResult>(),
  }),
  'auth.form.reset': endpoint({
    method: 'POST',
    path: '/password/reset',
    access: 'public',
    input: z.record(z.string(), z.unknown()),
    output: returns<RedirectResult>(),
  }),
  'auth.form.recover': endpoint({
    method: 'POST',
    path: '/password/recover',
    access: 'public',
    input: z.record(z.string(), z.unknown()),
    output: returns<RedirectResult | { $html: string }>(),
  }),
  'auth.form.resendVerification': endpoint({
    method: 'POST',
    path: '/email/resend-verification',
    access: 'manage',
    input: z.object({}),
    output: returns<RedirectResult>(),
  }),
};

/** What an account with a temporary password may still call: change it, see who it is, sign out. */
export const PASSWORD_CHANGE_HANDLERS = ['auth.changePassword', 'auth.me', 'auth.options', 'auth.logout', 'auth.form.logout', 'system.version'] as const;

/** The page an account with a temporary password is sent to (signed in, but nothing else works). */
export const PASSWORD_CHANGE_PAGE = '/password/change';

/** Pages a visitor without a session may open in multi-user mode. */
export const PUBLIC_PAGES = ['/login', '/register', '/password/forgot', '/password/reset', '/password/recover'] as const;

/**
 * Post-login redirect target (SPEC Authentication 3): only a single-slash same-origin path. Protocol-relative
 * (//x), backslash forms (/\x, \\x), absolute URLs, javascript: / data: and control characters give the default.
 */
export function safeRedirect(target: unknown, fallback = '/'): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback;
  if (!target.startsWith('/')) return fallback;
  if (target.startsWith('//') || target.includes('\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(target)) return fallback;
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  if (decoded.startsWith('//') || decoded.includes('\\') || /^\/*[a-z][a-z0-9+.-]*:/i.test(decoded.slice(1))) return fallback;
  // Never bounce back into the auth forms themselves.
  if (/^\/(login|register|logout)(\/|\?|$)/.test(target)) return fallback;
  return target;
}
