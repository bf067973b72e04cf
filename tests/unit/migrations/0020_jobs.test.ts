// Migration 0020 adds jobs (issue 45: work that follows a write is a durable row, run after the commit by the core's
// runner). Existing rows are untouched and no job waits; a job's owner goes with its user.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0020: jobs', () => {
  it('adds the table, pending by default, deleted with its owner', () => {
    const { db, apply } = beforeMigration('0020_jobs');
    db.prepare("INSERT INTO users (UsID, UsUsername, UsPasswordHash, UsRole, UsCreated) VALUES (7, 'ana', 'x', 'user', 0)").run();
    apply();
    db.pragma('foreign_keys = ON');
    expect(db.prepare('SELECT COUNT(*) AS n FROM jobs').get()).toEqual({ n: 0 });
    const insert = db.prepare('INSERT INTO jobs (JbKind, JbPayload, JbUsID, JbRunAfter, JbCreated) VALUES (?, ?, ?, 0, 0)');
    insert.run('anki-sync.sendOnSave', '{"ids":[1]}', 7);
    insert.run('accounts.resetMail', '{"email":"a@b.c"}', null);
    expect(() => insert.run('x', '{}', 8)).toThrow(/FOREIGN KEY/);
    expect(db.prepare('SELECT JbKind, JbState, JbAttempts, JbError FROM jobs ORDER BY JbID').all()).toEqual([
      { JbKind: 'anki-sync.sendOnSave', JbState: 'pending', JbAttempts: 0, JbError: '' },
      { JbKind: 'accounts.resetMail', JbState: 'pending', JbAttempts: 0, JbError: '' },
    ]);
    db.prepare('DELETE FROM users WHERE UsID = 7').run();
    expect(db.prepare('SELECT JbKind FROM jobs').all()).toEqual([{ JbKind: 'accounts.resetMail' }]);
  });
});
