// Migration 0028 makes a book's cover one of its pictures in the media store (issue 45): the column BkCoverMfID,
// and for covers stored before as files under covers/, one books.moveCovers job per owner that has any (the job
// itself is tested in tests/api/book-cover-media.test.ts). Books without a cover queue nothing.
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0028: book covers into the media store', () => {
  it('adds BkCoverMfID and queues one cover move per owner with covers on disk', () => {
    const { db, apply } = beforeMigration('0028_book_cover_media');
    db.prepare("INSERT INTO users (UsID, UsUsername, UsPasswordHash, UsRole, UsCreated) VALUES (7, 'ana', 'x', 'user', 0)").run();
    db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('English', 0)").run();
    const book = db.prepare('INSERT INTO books (BkLgID, BkUsID, BkTitle, BkCoverPath, BkCreated) VALUES (1, ?, ?, ?, 0)');
    book.run(null, 'Local, with cover', 'aa.png');
    book.run(null, 'Local, another cover', 'bb.jpg');
    book.run(7, 'Ana, with cover', 'cc.png');
    book.run(null, 'Local, no cover', '');
    apply();
    const columns = (db.prepare('PRAGMA table_info(books)').all() as { name: string }[]).map((c) => c.name);
    expect(columns).toContain('BkCoverMfID');
    expect(db.prepare('SELECT count(*) AS n FROM books WHERE BkCoverMfID IS NOT NULL').get()).toEqual({ n: 0 });
    const jobs = db.prepare("SELECT JbKind, JbPayload, JbUsID, JbState FROM jobs ORDER BY JbUsID IS NULL, JbUsID").all();
    expect(jobs).toEqual([
      { JbKind: 'books.moveCovers', JbPayload: '{}', JbUsID: 7, JbState: 'pending' },
      { JbKind: 'books.moveCovers', JbPayload: '{}', JbUsID: null, JbState: 'pending' },
    ]);
  });

  it('queues nothing in a library without covers', () => {
    const { db, apply } = beforeMigration('0028_book_cover_media');
    db.prepare("INSERT INTO languages (LgName, LgCreated) VALUES ('English', 0)").run();
    db.prepare("INSERT INTO books (BkLgID, BkTitle, BkCreated) VALUES (1, 'Plain', 0)").run();
    apply();
    expect(db.prepare('SELECT count(*) AS n FROM jobs').get()).toEqual({ n: 0 });
  });
});
