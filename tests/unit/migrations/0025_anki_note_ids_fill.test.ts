// Migration 0025 gives every existing term its Anki note id (issue 44): its creation time in milliseconds, in
// creation order; terms created in the same millisecond (a bulk import) take the next free ones, and a creation
// time before 2001 (a term moved in from an old app with a zero date) is moved up to 10^12, so every id has 13 digits.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0025: note ids filled', () => {
  it('numbers existing terms by creation time, unique, 13 digits, same order as numbers and as strings', () => {
    const { db, apply } = beforeMigration('0025_anki_note_ids_fill');
    db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('German', 0)").run();
    const insert = db.prepare('INSERT INTO words (WoLgID, WoText, WoTextLC, WoCreated, WoModified, WoStatusChanged) VALUES (1, ?, ?, ?, 0, 0)');
    const T = 1_700_000_000_000;
    // Inserted out of creation order: the ids follow WoCreated, then WoID.
    const rows: [string, number][] = [
      ['late', T + 10],
      ['a', T],
      ['b', T],
      ['c', T],
      ['next', T + 1],
      ['zero', 0],
      ['old', 1_000_000_000_005],
    ];
    for (const [w, c] of rows) insert.run(w, w, c);
    apply();
    const ids = Object.fromEntries(
      (db.prepare('SELECT WoText, WoNoteID FROM words').all() as { WoText: string; WoNoteID: number }[]).map((r) => [r.WoText, r.WoNoteID]),
    );
    expect(ids).toEqual({
      zero: 1_000_000_000_000,
      old: 1_000_000_000_005,
      a: T,
      b: T + 1,
      c: T + 2,
      next: T + 3,
      late: T + 10,
    });
    const all = Object.values(ids);
    expect(all.every((n) => String(n).length === 13)).toBe(true);
    expect([...all].sort()).toEqual([...all].sort((x, y) => x - y));
    expect(db.prepare('SELECT count(*) AS n FROM words WHERE WoNoteID IS NULL').get()).toEqual({ n: 0 });
  });
});
