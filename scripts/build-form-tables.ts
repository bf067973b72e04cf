// Builds the running-text form tables (issue 47) and measures them: for every language of
// bench/ud-treebanks.ts, resources/lemma-tables/{lang}.tsv.gz (form → commonest lemma in the shippable UD
// files, then the hand-written rows of resources/lemma-tables/hand/{lang}.tsv), resources/lemma-tables/
// sources.json (what each table is made of, with licences), and the `running` figure of each language in
// src-shared/lemmas/quality.json (the gate, src-shared/lemmas/quality.ts). Needs the treebanks fetched under
// LEMMA_UD_DIR (bench/ud-treebanks.ts); never reads a test file.
//
//   npx tsx scripts/build-form-tables.ts [lang,lang…]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { handRows, measureRunning, shippedRows } from '../bench/lemmas-running';
import { japaneseBaseForm, loadJapaneseAnalyzer } from '../src-main/modules/analysis';
import { sourceLine, UD_LANGUAGES } from '../bench/ud-treebanks';
import { endingRulesFor, serializeFormTable } from '../src-shared/lemmas/form-table';
import { analyserFor } from './build-form-tables-analyser';
import type { LemmaQuality } from '../src-shared/lemmas/quality';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'resources', 'lemma-tables');
const qualityFile = path.join(root, 'src-shared', 'lemmas', 'quality.json');
const only = process.argv[2]?.split(',').filter(Boolean);
const quality = JSON.parse(fs.readFileSync(qualityFile, 'utf8')) as Record<string, LemmaQuality>;
const sourcesFile = path.join(outDir, 'sources.json');
const sources = (fs.existsSync(sourcesFile) ? JSON.parse(fs.readFileSync(sourcesFile, 'utf8')) : {}) as Record<string, { sources: string[]; license: string }>;

for (const [lang, spec] of Object.entries(UD_LANGUAGES)) {
  if (only && !only.includes(lang)) continue;
  const rows = shippedRows(lang);
  if (!rows) {
    console.log(`${lang}: treebank files missing, skipped`);
    continue;
  }
  const hand = handRows(lang).size;
  const made = spec.build.map(sourceLine);
  if (spec.list) made.push(`michmech/lemmatization-lists ${spec.list} (ODbL 1.0), for forms no treebank shows`);
  if (spec.lexicon) made.push(`${spec.lexicon.source}, for forms no treebank shows`);
  if (hand) made.push(`resources/lemma-tables/hand/${lang}.tsv (${hand} irregular forms written for Lectio, MIT)`);
  const header = [`Lectio running-text lemma table for ${lang} (scripts/build-form-tables.ts). Made from:`, ...made.map((m) => `  ${m}`)];
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${lang}.tsv.gz`), zlib.gzipSync(serializeFormTable(rows, header, endingRulesFor(lang, rows)), { level: 9 }));
  const licenses = [
    ...new Set([
      ...spec.build.map((b) => b.license),
      ...(spec.list ? ['ODbL 1.0'] : []),
      ...(spec.lexicon ? [spec.lexicon.license] : []),
      ...(hand ? ['MIT'] : []),
    ]),
  ];
  sources[lang] = { sources: made, license: licenses.join('; ') };
  // Japanese: kuromoji's base forms, where other languages have their Hunspell analyser.
  const analyser = lang === 'ja' ? { lemma: await loadJapaneseAnalyzer().then(() => japaneseBaseForm), isHeadword: undefined } : analyserFor(lang);
  const s = measureRunning(lang, analyser.lemma, undefined, 1, analyser.isHeadword);
  if (!s) continue;
  quality[lang] = {
    ...quality[lang],
    running: {
      accuracy: s.accuracy,
      tokens: s.tokens,
      source: sourceLine(spec.measure),
      license: spec.measure.license,
      method: spec.folds ? 'folds' : 'held-out',
    },
  };
  console.log(
    `${lang}: ${rows.size} forms, running ${s.accuracy} % of ${s.tokens} tokens (UPOS-known bound ${s.uposBound} %, unknown to the table ${s.unknownShare} %)`,
  );
  // LEMMA_MISSES=1: the commonest misses (form→answer (annotators' lemma) × tokens), to see what to work on.
  if (process.env.LEMMA_MISSES === '1')
    console.log(
      [...s.misses]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 60)
        .map(([miss, n]) => `${miss}×${n}`)
        .join(', '),
    );
}
fs.writeFileSync(sourcesFile, JSON.stringify(Object.fromEntries(Object.entries(sources).sort(([a], [b]) => a.localeCompare(b))), null, 2) + '\n');
fs.writeFileSync(qualityFile, JSON.stringify(quality, null, 2) + '\n');
