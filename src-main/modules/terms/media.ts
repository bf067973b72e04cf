// Runs in: main. Media attached to terms (issue 29): a mined word's sentence audio and picture, files of the media
// store listed in term_media. Terms own the links; the media store owns the files and says when one goes.
import type { TermMediaDto } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import type { DomainEvents } from '../../core/events';
import { transact } from '../../db/sql';
import { mediaUrl } from '../media';
import * as repo from './repo';

const toDto = (row: repo.TermMediaRow): TermMediaDto => ({ id: row.TmMfID, role: row.TmRole, filename: row.TmFileName, url: mediaUrl(row.TmMfID) });

/** Each term's media, by term id (terms without any are absent). */
export function mediaByTerm(ctx: Pick<HandlerContext, 'sqlite' | 'user'>, termIds: readonly number[]): Map<number, TermMediaDto[]> {
  const out = new Map<number, TermMediaDto[]>();
  if (!termIds.length) return out;
  for (const row of repo.mediaOfTerms(ctx.sqlite, ctx.user, termIds)) {
    const list = out.get(row.TmWoID);
    if (list) list.push(toDto(row));
    else out.set(row.TmWoID, [toDto(row)]);
  }
  return out;
}

/** A term's media list (what the AnkiConnect client sends on to Anki; what the word panel plays). */
export const termMedia = (ctx: Pick<HandlerContext, 'sqlite' | 'user'>, termId: number): TermMediaDto[] => mediaByTerm(ctx, [termId]).get(termId) ?? [];

/**
 * Attaches stored media files to terms of the caller (the same file again replaces its role and name). No
 * terms.changed: nothing the reader colours or counts depends on a term's media; the word panel reads it with the term.
 */
export function attachTermMedia(ctx: HandlerContext, links: readonly { termId: number; mediaId: string; role: 'audio' | 'picture'; filename: string }[]): void {
  if (!links.length) return;
  transact(ctx, () =>
    repo.insertTermMedia(
      ctx.sqlite,
      ctx.user,
      links.map((l) => ({ TmWoID: l.termId, TmMfID: l.mediaId, TmRole: l.role, TmFileName: l.filename.slice(0, 255) })),
    ),
  );
}

/** The media store is about to delete these files: terms let go of them. */
export function releaseTermMedia(ctx: HandlerContext, { ids }: DomainEvents['media.deleting']): void {
  repo.deleteTermMediaOfFiles(ctx.sqlite, ctx.user, ids);
}
