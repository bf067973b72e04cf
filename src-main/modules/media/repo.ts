// Runs in: main. SQL of the media store (owner-scoped).
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';

export interface MediaRow {
  MfID: string;
  MfFileName: string;
  MfType: string;
  MfExt: string;
  MfSize: number;
}

export function insertMedia(sqlite: Sqlite, user: CurrentUser, row: MediaRow, now: number): void {
  stmt(
    sqlite,
    'INSERT INTO media_files (MfID, MfUsID, MfFileName, MfType, MfExt, MfSize, MfCreated) VALUES (@MfID, @owner, @MfFileName, @MfType, @MfExt, @MfSize, @now)',
  ).run({ ...row, owner: ownerOf(user), now });
}

export function selectMedia(sqlite: Sqlite, user: CurrentUser, id: string): MediaRow | undefined {
  return stmt(sqlite, `SELECT MfID, MfFileName, MfType, MfExt, MfSize FROM media_files WHERE MfID = @id AND ${ownerSql('MfUsID')}`).get({
    id,
    owner: ownerOf(user),
  }) as MediaRow | undefined;
}

export function deleteMedia(sqlite: Sqlite, user: CurrentUser, id: string): void {
  stmt(sqlite, `DELETE FROM media_files WHERE MfID = @id AND ${ownerSql('MfUsID')}`).run({ id, owner: ownerOf(user) });
}

/**
 * The caller's media files that nothing uses any more, created before `before` (a file being attached right now is
 * younger). "Used" is read across the modules that keep media ids (a read, never a write): a text plays it
 * (TxAudioURI), a live or completed transcription job holds it (a completed job's text may still be saved), a
 * book shows it (book_images, or its cover BkCoverMfID; the book deletes its pictures itself), or a term keeps it
 * (term_media: a mined word's sentence audio or picture).
 */
export function orphanMedia(sqlite: Sqlite, user: CurrentUser, before: number): Pick<MediaRow, 'MfID' | 'MfExt'>[] {
  return stmt(
    sqlite,
    `SELECT MfID, MfExt FROM media_files m WHERE ${ownerSql('MfUsID')} AND MfCreated < @before
       AND NOT EXISTS (SELECT 1 FROM texts WHERE TxAudioURI = '/api/v1/media/' || m.MfID)
       AND NOT EXISTS (SELECT 1 FROM transcription_jobs WHERE TjMfID = m.MfID AND TjStatus NOT IN ('failed', 'cancelled'))
       AND NOT EXISTS (SELECT 1 FROM book_images WHERE BiMfID = m.MfID)
       AND NOT EXISTS (SELECT 1 FROM books WHERE BkCoverMfID = m.MfID)
       AND NOT EXISTS (SELECT 1 FROM term_media WHERE TmMfID = m.MfID)`,
  ).all({ owner: ownerOf(user), before }) as Pick<MediaRow, 'MfID' | 'MfExt'>[];
}
