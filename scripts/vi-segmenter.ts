// Builds resources/vi/words.txt.gz (see its README.md) from UD Vietnamese VTB's train file and reports the word F1
// on its dev file. A multi-syllable word of the train file is kept when the train file writes its syllables as
// that one word at least as often as otherwise (so "cho nên" joins, a sequence that is mostly two words does not).
//   npx tsx scripts/vi-segmenter.ts build [min ratio]     (reads VI_VTB_TRAIN or the fetched treebank)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { conlluFromMirror, devSentences, readConllu, type GoldSentence } from '../bench/segment-eval';
import { MAX_SYLLABLES } from '../src-shared/text/vi/segmenter';
import { vietnameseF1 } from './vi-segmenter-eval';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const wordsFile = path.join(root, 'resources', 'vi', 'words.txt.gz');

function wordList(train: GoldSentence[], minRatio: number): string[] {
  const asWord = new Map<string, number>();
  for (const s of train) {
    for (const w of s.words) {
      const syllables = w.toLowerCase().split(' ');
      if (syllables.length < 2 || syllables.length > MAX_SYLLABLES || !syllables.every((x) => /^[\p{L}\p{M}]+$/u.test(x))) continue;
      const key = syllables.join(' ');
      asWord.set(key, (asWord.get(key) ?? 0) + 1);
    }
  }
  // How often each candidate's syllables stand in a row in the text at all (as the word or across words).
  const seen = new Map<string, number>();
  for (const s of train) {
    const syllables = s.words.join(' ').toLowerCase().split(' ');
    for (let i = 0; i < syllables.length; i++) {
      for (let n = 2; n <= MAX_SYLLABLES && i + n <= syllables.length; n++) {
        const key = syllables.slice(i, i + n).join(' ');
        if (asWord.has(key)) seen.set(key, (seen.get(key) ?? 0) + 1);
      }
    }
  }
  return [...asWord]
    .filter(([w, n]) => n / (seen.get(w) ?? n) >= minRatio)
    .map(([w]) => w)
    .sort();
}

const [command, ratio] = process.argv.slice(2);
if (command !== 'build') throw new Error('usage: vi-segmenter.ts build [min ratio]');
const trainPath = process.env.VI_VTB_TRAIN;
const train = readConllu(
  trainPath ? fs.readFileSync(trainPath, 'utf8') : conlluFromMirror('/work/.mirror/UniversalDependencies+UD_Vietnamese-VTB/repo', 'vi_vtb-ud-train.conllu'),
);
const words = wordList(train, Number(ratio ?? 0.5));
fs.mkdirSync(path.dirname(wordsFile), { recursive: true });
fs.writeFileSync(wordsFile, zlib.gzipSync(words.join('\n') + '\n', { level: 9 }));
const dev = devSentences('VI_VTB_DEV', 'vi-vtb-dev');
console.log(`${train.length} train sentences, ${words.length} words; dev F1 ${dev ? (100 * vietnameseF1(dev, new Set(words)).f1).toFixed(2) : 'skipped'}`);
