// Runs in: main. Frequency lists among the learner's local dictionaries (issue 50): the ranks of Yomitan
// frequency dictionaries (term_meta_bank) and of plain `word,rank` CSV files, stored as LeFrequencyRank. A list
// is a usable dictionary of the language holding at least one ranked word; a word listed twice (two readings)
// keeps its best rank.
import type { Sqlite } from '../../db/connection';
import { ownerOf, ownerSql, stmt } from '../../db/sql';
import type { HandlerContext } from '../../core/context';

export interface FrequencyList {
  LdID: number;
  LdName: string;
  /** Distinct ranked words. */
  words: number;
}

export interface RankedWord {
  /** As the list spells it. */
  word: string;
  /** Lowercased (the terms' WoTextLC). */
  key: string;
  rank: number;
}

const SQL = {
  lists: `SELECT d.LdID, d.LdName, (SELECT count(DISTINCT e.LeTermLC) FROM local_dictionary_entries e
                                     WHERE e.LeLdID = d.LdID AND e.LeFrequencyRank IS NOT NULL) AS words
            FROM local_dictionaries d
           WHERE d.LdLgID = @language AND d.LdImporting = 0 AND ${ownerSql('d.LdUsID')}
             AND EXISTS (SELECT 1 FROM local_dictionary_entries e WHERE e.LeLdID = d.LdID AND e.LeFrequencyRank IS NOT NULL)
           ORDER BY d.LdPriority DESC, d.LdID`,
  // Ties of rank keep the list's own order (its first row).
  ranked: `SELECT min(e.LeTerm) AS word, e.LeTermLC AS key, min(e.LeFrequencyRank) AS rank
             FROM local_dictionaries d JOIN local_dictionary_entries e ON e.LeLdID = d.LdID
            WHERE d.LdID = @id AND d.LdLgID = @language AND d.LdImporting = 0 AND ${ownerSql('d.LdUsID')}
              AND e.LeFrequencyRank IS NOT NULL AND e.LeTermLC <> ''
            GROUP BY e.LeTermLC
            ORDER BY rank, min(e.LeID)`,
};

function lists(sqlite: Sqlite, owner: number | null, languageId: number): FrequencyList[] {
  return stmt(sqlite, SQL.lists).all({ language: languageId, owner }) as FrequencyList[];
}

/** The language's frequency lists the caller owns, highest priority first. */
export function frequencyLists(ctx: HandlerContext, languageId: number): FrequencyList[] {
  return lists(ctx.sqlite, ownerOf(ctx.user), languageId);
}

/** Every ranked word of one owned list of the language, most frequent first; null when no such list. */
export function rankedWords(ctx: HandlerContext, languageId: number, dictionaryId: number): RankedWord[] | null {
  if (!frequencyLists(ctx, languageId).some((l) => l.LdID === dictionaryId)) return null;
  return stmt(ctx.sqlite, SQL.ranked).all({ id: dictionaryId, language: languageId, owner: ownerOf(ctx.user) }) as RankedWord[];
}
