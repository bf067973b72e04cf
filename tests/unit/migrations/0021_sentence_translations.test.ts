// Migration 0021 adds translations (issue 49: every sentence translation a provider gave, kept per sentence text,
// language pair and provider). Nothing existing changes; a row belongs to its owner and goes with the account.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0021: sentence translations', () => {
  it('adds the empty table, found by sentence and pair, deleted with its owner', () => {
    const { db, apply } = beforeMigration('0021_sentence_translations');
    db.prepare("INSERT INTO languages (LgID, LgName, LgCreated) VALUES (1, 'German', 0)").run();
    const languagesBefore = db.prepare('SELECT * FROM languages').all();
    apply();
    db.pragma('foreign_keys = ON');
    expect(db.prepare('SELECT COUNT(*) AS n FROM translations').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT * FROM languages').all()).toEqual(languagesBefore);
    db.prepare("INSERT INTO users (UsID, UsUsername, UsEmail, UsPasswordHash, UsCreated) VALUES (7, 'ana', 'ana@example.org', 'x', 0)").run();
    const insert = db.prepare(
      "INSERT INTO translations (TrUsID, TrText, TrSource, TrTarget, TrProvider, TrTranslation, TrCreated) VALUES (?, 'Hallo.', 'de', 'en', 'deepl', 'Hello.', 0)",
    );
    insert.run(7);
    insert.run(null);
    expect(() => insert.run(99)).toThrow(/FOREIGN KEY/);
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT * FROM translations WHERE TrText = 'Hallo.' AND TrSource = 'de' AND TrTarget = 'en' AND TrUsID IS 7").all();
    expect(JSON.stringify(plan)).toContain('translations_lookup');
    db.prepare('DELETE FROM users WHERE UsID = 7').run();
    expect(db.prepare('SELECT TrUsID FROM translations').all()).toEqual([{ TrUsID: null }]);
  });
});
