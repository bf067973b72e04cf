// Runs in: main. Accounts (multi-user mode) and what signs a caller in: sessions, remember-me
// selector/validator pairs, API tokens, single-use reset links and spent captcha challenges.
// Single-user mode never writes users: its rows keep owner NULL (and its paired-app tokens AtUsID NULL).
// Every secret is stored as a SHA-256 hash (passwords and recovery codes as Argon2id), never in clear.
import { sqliteTable, integer, text, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';

export const users = sqliteTable(
  'users',
  {
    UsID: integer('UsID').primaryKey({ autoIncrement: true }),
    UsUsername: text('UsUsername').notNull(),
    UsPasswordHash: text('UsPasswordHash').notNull(),
    UsEmail: text('UsEmail'),
    UsRole: text('UsRole', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    UsRememberToken: text('UsRememberToken'),
    UsApiToken: text('UsApiToken'),
    UsRecoveryCodeHash: text('UsRecoveryCodeHash'),
    UsEmailVerifiedAt: epochMs('UsEmailVerifiedAt'),
    UsActive: integer('UsActive', { mode: 'boolean' }).notNull().default(true),
    UsCreated: epochMs('UsCreated').notNull(),
    UsLastLogin: epochMs('UsLastLogin'),
    /** Set when an administrator gave the account a temporary password: until it is changed, the account may only change it. */
    UsMustChangePassword: integer('UsMustChangePassword', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('users_username').on(t.UsUsername)],
);

/** Server-side sessions. AsID is SHA-256(cookie value): a database leak does not leak live cookies. */
export const authSessions = sqliteTable(
  'auth_sessions',
  {
    AsID: text('AsID').primaryKey(),
    AsUsID: integer('AsUsID')
      .notNull()
      .references(() => users.UsID, { onDelete: 'cascade' }),
    AsCreated: epochMs('AsCreated').notNull(),
    AsLastSeen: epochMs('AsLastSeen').notNull(),
  },
  (t) => [index('auth_sessions_user').on(t.AsUsID)],
);

/** Remember-me: the cookie is selector:validator; the selector finds the row, the validator's hash is compared. */
export const rememberTokens = sqliteTable(
  'remember_tokens',
  {
    RtSelector: text('RtSelector').primaryKey(),
    RtValidatorHash: text('RtValidatorHash').notNull(),
    RtUsID: integer('RtUsID')
      .notNull()
      .references(() => users.UsID, { onDelete: 'cascade' }),
    RtCreated: epochMs('RtCreated').notNull(),
    RtExpires: epochMs('RtExpires').notNull(),
  },
  (t) => [index('remember_tokens_user').on(t.RtUsID)],
);

/**
 * API tokens (Authorization: Bearer). AtUsID NULL is the local owner of single-user mode (paired apps).
 * AtOrigin: the browser origin a paired extension calls from; CORS answers only those origins.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    AtID: integer('AtID').primaryKey({ autoIncrement: true }),
    AtUsID: integer('AtUsID').references(() => users.UsID, { onDelete: 'cascade' }),
    AtName: text('AtName').notNull(),
    AtHash: text('AtHash').notNull(),
    AtOrigin: text('AtOrigin'),
    AtCreated: epochMs('AtCreated').notNull(),
    AtExpires: epochMs('AtExpires'),
    AtLastUsed: epochMs('AtLastUsed'),
    /** Space-separated TOKEN_SCOPES (src-shared/contract/token-scopes.ts); tokens from before scopes are an extension's. */
    AtScopes: text('AtScopes').notNull().default('read vocabulary import'),
  },
  (t) => [uniqueIndex('api_tokens_hash').on(t.AtHash), index('api_tokens_user').on(t.AtUsID)],
);

/** Single-use mailed links: password reset (1 hour) and email verification. */
export const authMailTokens = sqliteTable(
  'auth_mail_tokens',
  {
    MtHash: text('MtHash').primaryKey(),
    MtUsID: integer('MtUsID')
      .notNull()
      .references(() => users.UsID, { onDelete: 'cascade' }),
    MtKind: text('MtKind', { enum: ['reset', 'verify'] }).notNull(),
    MtExpires: epochMs('MtExpires').notNull(),
  },
  (t) => [index('auth_mail_tokens_user').on(t.MtUsID)],
);

/** Solved captcha challenges, kept until they expire: a solution is accepted once. */
export const captchaSpent = sqliteTable('captcha_spent', {
  CsHash: text('CsHash').primaryKey(),
  CsExpires: epochMs('CsExpires').notNull(),
});
