// Builds the Chinese segmenter's data in resources/zh/ (see its README.md) and reports cross-validated figures.
//   npx tsx scripts/zh-segmenter.ts words <jieba dict.txt> <opencc-js package dir>   word list and character table
//   npx tsx scripts/zh-segmenter.ts compact                                           bench/data/ dev copies
//   npx tsx scripts/zh-segmenter.ts cv [k]                                            k-fold figures over dev
//   npx tsx scripts/zh-segmenter.ts model                                             train on all of dev, write the model
// The dev files come from the fetched treebanks (ZH_GSDSIMP_DEV / ZH_GSD_DEV paths, else the compact copies).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { compactPath, conlluFromMirror, devSentences, readConllu, toCompact } from '../bench/segment-eval';
import { encodeWeights, zhSegmenterData } from '../src-shared/text/zh/segmenter';
import { MAX_WORD, WordSet } from '../src-shared/text/zh/segment-model';
import { train } from './zh-segmenter-train';
import { crossValidate, zhSentences } from './zh-segmenter-cv';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'resources', 'zh');
const HAN_WORD = new RegExp(`^[\\u3400-\\u9fff\\uf900-\\ufaff]{2,${MAX_WORD}}$`, 'u');

function words(dictPath: string, openccDir: string): void {
  // jieba's dictionary (MIT): "word frequency tag" a line; words of 2 to MAX_WORD Han characters seen 5 times or more.
  const list = fs
    .readFileSync(dictPath, 'utf8')
    .split('\n')
    .map((l) => l.split(' '))
    .filter(([w, f]) => HAN_WORD.test(w) && Number(f) >= 5)
    .map(([w]) => w)
    .sort();
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'words.txt.gz'), zlib.gzipSync([...new Set(list)].join('\n') + '\n', { level: 9 }));
  // OpenCC's tables (Apache-2.0), as opencc-js packs them: "from to [to…]|…". Taiwan and Hong Kong variants to
  // standard traditional first, then traditional to simplified; one character for one only.
  const table = (name: string) => {
    const src = fs.readFileSync(path.join(openccDir, 'dist', 'esm-lib', 'dict', `${name}.js`), 'utf8');
    const body = /"([^"]*)"/.exec(src)![1];
    const map = new Map<string, string>();
    for (const entry of body.split('|')) {
      const [from, to] = entry.split(' ');
      if (from && to && [...from].length === 1 && [...to].length === 1) map.set(from, to);
    }
    return map;
  };
  const ts = table('TSCharacters');
  const variants = new Map([...table('TWVariantsRev'), ...table('HKVariantsRev')]);
  const pairs = new Map<string, string>();
  for (const [from, to] of ts) pairs.set(from, to);
  for (const [variant, standard] of variants) {
    const simplified = ts.get(standard) ?? standard;
    if (simplified !== variant) pairs.set(variant, simplified);
  }
  const lines = [...pairs].map(([a, b]) => a + b).sort();
  fs.writeFileSync(path.join(out, 'traditional-simplified.txt.gz'), zlib.gzipSync(lines.join('\n') + '\n', { level: 9 }));
  console.log(`${list.length} words, ${lines.length} character pairs`);
}

function compact(): void {
  const mirrors = '/work/.mirror/UniversalDependencies+';
  for (const [name, repo, file] of [
    ['zh-gsdsimp-dev', 'UD_Chinese-GSDSimp', 'zh_gsdsimp-ud-dev.conllu'],
    ['zh-gsd-dev', 'UD_Chinese-GSD', 'zh_gsd-ud-dev.conllu'],
    ['vi-vtb-dev', 'UD_Vietnamese-VTB', 'vi_vtb-ud-dev.conllu'],
  ]) {
    const gitDir = `${mirrors}${repo}/repo`;
    if (!fs.existsSync(gitDir)) continue;
    const sentences = readConllu(conlluFromMirror(gitDir, file));
    fs.mkdirSync(path.dirname(compactPath(name)), { recursive: true });
    fs.writeFileSync(compactPath(name), zlib.gzipSync(toCompact(sentences), { level: 9 }));
    console.log(`${name}: ${sentences.length} sentences`);
  }
}

function resources() {
  const read = (f: string) => zlib.gunzipSync(fs.readFileSync(path.join(out, f)));
  return { words: read('words.txt.gz').toString('utf8'), table: read('traditional-simplified.txt.gz').toString('utf8') };
}

const [command, ...args] = process.argv.slice(2);
if (command === 'words') words(args[0], args[1]);
else if (command === 'compact') compact();
else if (command === 'cv' || command === 'model') {
  const { words: wordList, table } = resources();
  const simplified = devSentences('ZH_GSDSIMP_DEV', 'zh-gsdsimp-dev');
  const traditional = devSentences('ZH_GSD_DEV', 'zh-gsd-dev');
  if (!simplified || !traditional) throw new Error('No Chinese dev files: set ZH_GSDSIMP_DEV and ZH_GSD_DEV or run "compact"');
  const base = zhSegmenterData(encodeWeights(train([], new WordSet(), new Map(), 0)), wordList, table);
  if (command === 'cv') {
    const k = Number(args[0] ?? 5);
    const r = crossValidate(zhSentences(simplified, traditional), base, k);
    console.log(
      `${k}-fold: simplified F1 ${(100 * r.simplified.f1).toFixed(2)} (P ${(100 * r.simplified.precision).toFixed(2)} R ${(100 * r.simplified.recall).toFixed(2)}), traditional F1 ${(100 * r.traditional.f1).toFixed(2)}, skipped ${r.simplified.skipped}/${r.traditional.skipped}`,
    );
  } else {
    const model = encodeWeights(train(simplified, base.words, base.toSimplified));
    fs.writeFileSync(path.join(out, 'segmenter.bin.gz'), zlib.gzipSync(model, { level: 9 }));
    console.log(`model: ${model.length} bytes`);
  }
} else throw new Error('usage: zh-segmenter.ts words|compact|cv|model');
