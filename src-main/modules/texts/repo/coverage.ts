// Runs in: main. The known share of running words of many texts at once, for the library's coverage column and its
// sort (issue 50; the definition is docs/books.md "Coverage": a running word is known when its term has status 5,
// 98 or 99, or when it lies inside a multi-word term with one of those statuses). Callers pass ids of texts the user
// owns (from an owner-scoped list).
import type { Sqlite } from '../../../db/connection';
import { stmt } from '../../../db/sql';

export interface RunningCoverage {
  /** Running words (a word met 12 times counts 12 times). */
  words: number;
  /** Running words known now. */
  known: number;
}

/**
 * One statement for every text: each running word tested against the set of known terms of the texts' languages
 * (built once; a third faster than reading each form's term), then texts holding a known multi-word term add the
 * words it covers that are not known on their own (a few texts: their single words are read in order).
 */
export function runningCoverage(sqlite: Sqlite, textIds: readonly number[]): Map<number, RunningCoverage> {
  const ids = JSON.stringify(textIds);
  const rows = stmt(
    sqlite,
    `SELECT Ti2TxID AS id, count(*) AS words,
            sum(Ti2WoID IN (SELECT WoID FROM words WHERE WoStatus IN (5, 98, 99)
                            AND WoLgID IN (SELECT DISTINCT TxLgID FROM texts WHERE TxID IN (SELECT value FROM json_each(@ids))))) AS known
     FROM word_occurrences WHERE Ti2TxID IN (SELECT value FROM json_each(@ids)) AND Ti2WordCount = 1 GROUP BY Ti2TxID`,
  ).all({ ids }) as { id: number; words: number; known: number }[];
  const map = new Map<number, RunningCoverage>();
  for (const id of textIds) map.set(id, { words: 0, known: 0 });
  for (const r of rows) map.set(r.id, { words: r.words, known: r.known ?? 0 });
  for (const [id, extra] of coveredByPhrases(sqlite, ids)) map.get(id)!.known += extra;
  return map;
}

/** Per text, the running words inside known multi-word terms that are not known on their own (each counted once). */
function coveredByPhrases(sqlite: Sqlite, ids: string): Map<number, number> {
  const phrases = stmt(
    sqlite,
    `SELECT Ti2TxID AS text, Ti2Order AS "order", Ti2WordCount AS words
     FROM json_each(?) j JOIN word_occurrences ON Ti2TxID = j.value AND Ti2WordCount > 1 AND Ti2WoID IS NOT NULL
     JOIN words ON WoID = Ti2WoID AND WoStatus IN (5, 98, 99)`,
  ).all(ids) as { text: number; order: number; words: number }[];
  const byText = new Map<number, { order: number; words: number }[]>();
  for (const p of phrases) byText.set(p.text, [...(byText.get(p.text) ?? []), p]);
  const extra = new Map<number, number>();
  const inOrder = stmt(
    sqlite,
    `SELECT Ti2Order AS "order", coalesce(WoStatus IN (5, 98, 99), 0) AS known
     FROM word_occurrences LEFT JOIN words ON WoID = Ti2WoID WHERE Ti2TxID = ? AND Ti2WordCount = 1 ORDER BY Ti2Order`,
  );
  for (const [text, list] of byText) {
    const words = inOrder.all(text) as { order: number; known: number }[];
    const seen = new Set<number>();
    let added = 0;
    for (const p of list) {
      let lo = 0;
      let hi = words.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (words[mid].order < p.order) lo = mid + 1;
        else hi = mid;
      }
      for (let i = lo; i < Math.min(words.length, lo + p.words); i++) {
        if (seen.has(i) || words[i].known) continue;
        seen.add(i);
        added++;
      }
    }
    extra.set(text, added);
  }
  return extra;
}

/** known / words as a percentage with one decimal (0 for a text without words), as computeCoverage rounds it. */
export const knownPct = (c: RunningCoverage) => (c.words ? Math.round((1000 * c.known) / c.words) / 10 : 0);

/** The texts where any of these terms is linked (the partial index on Ti2WoID). */
export function textsHoldingTerms(sqlite: Sqlite, termIds: readonly number[]): number[] {
  return (
    stmt(sqlite, `SELECT DISTINCT Ti2TxID AS id FROM word_occurrences WHERE Ti2WoID IN (SELECT value FROM json_each(?))`).all(JSON.stringify(termIds)) as {
      id: number;
    }[]
  ).map((r) => r.id);
}
