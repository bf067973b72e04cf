// Migration 0023 adds the move-in journal (issue 43: a move-in killed midway is undone at the next start): a move in
// progress and the terms it created. Nothing existing changes; a move goes with its owner, its terms with the move.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0023: move-in journal', () => {
  it('adds the two empty tables; a move goes with its owner and takes its terms with it', () => {
    const { db, apply } = beforeMigration('0023_move_ins');
    db.prepare("INSERT INTO languages (LgID, LgName, LgCreated) VALUES (1, 'German', 0)").run();
    const languagesBefore = db.prepare('SELECT * FROM languages').all();
    apply();
    db.pragma('foreign_keys = ON');
    expect(db.prepare('SELECT COUNT(*) AS n FROM move_ins').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT * FROM languages').all()).toEqual(languagesBefore);
    db.prepare("INSERT INTO users (UsID, UsUsername, UsEmail, UsPasswordHash, UsCreated) VALUES (7, 'ana', 'ana@example.org', 'x', 0)").run();
    const move = db.prepare("INSERT INTO move_ins (MvUsID, MvSource, MvStarted) VALUES (?, 'lwt', 0)");
    const mine = Number(move.run(7).lastInsertRowid);
    move.run(null);
    expect(() => move.run(99)).toThrow(/FOREIGN KEY/);
    expect(db.prepare('SELECT MvState, MvLanguages, MvTermsRemoved FROM move_ins WHERE MvID = ?').get(mine)).toEqual({
      MvState: 'moving',
      MvLanguages: '[]',
      MvTermsRemoved: 0,
    });
    db.prepare('INSERT INTO move_in_terms (MtMvID, MtWoID) VALUES (?, 5), (?, 6)').run(mine, mine);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT MtWoID FROM move_in_terms WHERE MtMvID = 1').all();
    expect(JSON.stringify(plan)).toContain('move_in_terms_move');
    db.prepare('DELETE FROM users WHERE UsID = 7').run();
    expect(db.prepare('SELECT MvUsID FROM move_ins').all()).toEqual([{ MvUsID: null }]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM move_in_terms').get()).toEqual({ n: 0 });
  });
});
