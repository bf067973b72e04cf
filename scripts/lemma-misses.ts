// Sorts a language's wrong automatic lemmas on its independent list (bench/lemma-lists.ts) by what could fix them
// (issue 30, docs/vocabulary.md "Why many languages miss the bar"): the list's lemma is no headword of the
// dictionary; the form was answered as itself (an inflected form listed as a headword: an ending rule can help);
// another reading of the form was ranked first (a ranking can help); or no reading leads to the list's lemma.
// Shares are of the list's pairs.
//
//   npx tsx scripts/lemma-misses.ts it nl ru
import fs from 'node:fs';
import path from 'node:path';
import { lemmaList } from '../bench/lemma-lists';
import { hunspellPackages } from '../src-main/modules/lemmas/sources';
import { candidates, indexTable } from '../src-shared/lemmas/analyzer';
import { buildTable, isHeadword } from '../src-shared/lemmas/headword-table';
import { lemmatizerFromIndex } from '../src-shared/lemmas/lemmatizer';

const fold = (s: string) => s.normalize('NFC').toLowerCase().replace(/ё/g, 'е');

for (const lang of process.argv.slice(2)) {
  const pkgs = hunspellPackages(lang);
  const list = lemmaList(lang);
  if (!pkgs?.length || !list) {
    console.log(`${lang}: no dictionary or no list`);
    continue;
  }
  const read = (dir: string, f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
  const index = indexTable(buildTable({ aff: read(pkgs[0].dir, 'index.aff'), dics: pkgs.map((p) => read(p.dir, 'index.dic')) }));
  const lemma = lemmatizerFromIndex(index, lang).lemma;
  const n = { right: 0, notHeadword: 0, itself: 0, ranked: 0, noReading: 0 };
  for (const { form, lemmas } of list.pairs) {
    const got = lemma(form);
    if (!got) continue;
    const wanted = lemmas.map(fold);
    if (wanted.includes(fold(got))) n.right++;
    else if (!wanted.some((l) => isHeadword(index, l))) n.notHeadword++;
    else if (fold(got) === fold(form)) n.itself++;
    else if (candidates(index, form.toLowerCase()).some((c) => wanted.includes(fold(c.lemma)))) n.ranked++;
    else n.noReading++;
  }
  const pct = (x: number) => `${Math.round((1000 * x) / list.pairs.length) / 10} %`;
  console.log(
    `${lang}: right ${pct(n.right)}; wrong: list's lemma not a headword ${pct(n.notHeadword)}, form answered as itself ${pct(n.itself)}, ` +
      `another reading ranked first ${pct(n.ranked)}, no reading to the list's lemma ${pct(n.noReading)}`,
  );
}
