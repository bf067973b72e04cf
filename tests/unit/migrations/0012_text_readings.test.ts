// Migration 0012 on a real SQLite file with texts from before it: the texts are kept, each gets an empty set of
// readings (a text's readings are made when it is next parsed), and readings go with their text.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0012: text readings', () => {
  it('keeps every text, adds an empty readings table keyed by text and base, and a deleted text takes its readings', () => {
    const { db, apply } = beforeMigration('0012_text_readings');
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'text_readings'").pluck().get()).toBe(0);

    const lg = Number(db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('Japanese', 0)").run().lastInsertRowid);
    const text = db.prepare("INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, ?, '漢字を読む。', 0, 0)");
    const [a, b] = [Number(text.run(lg, 'a').lastInsertRowid), Number(text.run(lg, 'b').lastInsertRowid)];
    const texts = () => db.prepare('SELECT TxID, TxLgID, TxTitle, TxText FROM texts ORDER BY TxID').raw().all();
    const before = texts();

    apply();
    expect(texts()).toEqual(before);
    expect(db.prepare('SELECT count(*) FROM text_readings').pluck().get()).toBe(0);
    expect(db.prepare('SELECT name, pk FROM pragma_table_info(?) ORDER BY cid').raw().all('text_readings')).toEqual([
      ['RdTxID', 1],
      ['RdBase', 2],
      ['RdReading', 0],
    ]);

    const reading = db.prepare('INSERT INTO text_readings (RdTxID, RdBase, RdReading) VALUES (?, ?, ?)');
    reading.run(a, '漢字', 'かんじ');
    reading.run(a, '読', 'よ');
    reading.run(b, '漢字', 'かんじ');
    expect(() => reading.run(a, '漢字', 'かんじ')).toThrow(/UNIQUE|PRIMARY KEY/);
    db.prepare('DELETE FROM texts WHERE TxID = ?').run(a);
    expect(db.prepare('SELECT RdTxID, RdBase FROM text_readings').raw().all()).toEqual([[b, '漢字']]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
