// Runs in: any process. A language's form → lemma table built from running text (Universal Dependencies
// treebanks' train and dev files) plus a small hand-written table of the commonest irregular forms
// (resources/lemma-tables/, scripts/build-form-tables.ts, docs/vocabulary.md "Lemmas a learner can trust").
// It answers before the Hunspell analyser: a table entry is what annotators gave that form most often in
// running text, where the analyser guesses among readings ("casa" → casar, "fue" → fue).
//
// The shipped file: UTF-8 lines `form<TAB>lemma`, forms lowercase, one line per form (the lemma chosen by
// frequency, see chooseLemma), `#` comments; gzip-compressed.

/** Lemma counts of one form: lemma → UPOS → occurrences. */
export type FormCounts = Map<string, Map<string, number>>;

/** Folding every table and lookup shares: NFC, lowercase. */
export const foldForm = (s: string): string => s.normalize('NFC').toLowerCase();

/** Counts form → lemma → UPOS over sentences (every part of speech: a learner may save any word). */
export function countForms(words: Iterable<{ form: string; lemma: string; upos: string }>, into = new Map<string, FormCounts>()): Map<string, FormCounts> {
  for (const w of words) {
    if (!w.form || !w.lemma || w.lemma === '_' || w.upos === 'PUNCT' || w.upos === 'SYM' || w.upos === 'NUM' || w.upos === 'X') continue;
    const form = foldForm(w.form);
    if (/\s/.test(form)) continue;
    let lemmas = into.get(form);
    if (!lemmas) into.set(form, (lemmas = new Map()));
    let byPos = lemmas.get(w.lemma);
    if (!byPos) lemmas.set(w.lemma, (byPos = new Map()));
    byPos.set(w.upos, (byPos.get(w.upos) ?? 0) + 1);
  }
  return into;
}

const total = (byPos: Map<string, number>) => [...byPos.values()].reduce((a, b) => a + b, 0);

/**
 * The lemma a form gets without its sentence: the one annotators gave it most often (ties: the one that is
 * a content word more often, then the shorter, then alphabetical, so builds are reproducible). Proper-noun
 * readings count least: "Casa" in a name must not make "casa" a name.
 */
export function chooseLemma(lemmas: FormCounts, upos?: string): string {
  let best = '';
  let bestScore = -1;
  for (const [lemma, byPos] of lemmas) {
    const score = upos ? (byPos.get(upos) ?? 0) * 1000 + total(byPos) : total(byPos) - (byPos.get('PROPN') ?? 0) * 0.5;
    if (score > bestScore || (score === bestScore && (lemma.length < best.length || (lemma.length === best.length && lemma < best)))) {
      best = lemma;
      bestScore = score;
    }
  }
  return best;
}

/** One language's table, ready to look up. */
export interface FormTable {
  lemma(word: string): string | null;
  size: number;
}

export function formTableFromMap(map: ReadonlyMap<string, string>): FormTable {
  return { lemma: (word) => map.get(foldForm(word.trim())) ?? null, size: map.size };
}

/** Reads the shipped `form<TAB>lemma` text. Later lines win (the hand-written rows come last). */
export function parseFormTable(text: string): FormTable {
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    const lemma = line.slice(tab + 1).trim();
    if (lemma) map.set(foldForm(line.slice(0, tab)), lemma);
  }
  return formTableFromMap(map);
}

/** Writes a table as the shipped text, sorted by form so a rebuild diffs cleanly. */
export function serializeFormTable(rows: ReadonlyMap<string, string>, header: readonly string[] = []): string {
  const lines = header.map((h) => `# ${h}`);
  for (const form of [...rows.keys()].sort()) lines.push(`${form}\t${rows.get(form)}`);
  return lines.join('\n') + '\n';
}

/** The table first, then the analyser for forms running text never showed. */
export const withFormTable =
  (table: FormTable | null, fallback: (word: string) => string | null) =>
  (word: string): string | null =>
    table?.lemma(word) ?? fallback(word);
