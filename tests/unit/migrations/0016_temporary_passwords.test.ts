// Migration 0016 on a database with accounts from before temporary passwords: every existing account keeps
// signing in as before (no forced change), and the column refuses NULL.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0016: temporary passwords', () => {
  it('leaves existing accounts without a forced password change', () => {
    const { db, apply } = beforeMigration('0016_temporary_passwords');
    db.prepare("INSERT INTO users (UsUsername, UsPasswordHash, UsRole, UsActive, UsCreated) VALUES ('ana', 'h', 'admin', 1, 0)").run();
    apply();
    expect(db.prepare('SELECT UsUsername, UsMustChangePassword FROM users').all()).toEqual([{ UsUsername: 'ana', UsMustChangePassword: 0 }]);
    expect(() => db.prepare("UPDATE users SET UsMustChangePassword = NULL WHERE UsUsername = 'ana'").run()).toThrow(/NOT NULL/);
  });
});
