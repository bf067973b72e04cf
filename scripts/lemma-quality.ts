// Measures every shipped language's automatic lemmas on its independent list (bench/lemma-lists.ts) and writes
// src-shared/lemmas/quality.json, the table that decides which languages fill lemmas on their own
// (src-shared/lemmas/quality.ts). Rerun after changing the analyser, a dictionary or a list:
//
//   npx tsx scripts/lemma-quality.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { koreanQuality } from '../bench/korean-stems';
import { HUNSPELL_LANGS, lemmaList } from '../bench/lemma-lists';
import { englishIrregulars, hunspellPackages, UNINFLECTED } from '../src-main/modules/lemmas/sources';
import { buildTable } from '../src-shared/lemmas/headword-table';
import { createLemmatizer } from '../src-shared/lemmas/lemmatizer';
import { withFormTable } from '../src-shared/lemmas/form-table';
import { loadFormTable } from '../src-main/modules/lemmas/form-tables';
import { scoreLemmas, type LemmaQuality } from '../src-shared/lemmas/quality';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const out: Record<string, LemmaQuality> = {};
// The running-text figures are written by scripts/build-form-tables.ts (they need the treebanks): kept here.
const previous = JSON.parse(fs.readFileSync(path.join(root, 'src-shared', 'lemmas', 'quality.json'), 'utf8')) as Record<string, LemmaQuality>;
const none: LemmaQuality = { source: null, license: null, pairs: 0, accuracy: null, coverage: null, wrong_rate: null };

// `npx tsx scripts/lemma-quality.ts nl,es`: only those languages are measured again; the others keep their figures.
const only = process.argv[2]?.split(',').filter(Boolean);
for (const lang of HUNSPELL_LANGS) {
  if (only && !only.includes(lang)) {
    if (previous[lang]) out[lang] = previous[lang];
    continue;
  }
  const list = lemmaList(lang);
  if (!list) {
    out[lang] = previous[lang]?.running ? { ...none, running: previous[lang].running } : none;
    console.log(`${lang}: no list`);
    continue;
  }
  const pkgs = hunspellPackages(lang)!;
  const aff = fs.readFileSync(path.join(pkgs[0].dir, 'index.aff'), 'utf8');
  const dics = pkgs.map((p) => fs.readFileSync(path.join(p.dir, 'index.dic'), 'utf8'));
  const lemmatizer = createLemmatizer(buildTable({ aff, dics }), lang, lang === 'en' ? englishIrregulars() : undefined);
  // The app's lookup: the running-text table (issue 47) first, then the analyser.
  const s = scoreLemmas(list.pairs, withFormTable(await loadFormTable(lang), lemmatizer.lemma, lang, lemmatizer.isHeadword));
  out[lang] = {
    source: list.source,
    license: list.license,
    pairs: s.pairs,
    accuracy: s.accuracy,
    coverage: s.coverage,
    wrong_rate: s.wrong_rate,
    ...(previous[lang]?.running ? { running: previous[lang].running } : {}),
  };
  console.log(`${lang}: ${s.pairs} pairs, accuracy ${s.accuracy} %, coverage ${s.coverage} %, wrong ${s.wrong_rate} %`);
}
out.no = out.nb;
// Japanese (kuromoji) has no independent list on this machine: unsure until one is found (docs/vocabulary.md).
out.ja = previous.ja?.running ? { ...none, running: previous.ja.running } : none;
// Korean's stemmer is trained on the treebanks it is measured on: its figure is cross-validated (bench/korean-stems.ts).
out.ko = koreanQuality();
for (const lang of UNINFLECTED) out[lang] = { ...none, source: 'identity: a word is its own lemma', identity: true };
const sorted = Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(path.join(root, 'src-shared', 'lemmas', 'quality.json'), JSON.stringify(sorted, null, 2) + '\n');
