// Migration 0024 adds words.WoNoteID (issue 44: a term's Anki note id) and its unique index; 0025 fills it. Here: the
// column and index alone, on a library from before them (the terms unchanged, every id NULL until 0025).
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0024: the note id column', () => {
  it('adds a unique, indexed WoNoteID and keeps the terms as they were', () => {
    const { db, apply } = beforeMigration('0024_anki_note_ids');
    db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('German', 0)").run();
    const insert = db.prepare("INSERT INTO words (WoLgID, WoText, WoTextLC, WoCreated, WoModified, WoStatusChanged) VALUES (1, ?, lower(?), 5, 5, 5)");
    insert.run('Hund', 'Hund');
    insert.run('Katze', 'Katze');
    const before = db.prepare('SELECT * FROM words ORDER BY WoID').all();
    apply();
    const after = db.prepare('SELECT * FROM words ORDER BY WoID').all() as Record<string, unknown>[];
    expect(after.map(({ WoNoteID: _n, ...rest }) => rest)).toEqual(before);
    expect(after.map((r) => r.WoNoteID)).toEqual([null, null]);
    db.prepare('UPDATE words SET WoNoteID = 1700000000000 WHERE WoID = 1').run();
    expect(() => db.prepare('UPDATE words SET WoNoteID = 1700000000000 WHERE WoID = 2').run()).toThrow(/UNIQUE/);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT WoID FROM words WHERE WoNoteID = 1700000000000').all() as { detail: string }[];
    expect(plan.map((r) => r.detail).join('\n')).toContain('words_note_id');
  });
});
