// Korean stems (issue 46), measured: the gold word → stem pairs of UD Korean GSD dev and Kaist dev (made by
// scripts/korean-stems.ts into tests/fixtures/lemmas/ko-*.tsv), shared by bench/korean.bench.ts and
// scripts/lemma-quality.ts. The shipped model is trained on both files, so its figure on GSD dev is taken by
// cross-validation: GSD dev in 5 contiguous folds, each stemmed by a model trained on Kaist dev and the other
// four folds. The cross-treebank figure (trained on Kaist dev alone, measured on all of GSD dev) shares no
// sentence with its training data at all.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKoreanStemmer, trainKoreanStems } from '../src-shared/lemmas/korean/stemmer';
import type { KoreanGoldPair } from '../src-shared/lemmas/korean/ud-gold';
import type { LemmaQuality } from '../src-shared/lemmas/quality';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
export const KOREAN_FIXTURES = path.join(root, 'tests', 'fixtures', 'lemmas');
export const KOREAN_FOLDS = 5;

const pct = (n: number, of: number) => Math.round((1000 * n) / Math.max(1, of)) / 10;

export function readKoreanPairs(name: 'gsd' | 'kaist'): KoreanGoldPair[] {
  const text = fs.readFileSync(path.join(KOREAN_FIXTURES, `ko-${name}-dev.tsv`), 'utf8');
  return text
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [form, stem, bare] = l.split('\t');
      return bare ? { form, stem, bare: true } : { form, stem };
    });
}

export interface KoreanScore {
  pairs: number;
  /** Words given a stem (every Hangul word is: the stemmer never abstains). */
  answered: number;
  correct: number;
  /** Words without a particle or ending left as they are. */
  kept: number;
  accuracy: number;
  /** Of the words without a particle or ending, the share left as they are, %. */
  bareKept: number;
  misses: string[];
}

function score(train: readonly KoreanGoldPair[], test: readonly KoreanGoldPair[]): KoreanScore {
  const stemmer = createKoreanStemmer(trainKoreanStems(train, ''));
  let correct = 0;
  let answered = 0;
  let kept = 0;
  const misses: string[] = [];
  for (const { form, stem, bare } of test) {
    if (bare) {
      if (stemmer.stem(form) === form) kept++;
      continue;
    }
    const got = stemmer.stem(form);
    if (got !== null) answered++;
    if (got === stem) correct++;
    else misses.push(`${form}→${got ?? '∅'} (gold ${stem})`);
  }
  const pairs = test.filter((p) => !p.bare).length;
  return { pairs, answered, correct, accuracy: pct(correct, pairs), bareKept: pct(kept, test.length - pairs), kept, misses };
}

/**
 * GSD dev by cross-validation, Kaist dev always in training (the shipped model's figure). `foldsRun` < KOREAN_FOLDS
 * measures only the first folds (the bench's quick run).
 */
export function koreanCrossValidated(foldsRun = KOREAN_FOLDS): KoreanScore {
  const gsd = readKoreanPairs('gsd');
  const kaist = readKoreanPairs('kaist');
  let correct = 0;
  let answered = 0;
  let kept = 0;
  let pairs = 0;
  let bare = 0;
  const misses: string[] = [];
  for (let i = 0; i < foldsRun; i++) {
    const a = Math.floor((i * gsd.length) / KOREAN_FOLDS);
    const b = Math.floor(((i + 1) * gsd.length) / KOREAN_FOLDS);
    const s = score([...kaist, ...gsd.slice(0, a), ...gsd.slice(b)], gsd.slice(a, b));
    correct += s.correct;
    answered += s.answered;
    kept += s.kept;
    pairs += s.pairs;
    bare += b - a - s.pairs;
    misses.push(...s.misses);
  }
  return { pairs, answered, correct, accuracy: pct(correct, pairs), bareKept: pct(kept, bare), kept, misses };
}

/** Trained on Kaist dev alone, measured on GSD dev: another treebank, another annotation team. */
export const koreanCrossTreebank = (): KoreanScore => score(readKoreanPairs('kaist'), readKoreanPairs('gsd'));

/** The row of src-shared/lemmas/quality.json that gates Korean auto-fill (issue 30), from the cross-validation. */
export function koreanQuality(): LemmaQuality {
  const s = koreanCrossValidated();
  return {
    source: 'UD Korean GSD dev (gold stems, 5-fold cross-validation, Kaist dev in training)',
    license: 'CC BY-SA 4.0',
    pairs: s.pairs,
    accuracy: pct(s.correct, s.answered),
    coverage: pct(s.answered, s.pairs),
    wrong_rate: pct(s.answered - s.correct, s.pairs),
  };
}
