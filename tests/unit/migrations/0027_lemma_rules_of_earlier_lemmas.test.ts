// Migration 0027 (issue 47): languages whose terms carry automatic lemmas written before lemma_rules existed get a row
// with an empty version, so the next start recomputes them once; languages with only manual lemmas or none get none.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0027: earlier automatic lemmas are stale', () => {
  it('writes an empty version for each language with automatic lemmas, and nothing else', () => {
    const { db, apply } = beforeMigration('0027_lemma_rules_of_earlier_lemmas');
    db.prepare("INSERT INTO languages (LgID, LgName, LgCreated) VALUES (1, 'French', 0), (2, 'Spanish', 0), (3, 'German', 0)").run();
    const word = db.prepare(
      'INSERT INTO words (WoLgID, WoText, WoTextLC, WoLemma, WoLemmaLC, WoLemmaSource, WoCreated, WoModified, WoStatusChanged) VALUES (?, ?, ?, ?, ?, ?, 0, 0, 0)',
    );
    word.run(1, 'est', 'est', 'est', 'est', 'auto');
    word.run(1, 'sont', 'sont', 'être', 'être', 'auto');
    word.run(1, 'était', 'était', 'étaie', 'étaie', 'manual');
    word.run(2, 'casa', 'casa', 'casa', 'casa', 'manual');
    word.run(3, 'Haus', 'haus', null, null, null);
    const unchanged = db.prepare('SELECT * FROM words ORDER BY WoID').all();
    apply();
    expect(db.prepare('SELECT LrLgID, LrVersion, LrCursor, LrChanged, LrUpdated FROM lemma_rules').all()).toEqual([
      { LrLgID: 1, LrVersion: '', LrCursor: 0, LrChanged: 0, LrUpdated: null },
    ]);
    expect(db.prepare('SELECT * FROM words ORDER BY WoID').all()).toEqual(unchanged);
  });
});
