// Runs in: main. Accounts (multi-user mode). Single-user mode never writes here: its rows keep owner NULL.
import { sqliteTable, integer, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { epochMs } from './common';

export const users = sqliteTable(
  'users',
  {
    UsID: integer('UsID').primaryKey({ autoIncrement: true }),
    UsUsername: text('UsUsername').notNull(),
    UsPasswordHash: text('UsPasswordHash').notNull(),
    UsEmail: text('UsEmail'),
    UsRole: text('UsRole', { enum: ['user', 'admin'] }).notNull().default('user'),
    UsRememberToken: text('UsRememberToken'),
    UsApiToken: text('UsApiToken'),
    UsRecoveryCodeHash: text('UsRecoveryCodeHash'),
    UsEmailVerifiedAt: epochMs('UsEmailVerifiedAt'),
    UsActive: integer('UsActive', { mode: 'boolean' }).notNull().default(true),
    UsCreated: epochMs('UsCreated').notNull(),
    UsLastLogin: epochMs('UsLastLogin'),
  },
  (t) => [uniqueIndex('users_username').on(t.UsUsername)],
);
