// Korean stems (issue 46), measured on the gold stems of UD Korean GSD dev (bench/korean-stems.ts says how;
// never a test file): of the running Hangul words that carry a particle or an ending, the share given the
// right stem (학교에서 → 학교, 앞둔 → 앞두다, 했다 → 하다).
//   ko_stem_accuracy:               the shipped method, 5-fold cross-validation (Kaist dev in every training set);
//   ko_stem_bare_kept:              the same folds' words without a particle or ending (학교, 함께) left as they are;
//   ko_stem_accuracy_cross_treebank: trained on Kaist dev alone, measured on all of GSD dev;
//   ko_stem_model_load_ms:           reading the shipped model (resources/korean-stems/model.json), once a process
//                                    (and its CPU time, which a loaded machine inflates far less);
//   ko_stem_lookup_us:               mean time to stem one word of GSD dev with it.
// KOREAN_BENCH_VERBOSE=1 prints the misses.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createKoreanStemmer, type KoreanStemModel } from '../src-shared/lemmas/korean/stemmer';
import { KOREAN_FOLDS, koreanCrossTreebank, koreanCrossValidated, readKoreanPairs } from './korean-stems';
import { ms, now, sized } from './helpers';
import type { Report } from './run';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export default function korean(report: Report): void {
  // A quick run measures one fold of the five.
  const cv = koreanCrossValidated(sized(KOREAN_FOLDS, 1));
  report('ko_stem_accuracy', cv.accuracy, '%');
  report('ko_stem_bare_kept', cv.bareKept, '%');
  if (process.env.KOREAN_BENCH_VERBOSE) console.log(cv.misses.join('\n'));
  report('ko_stem_accuracy_cross_treebank', koreanCrossTreebank().accuracy, '%');

  const t = now();
  const cpu = process.cpuUsage();
  const model = JSON.parse(fs.readFileSync(path.join(root, 'resources', 'korean-stems', 'model.json'), 'utf8')) as KoreanStemModel;
  const stemmer = createKoreanStemmer(model);
  const used = process.cpuUsage(cpu);
  report('ko_stem_model_load_ms', ms(t), 'ms');
  report('ko_stem_model_load_cpu_ms', (used.user + used.system) / 1000, 'ms');
  const words = readKoreanPairs('gsd').map((p) => p.form);
  // Unseen words take the rule path; the shipped model has seen every GSD dev word, so time a made-up variant too.
  const unseen = words.map((w) => `${w.slice(0, -1)}까지`);
  const t2 = now();
  for (const w of [...words, ...unseen]) stemmer.stem(w);
  report('ko_stem_lookup_us', (ms(t2) * 1000) / (2 * words.length), 'µs');
}
