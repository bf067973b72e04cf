// Runs in: main. Frequency lists among the learner's local dictionaries (issue 50): the ranks of Yomitan
// frequency dictionaries (term_meta_bank) and of plain `word,rank` CSV files, stored as LeFrequencyRank. A list
// is a usable dictionary of the language holding at least one ranked word; a word listed twice (two readings)
// keeps its best rank.
import { ownerOf } from '../../db/sql';
import type { HandlerContext } from '../../core/context';
import * as repo from './repo';
import type { FrequencyList, RankedWord } from './repo';

export type { FrequencyList, RankedWord };

/** The language's frequency lists the caller owns, highest priority first. */
export function frequencyLists(ctx: HandlerContext, languageId: number): FrequencyList[] {
  return repo.frequencyLists(ctx.sqlite, ownerOf(ctx.user), languageId);
}

/** Every ranked word of one owned list of the language, most frequent first; null when no such list. */
export function rankedWords(ctx: HandlerContext, languageId: number, dictionaryId: number): RankedWord[] | null {
  if (!frequencyLists(ctx, languageId).some((l) => l.LdID === dictionaryId)) return null;
  return repo.rankedWords(ctx.sqlite, ownerOf(ctx.user), languageId, dictionaryId);
}
