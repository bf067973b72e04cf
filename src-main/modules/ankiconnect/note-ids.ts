// Runs in: main. A term's Anki note id (and card id: one card per note, the same number) is WoNoteID, its creation
// time in milliseconds (schema/terms.ts): 13 digits, so ids sort the same as strings and as numbers, and a tool's
// "added in the last ten minutes" test on the id holds. This maps them both ways, owner-scoped: another learner's
// note id is, for the caller, a note that does not exist.
import type { TermDto } from '../../../src-shared/contract/terms';
import type { HandlerContext } from '../../core/context';
import { yieldToEventLoop } from '../../core/slices';
import { getTerms } from '../terms';
import * as repo from './repo';

/**
 * Note ids answered in one turn: one bulk read of their terms, tags and media (a few milliseconds on 1 M terms;
 * issue 43: notesInfo of 5,000 ids read one by one held the server 0.3 s, one of 500,000 for 15 s).
 */
export const INFO_SLICE_IDS = 200;

/** The caller's terms these note ids name, in order, in one bulk read; undefined for an unknown or foreign id. */
export function termsOfNotes(ctx: HandlerContext, noteIds: readonly number[]): { noteId: number; term: TermDto | undefined }[] {
  const termIds = repo.termIdsOfNotes(ctx.sqlite, ctx.user, noteIds);
  const terms = new Map(getTerms(ctx, [...termIds.values()]).map((t) => [t.WoID, t]));
  return noteIds.map((noteId) => {
    const termId = termIds.get(noteId);
    return { noteId, term: termId === undefined ? undefined : terms.get(termId) };
  });
}

/** Each note id's answer (`shape` of its term, undefined when there is none), INFO_SLICE_IDS ids a turn. */
export async function eachNote<T>(ctx: HandlerContext, noteIds: readonly number[], shape: (noteId: number, term: TermDto | undefined) => T): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < noteIds.length; start += INFO_SLICE_IDS) {
    if (start > 0) await yieldToEventLoop();
    for (const { noteId, term } of termsOfNotes(ctx, noteIds.slice(start, start + INFO_SLICE_IDS))) out.push(shape(noteId, term));
  }
  return out;
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
