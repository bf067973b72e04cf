// Migration 0022 adds word_corrections (issue 46: the learner's corrections of a language's word segmenter). Nothing
// existing changes; a row is one string a language, deleted with its language and with its owner.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0022: word corrections', () => {
  it('adds the empty table, one row a string a language, deleted with the language and the owner', () => {
    const { db, apply } = beforeMigration('0022_word_corrections');
    db.prepare("INSERT INTO users (UsID, UsUsername, UsEmail, UsPasswordHash, UsCreated) VALUES (7, 'ana', 'ana@example.org', 'x', 0)").run();
    db.prepare("INSERT INTO languages (LgID, LgUsID, LgName, LgCreated) VALUES (1, 7, 'Chinese', 0), (2, NULL, 'Thai', 0)").run();
    const languagesBefore = db.prepare('SELECT * FROM languages').all();
    apply();
    db.pragma('foreign_keys = ON');
    expect(db.prepare('SELECT COUNT(*) AS n FROM word_corrections').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT * FROM languages').all()).toEqual(languagesBefore);
    const insert = db.prepare('INSERT INTO word_corrections (WcUsID, WcLgID, WcText, WcParts, WcCreated) VALUES (?, ?, ?, ?, 0)');
    insert.run(7, 1, '乒乓球', '乒乓球');
    insert.run(null, 2, 'ภาษาไทย', 'ภาษา\tไทย');
    expect(() => insert.run(7, 1, '乒乓球', '乒乓\t球')).toThrow(/UNIQUE/);
    expect(() => insert.run(7, 99, '中华', '中华')).toThrow(/FOREIGN KEY/);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT WcParts FROM word_corrections WHERE WcLgID = 1 ORDER BY WcText').all();
    expect(JSON.stringify(plan)).toContain('word_corrections_text');
    db.prepare('DELETE FROM users WHERE UsID = 7').run();
    db.prepare('DELETE FROM languages WHERE LgID = 2').run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM word_corrections').get()).toEqual({ n: 0 });
  });
});
