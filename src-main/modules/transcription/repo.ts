// Runs in: main. SQL of media files and transcription jobs (owner-scoped).
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';
import type { JobStatus } from '../../../src-shared/contract/listening';

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
  ).run({
    ...row,
    owner: ownerOf(user),
    now,
  });
}

export function selectMedia(sqlite: Sqlite, user: CurrentUser, id: string): MediaRow | undefined {
  return stmt(sqlite, `SELECT MfID, MfFileName, MfType, MfExt, MfSize FROM media_files WHERE MfID = @id AND ${ownerSql('MfUsID')}`).get({
    id,
    owner: ownerOf(user),
  }) as MediaRow | undefined;
}

export function deleteMedia(sqlite: Sqlite, user: CurrentUser, id: string): void {
  // The job's reference is a plain foreign key without ON DELETE (an ALTER TABLE cannot add one): clear it first.
  stmt(sqlite, `UPDATE transcription_jobs SET TjMfID = NULL WHERE TjMfID = @id AND ${ownerSql('TjUsID')}`).run({ id, owner: ownerOf(user) });
  stmt(sqlite, `DELETE FROM media_files WHERE MfID = @id AND ${ownerSql('MfUsID')}`).run({ id, owner: ownerOf(user) });
}

export interface JobRow {
  TjID: string;
  TjRemoteID: string;
  TjStatus: JobStatus;
  TjFileName: string;
  TjMfID: string | null;
  TjLanguage: string;
  TjModel: string;
  TjProgress: number;
  TjResult: string;
  TjError: string;
}

export function insertJob(
  sqlite: Sqlite,
  user: CurrentUser,
  row: Pick<JobRow, 'TjID' | 'TjFileName' | 'TjMfID' | 'TjLanguage' | 'TjModel'>,
  now: number,
): void {
  stmt(
    sqlite,
    `INSERT INTO transcription_jobs (TjID, TjUsID, TjStatus, TjFileName, TjMfID, TjLanguage, TjModel, TjCreated, TjUpdated)
     VALUES (@TjID, @owner, 'pending', @TjFileName, @TjMfID, @TjLanguage, @TjModel, @now, @now)`,
  ).run({ ...row, owner: ownerOf(user), now });
}

export function selectJob(sqlite: Sqlite, user: CurrentUser, id: string): JobRow | undefined {
  return stmt(
    sqlite,
    `SELECT TjID, TjRemoteID, TjStatus, TjFileName, TjMfID, TjLanguage, TjModel, TjProgress, TjResult, TjError
     FROM transcription_jobs WHERE TjID = @id AND ${ownerSql('TjUsID')}`,
  ).get({ id, owner: ownerOf(user) }) as JobRow | undefined;
}

export function updateJob(
  sqlite: Sqlite,
  user: CurrentUser,
  id: string,
  patch: Partial<Pick<JobRow, 'TjRemoteID' | 'TjStatus' | 'TjProgress' | 'TjResult' | 'TjError'>>,
  now: number,
): void {
  const cols = Object.keys(patch);
  if (cols.length === 0) return;
  const set = cols.map((c) => `${c} = @${c}`).join(', ');
  stmt(sqlite, `UPDATE transcription_jobs SET ${set}, TjUpdated = @now WHERE TjID = @id AND ${ownerSql('TjUsID')}`).run({
    ...patch,
    id,
    now,
    owner: ownerOf(user),
  });
}

export function deleteJob(sqlite: Sqlite, user: CurrentUser, id: string): void {
  stmt(sqlite, `DELETE FROM transcription_jobs WHERE TjID = @id AND ${ownerSql('TjUsID')}`).run({ id, owner: ownerOf(user) });
}

/**
 * The caller's media files that nothing uses any more: no text plays them (TxAudioURI) and no live or completed
 * job holds them (a completed job's text may still be saved),
 * created before `before` (a file being attached right now is younger). Read-only look at texts.TxAudioURI.
 */
export function orphanMedia(sqlite: Sqlite, user: CurrentUser, before: number): Pick<MediaRow, 'MfID' | 'MfExt'>[] {
  return stmt(
    sqlite,
    `SELECT MfID, MfExt FROM media_files m WHERE ${ownerSql('MfUsID')} AND MfCreated < @before
       AND NOT EXISTS (SELECT 1 FROM texts WHERE TxAudioURI = '/api/v1/media/' || m.MfID)
       AND NOT EXISTS (SELECT 1 FROM transcription_jobs WHERE TjMfID = m.MfID AND TjStatus NOT IN ('failed', 'cancelled'))`,
  ).all({ owner: ownerOf(user), before }) as Pick<MediaRow, 'MfID' | 'MfExt'>[];
}
