// Builds Lectio's Korean stemmer (issue 46) from the dev files of two Universal Dependencies treebanks (CC BY-SA
// 4.0; never their test files, which acceptance checks use): the gold word → stem pairs go to
// tests/fixtures/lemmas/ko-{gsd,kaist}-dev.tsv (what bench/korean.bench.ts measures on), and the model trained
// on both to resources/korean-stems/model.json. Then prints the figures. Rerun after changing the stemmer:
//
//   npx tsx scripts/korean-stems.ts [ko_gsd-ud-dev.conllu ko_kaist-ud-dev.conllu]
//
// Without arguments the files are read from the treebanks' git snapshots under /work/.mirror (the UD GitHub
// repositories UniversalDependencies/UD_Korean-GSD and UD_Korean-Kaist).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { KOREAN_FIXTURES, koreanCrossTreebank, koreanCrossValidated, readKoreanPairs } from '../bench/korean-stems';
import { trainKoreanStems } from '../src-shared/lemmas/korean/stemmer';
import { koreanGoldPairs } from '../src-shared/lemmas/korean/ud-gold';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromMirror = (repo: string, file: string) =>
  execFileSync('git', ['--git-dir', `/work/.mirror/UniversalDependencies+${repo}/repo`, 'show', `HEAD:${file}`], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
const [gsdFile, kaistFile] = process.argv.slice(2);
const gsd = gsdFile ? fs.readFileSync(gsdFile, 'utf8') : fromMirror('UD_Korean-GSD', 'ko_gsd-ud-dev.conllu');
const kaist = kaistFile ? fs.readFileSync(kaistFile, 'utf8') : fromMirror('UD_Korean-Kaist', 'ko_kaist-ud-dev.conllu');

for (const [name, text, repo] of [
  ['gsd', gsd, 'UD_Korean-GSD ko_gsd-ud-dev.conllu'],
  ['kaist', kaist, 'UD_Korean-Kaist ko_kaist-ud-dev.conllu'],
] as const) {
  const pairs = koreanGoldPairs(text);
  const head = `# Korean word → gold stem, every Hangul word of ${repo} in text order, a third column "bare" on those without a particle or ending (CC BY-SA 4.0; see README.md)\n`;
  fs.writeFileSync(path.join(KOREAN_FIXTURES, `ko-${name}-dev.tsv`), head + pairs.map((p) => `${p.form}\t${p.stem}${p.bare ? '\tbare' : ''}\n`).join(''));
}
const all = [...readKoreanPairs('gsd'), ...readKoreanPairs('kaist')];
const model = trainKoreanStems(all, 'UD Korean GSD dev + UD Korean Kaist dev');
fs.writeFileSync(path.join(root, 'resources', 'korean-stems', 'model.json'), JSON.stringify(model) + '\n');
const cv = koreanCrossValidated();
const cross = koreanCrossTreebank();
console.log(`model: ${Object.keys(model.words).length} words, ${Object.keys(model.endings).length} endings, ${model.stems.length} stems`);
console.log(`GSD dev, ${cv.pairs} words with a particle or ending, 5-fold cross-validation: ${cv.accuracy} %`);
console.log(`GSD dev trained on Kaist dev alone: ${cross.accuracy} %`);
