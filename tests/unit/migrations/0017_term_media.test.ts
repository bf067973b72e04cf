// Migration 0017 adds term_media (issue 29: a mined term's sentence audio and picture). Existing terms and media are
// untouched; a row links one of each, and goes with either (the cascade backs up the terms module's listener).
import { describe, expect, it } from 'vitest';
import { beforeMigration } from '../../helpers/migrations';

describe('migration 0017: term media', () => {
  it('adds the table, keyed by term and file, and cascades from both', () => {
    const { db, apply } = beforeMigration('0017_term_media');
    db.prepare("INSERT INTO languages (LgID, LgName, LgCreated) VALUES (1, 'German', 0)").run();
    db.prepare("INSERT INTO words (WoID, WoLgID, WoText, WoTextLC, WoCreated, WoModified, WoStatusChanged) VALUES (1, 1, 'Haus', 'haus', 0, 0, 0), (2, 1, 'Hund', 'hund', 0, 0, 0)").run();
    db.prepare("INSERT INTO media_files (MfID, MfFileName, MfType, MfExt, MfSize, MfCreated) VALUES ('a', 'a.mp3', 'audio/mpeg', 'mp3', 1, 0), ('b', 'b.png', 'image/png', 'png', 1, 0)").run();
    apply();
    db.pragma('foreign_keys = ON');
    const insert = db.prepare('INSERT INTO term_media (TmWoID, TmMfID, TmRole, TmFileName) VALUES (?, ?, ?, ?)');
    insert.run(1, 'a', 'audio', 'a.mp3');
    insert.run(2, 'b', 'picture', 'b.png');
    expect(() => insert.run(1, 'a', 'audio', 'again.mp3')).toThrow(/UNIQUE|PRIMARY/);
    db.prepare('DELETE FROM words WHERE WoID = 1').run();
    db.prepare("DELETE FROM media_files WHERE MfID = 'b'").run();
    expect(db.prepare('SELECT COUNT(*) AS n FROM term_media').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM words').get()).toEqual({ n: 1 });
  });
});
