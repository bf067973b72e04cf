// Runs in: main. SQL of transcription jobs (owner-scoped).
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt, type CurrentUser } from '../../db/sql';
import type { JobStatus } from '../../../src-shared/contract/listening';

/** A deleted media file's jobs keep their row, without it (TjMfID has no ON DELETE: an ALTER TABLE cannot add one). */
export function releaseJobMedia(sqlite: Sqlite, user: CurrentUser, ids: readonly string[]): void {
  const release = stmt(sqlite, `UPDATE transcription_jobs SET TjMfID = NULL WHERE TjMfID = @id AND ${ownerSql('TjUsID')}`);
  for (const id of ids) release.run({ id, owner: ownerOf(user) });
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
