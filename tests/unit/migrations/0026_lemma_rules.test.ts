// Migration 0026 adds lemma_rules (issue 47): per language, the version of the automatic lemma rules its automatic
// lemmas were written with, and the recompute's cursor. A row names one language and goes with it.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0026: lemma rules per language', () => {
  it('adds the table with its defaults, one row per language at most, cascading from the language', () => {
    const { db, apply } = beforeMigration('0026_lemma_rules');
    db.prepare("INSERT INTO languages (LgID, LgName, LgCreated) VALUES (1, 'French', 0), (2, 'Spanish', 0)").run();
    apply();
    db.pragma('foreign_keys = ON');
    expect(db.prepare('SELECT COUNT(*) AS n FROM lemma_rules').get()).toEqual({ n: 0 });
    const insert = db.prepare("INSERT INTO lemma_rules (LrLgID, LrVersion) VALUES (?, 'v1')");
    insert.run(1);
    insert.run(2);
    expect(db.prepare('SELECT * FROM lemma_rules WHERE LrLgID = 1').get()).toEqual({
      LrLgID: 1,
      LrVersion: 'v1',
      LrCursor: 0,
      LrChanged: 0,
      LrUpdated: null,
    });
    expect(() => insert.run(1)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert.run(3)).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM languages WHERE LgID = 1').run();
    expect(db.prepare('SELECT LrLgID FROM lemma_rules').all()).toEqual([{ LrLgID: 2 }]);
  });
});
