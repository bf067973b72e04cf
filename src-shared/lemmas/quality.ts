// Runs in: any process. How far a language's automatic lemmas can be trusted (issue 30): the measured table
// (quality.json, written by scripts/lemma-quality.ts from the independent lists in tests/fixtures/lemmas) and
// the rule that reads it. A language fills terms' lemmas on its own only when its list has enough pairs, its
// accuracy is at least 85 % and its wrong-answer rate below 10 %; otherwise its automatic lemma is only
// offered as an "unsure" suggestion. A wrong lemma files a word under a false family without a word said,
// which is worse than none, so a language without a list is unsure too.
// Issue 47: a language measured on running text (the content words of a Universal Dependencies dev file,
// token-weighted: `running`) fills when that figure is at least 95 % and its random-form list, where it has
// one, still gives a wrong answer for fewer than 10 % of its forms; a language without a running figure keeps
// the issue 30 rule (English).
// The attribute: Node's own loader (Playwright loads main's modules through it) requires it for JSON.
import measured from './quality.json' with { type: 'json' };

export const LEMMA_BAR = { minPairs: 2000, minAccuracy: 85, maxWrongRate: 10, minRunningAccuracy: 95 } as const;

/** The running-text figure of a language (scripts/build-form-tables.ts, bench/lemmas-running.ts). */
export interface RunningQuality {
  /** Percent of the content-word tokens (NOUN, VERB, ADJ, ADV, AUX) given the annotators' lemma. */
  accuracy: number;
  /** Content-word tokens measured. */
  tokens: number;
  /** The dev file measured on (never a test file). */
  source: string;
  license: string;
  /** held-out: the table is built from other treebanks; folds: from this file, measured on 5 held-out folds. */
  method: 'held-out' | 'folds';
}

export interface LemmaQuality {
  /** Where the test list comes from (null: the language has none, see docs/vocabulary.md). */
  source: string | null;
  license: string | null;
  /** Form→lemma pairs in the list. */
  pairs: number;
  /** Percent of the forms given a lemma where it is one of the list's lemmas. */
  accuracy: number | null;
  /** Percent of the list's forms given a lemma at all. */
  coverage: number | null;
  /** Percent of the list's forms given a lemma that is not the list's. */
  wrong_rate: number | null;
  /** A word is its own lemma (languages written without inflection): true by definition, nothing to measure. */
  identity?: boolean;
  /** Measured on running text (issue 47); absent: not measured that way. */
  running?: RunningQuality | null;
}

export type LemmaQualityTable = Readonly<Record<string, LemmaQuality>>;

export const LEMMA_QUALITY: LemmaQualityTable = measured as LemmaQualityTable;

/** Does a measured row clear the bar? */
export function meetsBar(q: LemmaQuality | undefined): boolean {
  if (!q) return false;
  if (q.identity) return true;
  if (q.running)
    return q.running.accuracy >= LEMMA_BAR.minRunningAccuracy && (q.pairs === 0 || (q.wrong_rate !== null && q.wrong_rate < LEMMA_BAR.maxWrongRate));
  return (
    q.pairs >= LEMMA_BAR.minPairs &&
    q.accuracy !== null &&
    q.accuracy >= LEMMA_BAR.minAccuracy &&
    q.wrong_rate !== null &&
    q.wrong_rate < LEMMA_BAR.maxWrongRate
  );
}

/** May the language's automatic lemmas fill terms (else: an "unsure" suggestion only)? */
export const autoFillAllowed = (iso: string, table: LemmaQualityTable = LEMMA_QUALITY): boolean => meetsBar(table[iso]);

/** One pair of a test list: the form and every lemma the list accepts for it. */
export interface LemmaPair {
  form: string;
  lemmas: string[];
}

/**
 * A test list: `form<TAB>lemma` lines (several right lemmas as "a|b"), `#` comments; `lemmaFirst` reads
 * michmech's `lemma<TAB>form` files (UTF-8 BOM, CRLF).
 */
export function parseLemmaList(text: string, lemmaFirst = false): LemmaPair[] {
  const out: LemmaPair[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('#')) continue;
    const cols = line.split('\t').map((c) => c.trim());
    if (cols.length < 2 || !cols[0] || !cols[1]) continue;
    const [form, lemma] = lemmaFirst ? [cols[1], cols[0]] : [cols[0], cols[1]];
    out.push({ form, lemmas: lemma.split('|').filter(Boolean) });
  }
  return out;
}

export interface LemmaScore {
  pairs: number;
  answered: number;
  correct: number;
  accuracy: number;
  coverage: number;
  wrong_rate: number;
  misses: string[];
}

/** Case and the Russian ё (mostly written е, and so in the Hunspell dictionary) do not make a lemma wrong. */
const fold = (s: string) => s.normalize('NFC').toLowerCase().replace(/ё/g, 'е');

const pct = (n: number, of: number) => Math.round((1000 * n) / Math.max(1, of)) / 10;

/**
 * Scores a lemma function on a list. A lemma given counts as an answer, the form itself included (the app
 * fills it just the same); it is right when it is one of the list's lemmas (case-insensitive, ё = е).
 */
export function scoreLemmas(pairs: readonly LemmaPair[], lemma: (form: string) => string | null): LemmaScore {
  let answered = 0;
  let correct = 0;
  const misses: string[] = [];
  for (const { form, lemmas } of pairs) {
    const got = lemma(form);
    if (!got) {
      misses.push(`${form}→∅ (list: ${lemmas.join('|')})`);
      continue;
    }
    answered++;
    const low = fold(got);
    if (lemmas.some((l) => fold(l) === low)) correct++;
    else misses.push(`${form}→${got} (list: ${lemmas.join('|')})`);
  }
  return {
    pairs: pairs.length,
    answered,
    correct,
    accuracy: pct(correct, answered),
    coverage: pct(answered, pairs.length),
    wrong_rate: pct(answered - correct, pairs.length),
    misses,
  };
}
