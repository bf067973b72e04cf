// Migration 0011 on a real SQLite file that holds occurrences from before it: every row kept (Ti2LgID
// dropped), WITHOUT ROWID, only the Ti2WoID key left, and a text's rows still go with the text (trigger).
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0011: occurrences without parent checks', () => {
  it('keeps every row and the term key, and a deleted text takes its rows with it', () => {
    const { db, apply } = beforeMigration('0011_occurrences_without_parent_checks');
    expect(db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('word_occurrences')).toContain('Ti2LgID');

    const lg = Number(db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('German', 0)").run().lastInsertRowid);
    const text = db.prepare("INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, 't', 'Der Hund. Der Hund!', 0, 0)");
    const [a, b] = [Number(text.run(lg).lastInsertRowid), Number(text.run(lg).lastInsertRowid)];
    const word = Number(
      db
        .prepare("INSERT INTO words (WoLgID, WoText, WoTextLC, WoStatus, WoCreated, WoModified, WoStatusChanged) VALUES (?, 'Hund', 'hund', 2, 0, 0, 0)")
        .run(lg).lastInsertRowid,
    );
    const occ = db.prepare('INSERT INTO word_occurrences (Ti2TxID, Ti2TfID, Ti2Order, Ti2WordCount, Ti2LgID, Ti2WoID) VALUES (?, ?, ?, ?, ?, ?)');
    for (const tx of [a, b]) {
      occ.run(tx, 1, 1, 1, lg, null);
      occ.run(tx, 2, 3, 1, lg, word);
      occ.run(tx, 3, 1, 2, lg, null);
    }
    const rows = () => db.prepare('SELECT Ti2TxID, Ti2TfID, Ti2Order, Ti2WordCount, Ti2WoID FROM word_occurrences ORDER BY 1, 2, 3, 4').raw().all();
    const before = rows();

    apply();
    expect(rows()).toEqual(before);
    expect(db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('word_occurrences')).toEqual([
      'Ti2TxID',
      'Ti2TfID',
      'Ti2Order',
      'Ti2WordCount',
      'Ti2WoID',
    ]);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'word_occurrences'").pluck().get()).toMatch(/WITHOUT ROWID/);
    expect((db.prepare('PRAGMA foreign_key_list(word_occurrences)').all() as { from: string; on_delete: string }[]).map((f) => [f.from, f.on_delete])).toEqual([
      ['Ti2WoID', 'SET NULL'],
    ]);

    db.prepare('DELETE FROM texts WHERE TxID = ?').run(a);
    expect(db.prepare('SELECT DISTINCT Ti2TxID FROM word_occurrences').pluck().all()).toEqual([b]);
    db.prepare('DELETE FROM words WHERE WoID = ?').run(word);
    expect(db.prepare('SELECT count(*) FROM word_occurrences WHERE Ti2WoID IS NOT NULL').pluck().get()).toBe(0);
    db.prepare('DELETE FROM languages WHERE LgID = ?').run(lg);
    expect(db.prepare('SELECT count(*) FROM word_occurrences').pluck().get()).toBe(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
