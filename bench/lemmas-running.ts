// Running-text lemma figures (issue 47): of the content-word tokens (NOUN, VERB, ADJ, ADV, AUX) of a
// Universal Dependencies dev file, token-weighted, the share whose automatic lemma is the annotators'
// (case-insensitive, ё = е). Shared by bench/lemmas.bench.ts (prints lemma_running_accuracy_{lang}) and
// scripts/build-form-tables.ts (writes the shipped tables and the figures into quality.json).
// The form table is rebuilt here from the same files the shipped one is made of (bench/ud-treebanks.ts), so a
// language whose table is built from its own measuring file is measured on held-out folds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONTENT_UPOS, type UdWord } from '../src-shared/lemmas/conllu';
import { chooseLemma, countForms, endingRulesFor, foldForm, formTableFrom, withFormTable, type FormCounts } from '../src-shared/lemmas/form-table';
import { extraPairs, readUd, UD_LANGUAGES, type UdLanguage } from './ud-treebanks';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FOLDS = 5;

/** The hand-written rows of a language (resources/lemma-tables/hand/{lang}.tsv), authored for Lectio. */
export function handRows(lang: string): Map<string, string> {
  const file = path.join(root, 'resources', 'lemma-tables', 'hand', `${lang}.tsv`);
  const out = new Map<string, string>();
  if (!fs.existsSync(file)) return out;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [form, lemma] = line.split('\t');
    if (form && lemma?.trim()) out.set(foldForm(form.trim()), lemma.trim());
  }
  return out;
}

/** How often a folded form must be in the treebanks, never under a lexicon noun, for its capital row to go. */
const SEEN_OFTEN = 2;
const timesSeen = (lemmas: FormCounts) => [...lemmas.values()].reduce((n, byPos) => n + [...byPos.values()].reduce((a, b) => a + b, 0), 0);

/**
 * Form → lemma rows from counts (frequency-chosen), then a lemma list's pairs for forms the treebanks never
 * showed, with the hand-written rows over them.
 */
export function tableRows(
  counts: ReadonlyMap<string, FormCounts>,
  hand: ReadonlyMap<string, string>,
  list?: ReadonlyMap<string, string> | null,
): Map<string, string> {
  const rows = new Map<string, string>();
  for (const [form, lemmas] of counts) rows.set(form, chooseLemma(lemmas));
  for (const [form, lemma] of list ?? []) {
    if (rows.has(form)) continue;
    // A lexicon's capitalised row (a German noun as written) for a word the treebanks saw often, never as that noun:
    // a capital there is the start of a sentence (Habe dort … in a review: haben, not die Habe).
    const seen = form !== foldForm(form) ? counts.get(foldForm(form)) : undefined;
    if (seen && !seen.has(lemma) && timesSeen(seen) >= SEEN_OFTEN) continue;
    rows.set(form, lemma);
  }
  // A capitalised row (a German noun as written) only where the folded row is not a noun already: the treebank's
  // Rate → Rate stands over the lexicon's old dative Rate → Rat.
  for (const form of [...rows.keys()]) {
    const folded = foldForm(form);
    if (folded !== form && /^\p{Lu}/u.test(rows.get(folded) ?? '')) rows.delete(form);
  }
  for (const [form, lemma] of hand) rows.set(form, lemma);
  return rows;
}

const same = (a: string, b: string) => foldForm(a).replace(/ё/g, 'е') === foldForm(b).replace(/ё/g, 'е');

export interface RunningScore {
  tokens: number;
  correct: number;
  /** Right with the table's frequency choice (what ships): the figure. */
  accuracy: number;
  /** Right if the part of speech were known (the table's lemma for the token's gold UPOS): what sentence context could reach at most. */
  uposBound: number;
  /** Tokens the table did not know (the analyser answered). */
  unknownShare: number;
  misses: Map<string, number>;
}

const pct = (n: number, of: number) => Math.round((1000 * n) / Math.max(1, of)) / 10;

function score(
  sentences: readonly UdWord[][],
  counts: ReadonlyMap<string, FormCounts>,
  rows: ReadonlyMap<string, string>,
  lookup: (form: string) => string | null,
  into: { tokens: number; correct: number; bound: number; unknown: number; misses: Map<string, number> },
) {
  for (const s of sentences)
    for (const w of s) {
      if (!CONTENT_UPOS.has(w.upos) || w.lemma === '_') continue;
      into.tokens++;
      const form = foldForm(w.form);
      if (!rows.has(form)) into.unknown++;
      const got = lookup(w.form);
      if (got !== null && same(got, w.lemma)) into.correct++;
      else into.misses.set(`${form}→${got ?? '∅'} (${w.lemma})`, (into.misses.get(`${form}→${got ?? '∅'} (${w.lemma})`) ?? 0) + 1);
      const lemmas = counts.get(form);
      const bounded = lemmas ? chooseLemma(lemmas, w.upos) : got;
      if (bounded !== null && same(bounded, w.lemma)) into.bound++;
    }
}

/** The language's sentences to build from (null when a file is missing on this machine). */
function buildSentences(lang: UdLanguage): UdWord[][] | null {
  const out: UdWord[][] = [];
  for (const file of lang.build) {
    const s = readUd(file);
    if (!s) return null;
    out.push(...s);
  }
  return out;
}

/** Every `n`-th sentence (the bench's quick run reads a fifth of each file). */
const everyNth = <T>(sentences: readonly T[], n: number): T[] => sentences.filter((_, i) => i % n === 0);

/**
 * The running-text score of a language, or null when its files are not on this machine. `sample` > 1 builds and
 * scores with only every n-th sentence of each file (the bench's quick run).
 */
export function measureRunning(
  lang: string,
  fallback: (form: string) => string | null,
  wrap: (lookup: (form: string) => string | null) => (form: string) => string | null = (l) => l,
  sample = 1,
  isHeadword?: (word: string) => boolean,
): RunningScore | null {
  const spec = UD_LANGUAGES[lang];
  if (!spec) return null;
  const measured = readUd(spec.measure);
  const read = buildSentences(spec);
  if (!measured || !read) return null;
  const measure = everyNth(measured, sample);
  const built = everyNth(read, sample);
  const hand = handRows(lang);
  const list = extraPairs(spec);
  const acc = { tokens: 0, correct: 0, bound: 0, unknown: 0, misses: new Map<string, number>() };
  if (spec.folds) {
    for (let k = 0; k < FOLDS; k++) {
      const counts = countForms(measure.filter((_, i) => i % FOLDS !== k).flat());
      const rows = tableRows(counts, hand, list);
      score(
        measure.filter((_, i) => i % FOLDS === k),
        counts,
        rows,
        wrap(withFormTable(formTableFrom(rows, endingRulesFor(lang, rows)), fallback, lang, isHeadword)),
        acc,
      );
    }
  } else {
    const counts = countForms(built.flat());
    const rows = tableRows(counts, hand, list);
    score(measure, counts, rows, wrap(withFormTable(formTableFrom(rows, endingRulesFor(lang, rows)), fallback, lang, isHeadword)), acc);
  }
  return {
    tokens: acc.tokens,
    correct: acc.correct,
    accuracy: pct(acc.correct, acc.tokens),
    uposBound: pct(acc.bound, acc.tokens),
    unknownShare: pct(acc.unknown, acc.tokens),
    misses: acc.misses,
  };
}

/** The rows to ship for a language: every build file (the measuring one too for fold languages) plus the hand rows. */
export function shippedRows(lang: string): Map<string, string> | null {
  const spec = UD_LANGUAGES[lang];
  if (!spec) return null;
  const built = buildSentences(spec);
  if (!built) return null;
  return tableRows(countForms(built.flat()), handRows(lang), extraPairs(spec));
}
