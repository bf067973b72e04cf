// Migration 0018 on a library of terms from before it: the terms stay as they were, and the term lookups of text
// parsing (language + owner + texts, and the multi-word terms) seek the new indexes even though the file has no
// statistics (issue 34).
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0018: term lookup indexes', () => {
  it('keeps the terms and serves language + owner + text lookups without statistics', () => {
    const { db, apply } = beforeMigration('0018_term_lookup_indexes');
    db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('English', 0)").run();
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 500)
       INSERT INTO words (WoLgID, WoText, WoTextLC, WoCreated, WoModified, WoStatusChanged) SELECT 1, 'W' || i, 'w' || i, 0, 0, 0 FROM n`,
    ).run();
    apply();
    db.exec('DROP TABLE IF EXISTS sqlite_stat1');
    expect(db.prepare('SELECT count(*) AS n, min(WoText) AS first FROM words').get()).toEqual({ n: 500, first: 'W1' });
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT WoTextLC, WoID FROM words
         WHERE WoLgID = @lg AND WoUsID IS @owner AND WoTextLC IN (SELECT value FROM json_each(@lcs))`,
      )
      .all({ lg: 1, owner: null, lcs: '["w1"]' }) as { detail: string }[];
    expect(plan.map((r) => r.detail).join('\n')).toContain('words_language_owner_text (WoLgID=? AND WoUsID=? AND WoTextLC=?)');
    const multi = db
      .prepare('EXPLAIN QUERY PLAN SELECT WoID, WoTextLC FROM words WHERE WoLgID = @lg AND WoUsID IS @owner AND WoWordCount > 1')
      .all({ lg: 1, owner: null }) as { detail: string }[];
    expect(multi.map((r) => r.detail).join('\n')).toContain('words_multiword');
  });
});
