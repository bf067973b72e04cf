// Runs in: any process. Coverage of a span of running words (a text, a chapter, a book): the share known now and
// the exact number N of words to learn to know 95 % (98 %) of it (issue 50, docs/books.md "Coverage").
//
// Definitions:
// - Running words: every word token (a word met 12 times counts 12 times), never the distinct forms.
// - Known: a running word whose own term has status 5, 98 (ignored) or 99 (well known), or that lies inside a
//   multi-word term with one of these statuses (the phrase counts for the words it covers).
// - The list: the running words not known, grouped by form, or by lemma family where the language fills lemmas
//   (learning the family covers every form of it: the family is one entry), most running words first, ties broken
//   by first occurrence in the span. A family's entry is named by its lemma when the lemma itself is one of the
//   forms still to learn, else by its first-met form (saved as a term, the form gets its lemma from the terms
//   module): an automatic lemma can be wrong ("red" → "re"), and a word the span never spells has no sentence.
// - N for a target share p: the smallest n such that the known running words plus those of the first n entries
//   reach p of all running words (0 when they already do). Compared in integers: 100·covered ≥ p·total.

/** Statuses whose running words count as known. */
export const KNOWN_STATUSES: ReadonlySet<number> = new Set([5, 98, 99]);

export function isKnownStatus(status: number | null | undefined): boolean {
  return status != null && KNOWN_STATUSES.has(status);
}

/** One distinct word form of the span. */
export interface CoverageForm {
  /** The lowercased form. */
  form: string;
  /** Its running words in the span. */
  count: number;
  /** Position (any increasing order: token index, or chapter·big + Ti2Order) of its first running word. */
  first: number;
  /** The status of the form's own term, or null when it has none. */
  status: number | null;
  /** Running words of this form inside a known multi-word term (never more than `count`). */
  coveredByPhrase?: number;
  /** The lemma (lowercased) when the language fills lemmas and it differs from the form; the family key. */
  lemma?: string | null;
}

export interface CoverageEntry {
  /** The word to learn: a form of the span (the family's lemma when the span spells it, else its first-met form). */
  word: string;
  /** The family's lemma when the entry is a family (more than its own form), else null. */
  lemma: string | null;
  /** Running words not yet known that learning it would cover. */
  count: number;
  /** The forms it covers, first met first. */
  forms: string[];
  /** Position of its first running word not yet known. */
  first: number;
  /** The form met first (for its sentence): the word itself, or a form of its family. */
  firstForm: string;
}

export interface Coverage {
  /** All running words. */
  words: number;
  /** Running words known now. */
  known: number;
  /** known / words, 0..100 with one decimal (0 for an empty span). */
  known_pct: number;
  /** Words to learn to reach 95 % of running words. */
  n95: number;
  /** Words to learn to reach 98 %. */
  n98: number;
  /** Every word not yet known, most running words first, ties by first occurrence. */
  entries: CoverageEntry[];
}

/** The smallest number of entries (taken in order) that lifts `known` to `pct` % of `total`. */
export function wordsToReach(pct: number, total: number, known: number, entries: readonly { count: number }[]): number {
  let covered = known;
  let n = 0;
  while (100 * covered < pct * total && n < entries.length) covered += entries[n++].count;
  return n;
}

export function computeCoverage(forms: readonly CoverageForm[]): Coverage {
  let words = 0;
  let known = 0;
  const byKey = new Map<string, CoverageEntry>();
  for (const f of forms) {
    words += f.count;
    const knownHere = isKnownStatus(f.status) ? f.count : Math.min(f.count, Math.max(0, f.coveredByPhrase ?? 0));
    known += knownHere;
    const open = f.count - knownHere;
    if (open <= 0) continue;
    const key = f.lemma && f.lemma !== f.form ? f.lemma : f.form;
    const entry = byKey.get(key);
    if (!entry) {
      byKey.set(key, { word: key, lemma: key === f.form ? null : key, count: open, forms: [f.form], first: f.first, firstForm: f.form });
      continue;
    }
    entry.count += open;
    entry.forms.push(f.form);
    if (f.first < entry.first) {
      entry.first = f.first;
      entry.firstForm = f.form;
    }
  }
  const entries = [...byKey.values()];
  for (const e of entries) {
    if (e.forms.length > 1) e.forms = sortByFirst(e.forms, forms);
    if (e.forms.length > 1 || e.forms[0] !== e.word) e.lemma = e.word;
    if (!e.forms.includes(e.word)) e.word = e.firstForm;
  }
  entries.sort((a, b) => b.count - a.count || a.first - b.first);
  return {
    words,
    known,
    known_pct: words ? Math.round((1000 * known) / words) / 10 : 0,
    n95: wordsToReach(95, words, known, entries),
    n98: wordsToReach(98, words, known, entries),
    entries,
  };
}

function sortByFirst(names: string[], forms: readonly CoverageForm[]): string[] {
  const at = new Map(forms.map((f) => [f.form, f.first]));
  return [...names].sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
}
