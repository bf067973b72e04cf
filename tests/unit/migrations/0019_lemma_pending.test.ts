// Migration 0019 adds lemma_pending (issue 30: terms whose automatic lemma waits for their language's table keep
// waiting across a restart). Existing terms are untouched and none is pending; a row names one term and goes with it.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0019: pending lemmas', () => {
  it('adds the table, one row per term at most, cascading from the term', () => {
    const { db, apply } = beforeMigration('0019_lemma_pending');
    db.prepare("INSERT INTO languages (LgID, LgName, LgCreated) VALUES (1, 'French', 0)").run();
    db.prepare(
      "INSERT INTO words (WoID, WoLgID, WoText, WoTextLC, WoCreated, WoModified, WoStatusChanged) VALUES (1, 1, 'parlait', 'parlait', 0, 0, 0), (2, 1, 'chiens', 'chiens', 0, 0, 0)",
    ).run();
    apply();
    db.pragma('foreign_keys = ON');
    expect(db.prepare('SELECT COUNT(*) AS n FROM lemma_pending').get()).toEqual({ n: 0 });
    const insert = db.prepare('INSERT INTO lemma_pending (LpWoID) VALUES (?)');
    insert.run(1);
    insert.run(2);
    expect(() => insert.run(1)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert.run(3)).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM words WHERE WoID = 1').run();
    expect(db.prepare('SELECT LpWoID FROM lemma_pending').all()).toEqual([{ LpWoID: 2 }]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM words').get()).toEqual({ n: 1 });
  });
});
