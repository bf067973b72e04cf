// Word segmentation of the scripts without spaces (issue 46), against Universal Dependencies dev files:
// - zh_segment_f1_simplified / _traditional: word F1 (words with a Han character) of the Chinese presets, by
//   5-fold cross-validation over UD Chinese GSDSimp dev (the shipped model is trained on all of that file, so
//   measuring it there would be measuring its training data). The traditional figure is UD Chinese GSD dev (the
//   same sentences, traditional script), each fold held out in both scripts.
// - zh_segment_100k_chars_ms: the shipped segmenter parsing 100,000 characters of dev text (median of 5).
// - zh_correction_reparse_100k_chars_ms: a word correction made in the reader (POST /texts/{id}/word-corrections,
//   dispatched on a core) on a stored text of 100,000 characters: saving it and parsing and storing the open text
//   again before the answer (median of 5 corrections, each a different string).
// - vi_segment_f1: the Vietnamese preset (syllables joined into words) on UD Vietnamese VTB dev.
// Dev files: ZH_GSDSIMP_DEV / ZH_GSD_DEV (.conllu paths), else the compact copies in bench/data/.
import type { Report } from './run';
import { devSentences } from './segment-eval';
import { loadChineseAnalyzer } from '../src-main/modules/analysis/chinese';
import { parseColumns } from '../src-shared/text/tokenize';
import { crossValidate, chinesePreset, zhSentences } from '../scripts/zh-segmenter-cv';
import { zhSegmenterData, encodeWeights } from '../src-shared/text/zh/segmenter';
import { Weights } from '../src-shared/text/zh/segment-model';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { resourcesDir } from '../src-main/core/paths';
import { vietnameseF1 } from '../scripts/vi-segmenter-eval';
import { benchCore, sized } from './helpers';
import type { ParsedColumns } from '../src-shared/text/token-columns';
import { tokenTextAt, WORD } from '../src-shared/text/token-columns';

/** Folds of the cross-validation (each trains a segmenter), and parses or corrections timed (the first left out). */
const FOLDS = sized(5, 2);
const RUNS = sized(6, 3);
const middle = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)];

const skipped = (name: string) => console.log(`${name}: skipped (no dev file)`);

function chinese(report: Report): Promise<void> | void {
  const simplified = devSentences('ZH_GSDSIMP_DEV', 'zh-gsdsimp-dev');
  const traditional = devSentences('ZH_GSD_DEV', 'zh-gsd-dev');
  if (!simplified || !traditional) {
    for (const n of ['zh_segment_f1_simplified', 'zh_segment_f1_traditional', 'zh_segment_100k_chars_ms']) skipped(n);
    return;
  }
  const read = (f: string) => zlib.gunzipSync(fs.readFileSync(path.join(resourcesDir(), 'zh', f)));
  const base = zhSegmenterData(encodeWeights(new Weights(2)), read('words.txt.gz').toString('utf8'), read('traditional-simplified.txt.gz').toString('utf8'));
  const cv = crossValidate(zhSentences(simplified, traditional), base, FOLDS);
  report('zh_segment_f1_simplified', Number((100 * cv.simplified.f1).toFixed(1)), `% (${FOLDS}-fold CV, UD GSDSimp dev)`);
  report('zh_segment_f1_traditional', Number((100 * cv.traditional.f1).toFixed(1)), `% (${FOLDS}-fold CV, UD GSD dev)`);
  return loadChineseAnalyzer().then((analyzer) => {
    let text = '';
    while (text.length < 100_000) text += simplified.map((s) => s.text).join('\n') + '\n';
    text = text.slice(0, 100_000);
    const lang = chinesePreset();
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      const u = process.cpuUsage();
      parseColumns(text, lang, analyzer);
      if (i > 0) {
        times.push(performance.now() - t);
        cpu.push(process.cpuUsage(u).user / 1000);
      }
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    report('zh_segment_100k_chars_ms', Math.round(middle(times)), 'ms');
    // The same parse in CPU time of this thread: on a loaded machine the wall clock counts the waits too.
    report('zh_segment_100k_chars_cpu_ms', Math.round(middle(cpu)), 'ms');
    return correctionReparse(report, text, parseColumns(text, lang, analyzer));
  });
}

/** Pairs of neighbouring words of the parse (written together), to join: each correction a string of its own. */
function neighbours(parsed: ParsedColumns, count: number): string[][] {
  const pairs: string[][] = [];
  const seen = new Set<string>();
  for (let i = 0; i + 1 < parsed.count && pairs.length < count; i++) {
    if (parsed.kind[i] !== WORD || parsed.kind[i + 1] !== WORD || parsed.order[i + 1] !== parsed.order[i] + 1) continue;
    const pair = [tokenTextAt(parsed, i), tokenTextAt(parsed, i + 1)];
    if (seen.has(pair.join(''))) continue;
    seen.add(pair.join(''));
    pairs.push([pair.join('')]);
  }
  return pairs;
}

async function correctionReparse(report: Report, text: string, parsed: ParsedColumns): Promise<void> {
  const core = benchCore();
  try {
    const lang = (await core.dispatch('languages.create', { LgName: 'Chinese (Simplified)' })) as { LgID: number };
    const stored = (await core.dispatch('texts.create', { TxLgID: lang.LgID, TxTitle: '100k', TxText: text })) as { TxID: number };
    const times: number[] = [];
    const cpu: number[] = [];
    for (const parts of neighbours(parsed, RUNS)) {
      await core.services.jobs?.idle();
      const t = performance.now();
      const u = process.cpuUsage();
      await core.dispatch('reader.correctWords', { id: stored.TxID, parts });
      times.push(performance.now() - t);
      cpu.push(process.cpuUsage(u).user / 1000);
    }
    // The first correction also loads what a first parse loads (statements, the forms cache): left out.
    times.shift();
    cpu.shift();
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    report('zh_correction_reparse_100k_chars_ms', Math.round(middle(times)), 'ms');
    report('zh_correction_reparse_100k_chars_cpu_ms', Math.round(middle(cpu)), 'ms');
  } finally {
    core.cleanup();
  }
}

/** vi_segment_f1: the Vietnamese preset's word F1 (words with a letter) on UD Vietnamese VTB dev; the word list is from its train file. */
function vietnamese(report: Report): void {
  const dev = devSentences('VI_VTB_DEV', 'vi-vtb-dev');
  if (!dev) return skipped('vi_segment_f1');
  const words = zlib.gunzipSync(fs.readFileSync(path.join(resourcesDir(), 'vi', 'words.txt.gz'))).toString('utf8');
  report('vi_segment_f1', Number((100 * vietnameseF1(dev, new Set(words.split('\n').filter(Boolean))).f1).toFixed(1)), '% (UD VTB dev)');
}

export default async function run(report: Report): Promise<void> {
  await chinese(report);
  vietnamese(report);
  // Universal Dependencies has no Thai dev file (UD Thai-PUD is a test file only, and test files are never read).
  console.log('th_segment_f1: skipped (no UD Thai dev file: UD_Thai-PUD has a test file only)');
}
