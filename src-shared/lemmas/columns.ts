// Runs in: any process. Which column of a two-column lemma list holds the lemma: a lemma has several forms,
// so the lemma column repeats its values (michmech/lemmatization-lists: "lemma<TAB>form"; the spec's files:
// "form<TAB>lemma"). Ties (a list of one form per lemma) keep the spec's order, lemma second.

export function detectLemmaColumn(rows: readonly (readonly [string, string])[]): { lemma_column: 1 | 2; confidence: number } {
  if (rows.length === 0) return { lemma_column: 2, confidence: 0 };
  const repeats = (col: 0 | 1) => {
    const seen = new Set<string>();
    let dup = 0;
    for (const r of rows) {
      const v = r[col].toLowerCase();
      if (seen.has(v)) dup++;
      else seen.add(v);
    }
    return dup / rows.length;
  };
  const first = repeats(0);
  const second = repeats(1);
  return first > second ? { lemma_column: 1, confidence: first - second } : { lemma_column: 2, confidence: second - first };
}
