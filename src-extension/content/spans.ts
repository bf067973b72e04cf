// Runs in: the extension's content script (pure: no DOM; unit-tested in tests/unit/extension-spans.test.ts). Reading
// the server's compact `spans` answer (POST /api/v1/annotate): a block's words, its sentences, a page's counts, and
// where a phrase saved as a multi-word term occurs, so the page recolours in place instead of being annotated again.
import type { AnnotatedSpansBlock, AnnotateSpans } from '../../src-shared/contract/extension';
import { computeCoverage, isKnownStatus, type CoverageForm } from '../../src-shared/word-coverage/coverage';

/** One word of a block as the answer gives it: its form (WoTextLC) and characters [start, end) of the block's text. */
export interface SpanWord {
  lc: string;
  /** Index into the answer's `words` table. */
  form: number;
  /** -1 (and end -1) when the parser changed the word, so it is not in the text as sent. */
  start: number;
  end: number;
}

/** The block's words in order, from its `w` triples (gap from the previous word found, length, form index). */
export function blockWords(w: readonly number[], lcs: readonly string[]): SpanWord[] {
  const out: SpanWord[] = [];
  let pos = 0;
  for (let j = 0; j < w.length; j += 3) {
    const word: SpanWord = { lc: lcs[w[j + 2]], form: w[j + 2], start: -1, end: -1 };
    if (w[j] >= 0) {
      word.start = pos + w[j];
      word.end = pos = word.start + w[j + 1];
    }
    out.push(word);
  }
  return out;
}

/** The sentence around character `at` of a block's text (sentence k is [s[2k], s[2k + 1])), spaces as one. */
export function sentenceAt(sentences: readonly number[], text: string, at: number): string {
  let k = 0;
  while (2 * (k + 1) < sentences.length && sentences[2 * (k + 1)] <= at) k++;
  const sentence = sentences.length ? text.slice(sentences[2 * k], sentences[2 * k + 1]) : text;
  return sentence.replace(/\s+/g, ' ').trim();
}

const KNOWN = new Set([5, 98, 99]);

/** Running words, distinct unknown words and the known share (statuses 5, 98, 99) of blocks, as the library counts them. */
export function countWords(
  blocks: readonly { answer: Pick<AnnotatedSpansBlock, 'w'>; table: Pick<AnnotateSpans, 'words'> }[],
  statusOf: (lc: string) => number,
): { words: number; unknown: number; known_pct: number } {
  let words = 0;
  let known = 0;
  const unknown = new Set<string>();
  for (const { answer, table } of blocks)
    for (let j = 2; j < answer.w.length; j += 3) {
      const lc = table.words.lc[answer.w[j]];
      const status = statusOf(lc);
      words++;
      if (KNOWN.has(status)) known++;
      if (status === 0) unknown.add(lc);
    }
  return { words, unknown: unknown.size, known_pct: words === 0 ? 0 : Math.round((known / words) * 1000) / 10 };
}

/** A page's coverage (issue 50): how many words to learn to know 95 % (98 %) of its running words. */
export interface PageCoverage {
  words: number;
  known_pct: number;
  n95: number;
  n98: number;
}

/**
 * The page's coverage by the library's definition (src-shared/word-coverage): running words, known ones (statuses 5,
 * 98, 99, or inside a known multi-word term), and the words to learn, most frequent first, a lemma family (the
 * reader's lemma hints) as one entry.
 */
export function pageCoverage(
  blocks: readonly {
    answer: Pick<AnnotatedSpansBlock, 'w' | 'm'>;
    table: Pick<AnnotateSpans, 'words' | 'multis'> & { lemmaOf: ReadonlyMap<number, string> };
  }[],
  statusOf: (lc: string) => number,
  multiStatusOf: (lc: string) => number,
): PageCoverage {
  const forms = new Map<string, CoverageForm>();
  let position = 0;
  for (const { answer, table } of blocks) {
    const covered = new Set<number>();
    for (let k = 0; k + 2 < answer.m.length; k += 3)
      if (isKnownStatus(multiStatusOf(table.multis.lc[answer.m[k + 2]]))) for (let i = 0; i < answer.m[k + 1]; i++) covered.add(answer.m[k] + i);
    for (let j = 2, i = 0; j < answer.w.length; j += 3, i++, position++) {
      const lc = table.words.lc[answer.w[j]];
      let f = forms.get(lc);
      if (!f) {
        const status = statusOf(lc);
        const lemma = table.lemmaOf.get(answer.w[j])?.toLowerCase();
        forms.set(
          lc,
          (f = { form: lc, count: 0, first: position, status: status === 0 ? null : status, coveredByPhrase: 0, lemma: lemma !== lc ? lemma : null }),
        );
      }
      f.count++;
      if (covered.has(i)) f.coveredByPhrase!++;
    }
  }
  const c = computeCoverage([...forms.values()]);
  return { words: c.words, known_pct: c.known_pct, n95: c.n95, n98: c.n98 };
}

/** What finding phrases needs of a word. */
type Placed = Pick<SpanWord, 'lc' | 'start' | 'end'>;

/** A phrase as consecutive words: their forms and the text between each two (spaces as one, lowercased). */
export interface Phrase {
  lcs: string[];
  gaps: string[];
}

const gap = (text: string, from: number, to: number) => text.slice(from, to).replace(/\s+/g, ' ').toLowerCase();

/** The phrase of words [first, last] of a block (null when one of them is not in the text as sent). */
export function phraseOf(words: readonly Placed[], text: string, first: number, last: number): Phrase | null {
  const run = words.slice(first, last + 1);
  if (run.length === 0 || run.some((w) => w.start < 0)) return null;
  return { lcs: run.map((w) => w.lc), gaps: run.slice(1).map((w, k) => gap(text, run[k].end, w.start)) };
}

/**
 * Where a phrase occurs in a block: the index of the first word of every run of consecutive words with the phrase's
 * forms and the same text between them (so "guten Morgen" is found in "Guten  Morgen," but not in "guten. Morgen").
 */
export function phraseRuns(words: readonly Placed[], text: string, phrase: Phrase): number[] {
  const n = phrase.lcs.length;
  const out: number[] = [];
  for (let i = 0; i + n <= words.length; i++) {
    let k = 0;
    while (
      k < n &&
      words[i + k].lc === phrase.lcs[k] &&
      words[i + k].start >= 0 &&
      (k === 0 || gap(text, words[i + k - 1].end, words[i + k].start) === phrase.gaps[k - 1])
    )
      k++;
    if (k === n) out.push(i);
  }
  return out;
}
