// Runs in: main. A term's Anki note id (and card id: one card per note, the same number) is WoNoteID, its creation
// time in milliseconds (schema/terms.ts): 13 digits, so ids sort the same as strings and as numbers, and a tool's
// "added in the last ten minutes" test on the id holds. This maps them both ways, owner-scoped: another learner's
// note id is, for the caller, a note that does not exist.
import type { TermDto } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { getTerm } from '../terms';
import * as repo from './repo';

/** A term of the caller (by its term id), or undefined when it is gone. */
function termOrNothing(ctx: HandlerContext, termId: number): TermDto | undefined {
  try {
    return getTerm(ctx, termId);
  } catch {
    return undefined;
  }
}

/** The caller's terms these note ids name, in order; undefined for an unknown or foreign id. */
export function termsOfNotes(ctx: HandlerContext, noteIds: readonly number[]): { noteId: number; term: TermDto | undefined }[] {
  const termIds = repo.termIdsOfNotes(ctx.sqlite, ctx.user, noteIds);
  return noteIds.map((noteId) => {
    const termId = termIds.get(noteId);
    return { noteId, term: termId === undefined ? undefined : termOrNothing(ctx, termId) };
  });
}

/** The caller's term id a note id names, or undefined. */
export const termIdOfNote = (ctx: HandlerContext, noteId: number): number | undefined => repo.termIdsOfNotes(ctx.sqlite, ctx.user, [noteId]).get(noteId);

/** The note id of the caller's term (it has one from its creation on). */
export function noteIdOfTerm(ctx: HandlerContext, termId: number): number {
  const id = repo.noteIdsOfTerms(ctx.sqlite, ctx.user, [termId]).get(termId);
  if (id === undefined) throw new Error(`term ${termId} has no note id`);
  return id;
}

/** Term ids → note ids, in order (terms just written by the caller). */
export function noteIdsOfTerms(ctx: HandlerContext, termIds: readonly number[]): number[] {
  const map = repo.noteIdsOfTerms(ctx.sqlite, ctx.user, termIds);
  return termIds.map((id) => map.get(id) ?? 0);
}
