// Migration 0015 on a real SQLite file with a book from before it: the book and its chapters are kept, follow
// the learner's default for pictures (BkPictures null), and the new book_images rows go with their book or
// their media file.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0015: book images', () => {
  it('keeps books, adds BkPictures (null) and book_images keyed to the book and the media file', () => {
    const { db, apply } = beforeMigration('0015_book_images');
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'book_images'").pluck().get()).toBe(0);

    const lg = Number(db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('English', 0)").run().lastInsertRowid);
    const tx = Number(db.prepare("INSERT INTO texts (TxLgID, TxTitle, TxText, TxCreated, TxModified) VALUES (?, 'c1', 'Look! The dog.', 0, 0)").run(lg).lastInsertRowid);
    const book = (title: string) =>
      Number(db.prepare('INSERT INTO books (BkLgID, BkTitle, BkChapterCount, BkCreated) VALUES (?, ?, 1, 0)').run(lg, title).lastInsertRowid);
    const [a, b] = [book('A'), book('B')];
    db.prepare("INSERT INTO book_chapters (BcBkID, BcNum, BcTitle, BcTxID) VALUES (?, 1, 'One', ?)").run(a, tx);
    const books = () => db.prepare('SELECT BkID, BkTitle, BkChapterCount FROM books ORDER BY BkID').raw().all();
    const before = books();

    apply();
    expect(books()).toEqual(before);
    expect(db.prepare('SELECT BkPictures FROM books').pluck().all()).toEqual([null, null]);
    expect(db.prepare('SELECT count(*) FROM book_chapters').pluck().get()).toBe(1);
    expect(db.prepare('SELECT name FROM pragma_table_info(?) ORDER BY cid').pluck().all('book_images')).toEqual([
      'BiID',
      'BiBkID',
      'BiChapter',
      'BiOrder',
      'BiPara',
      'BiMfID',
      'BiAlt',
      'BiWidth',
      'BiHeight',
    ]);

    const media = db.prepare("INSERT INTO media_files (MfID, MfFileName, MfType, MfExt, MfSize, MfCreated) VALUES (?, 'p.png', 'image/png', 'png', 10, 0)");
    media.run('a'.repeat(32));
    media.run('b'.repeat(32));
    const image = db.prepare('INSERT INTO book_images (BiBkID, BiChapter, BiOrder, BiPara, BiMfID, BiWidth, BiHeight) VALUES (?, 1, ?, 0, ?, 4, 3)');
    image.run(a, 0, 'a'.repeat(32));
    image.run(a, 1, 'b'.repeat(32));
    image.run(b, 0, 'b'.repeat(32));
    expect(() => image.run(a, 2, 'c'.repeat(32))).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM books WHERE BkID = ?').run(a);
    expect(db.prepare('SELECT BiBkID, BiMfID FROM book_images').raw().all()).toEqual([[b, 'b'.repeat(32)]]);
    db.prepare('DELETE FROM media_files WHERE MfID = ?').run('b'.repeat(32));
    expect(db.prepare('SELECT count(*) FROM book_images').pluck().get()).toBe(0);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});
