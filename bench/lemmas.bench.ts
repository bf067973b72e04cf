// Automatic lemmas (issue 17): per language, the time to read its Hunspell dictionary into a table in a
// worker thread (lemma_table_build_{lang}_ms, as the app does it on first use), and accuracy and coverage
// against an independent list:
//   lemma_accuracy_{lang}: share of the list's (form, lemma) pairs, over the forms Lectio covers, where
//                          Lectio's automatic lemma equals the list's lemma (case-insensitive), in percent;
//   lemma_coverage_{lang}: share of the list's forms Lectio gives a lemma other than the form itself.
// English: michmech/lemmatization-lists (../shared/fixtures/lemmas, lemma<TAB>form). Other languages:
// hand-checked samples in tests/fixtures/lemmas/{lang}.tsv (form<TAB>lemma). Lookup latency:
// lemma_lookup_p99_us over every form of every list. LEMMA_BENCH_VERBOSE=1 prints the misses.
// Greek has no test list: only its build time is printed (the goal names el and pt, the largest tables).
// Build times are also given as CPU time of the whole process (main + worker threads), which a loaded machine
// inflates far less than wall-clock time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HunspellTable } from '../src-shared/lemmas/analyzer';
import { createLemmatizerAsync, type Lemmatizer } from '../src-shared/lemmas/lemmatizer';
import { runInWorker } from '../src-main/core/worker';
import { englishIrregulars, hunspellPackages } from '../src-main/modules/lemmas/sources';
import type { Report } from './run';
import { ms, now, percentile } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
const LANGS = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ru', 'el'];

function readPairs(lang: string): [form: string, lemma: string][] | null {
  const michmech = path.join(here, '..', '..', 'shared', 'fixtures', 'lemmas', `michmech_lemmatization-${lang}.txt`);
  const sample = path.join(here, '..', 'tests', 'fixtures', 'lemmas', `${lang}.tsv`);
  const lemmaFirst = lang === 'en' && fs.existsSync(michmech);
  const file = lemmaFirst ? michmech : sample;
  if (!fs.existsSync(file)) return null;
  return fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.split('\t'))
    .filter((c) => c.length >= 2)
    .map(([a, b]) => (lemmaFirst ? [b.trim(), a.trim()] : [a.trim(), b.trim()]));
}

async function buildLemmatizer(lang: string): Promise<{ lemmatizer: Lemmatizer; buildMs: number; cpuMs: number }> {
  const pkgs = hunspellPackages(lang);
  if (!pkgs?.length) throw new Error(`no Hunspell package for ${lang}`);
  const aff = fs.readFileSync(path.join(pkgs[0].dir, 'index.aff'), 'utf8');
  const dics = pkgs.map((p) => fs.readFileSync(path.join(p.dir, 'index.dic'), 'utf8'));
  const t = now();
  const cpu = process.cpuUsage();
  const table = await runInWorker<HunspellTable>('lemmas.hunspell', { aff, dics }, { maxHeapMb: 1024, timeoutMs: 120_000 });
  const lemmatizer = await createLemmatizerAsync(table, lang, lang === 'en' ? englishIrregulars() : undefined);
  const used = process.cpuUsage(cpu);
  return { lemmatizer, buildMs: ms(t), cpuMs: (used.user + used.system) / 1000 };
}

export default async function lemmasBench(report: Report): Promise<void> {
  const verbose = process.env.LEMMA_BENCH_VERBOSE === '1';
  const lookups: number[] = [];
  for (const lang of LANGS) {
    const pairs = readPairs(lang);
    const { lemmatizer, buildMs, cpuMs } = await buildLemmatizer(lang);
    report(`lemma_table_build_${lang}_ms`, Math.round(buildMs), 'ms');
    report(`lemma_table_build_${lang}_cpu_ms`, Math.round(cpuMs), 'ms');
    if (!pairs) continue;
    // Warm-up on other strings (the form + "x", then + "xx", ...), 3,000 lookups for every language, so the timings
    // below are not the JIT's first pass: the sample lists of 170-200 forms had warmed up on fewer than 200.
    for (let i = 0; i < 3000; i++) lemmatizer.lemma(`${pairs[i % pairs.length][0]}${'x'.repeat(1 + Math.floor(i / pairs.length))}`);
    let covered = 0;
    let correct = 0;
    const misses: string[] = [];
    for (const [form, lemma] of pairs) {
      const t = now();
      const got = lemmatizer.lemma(form);
      lookups.push(ms(t) * 1000);
      if (got && got.toLowerCase() !== form.toLowerCase()) {
        covered++;
        if (got.toLowerCase() === lemma.toLowerCase()) correct++;
        else misses.push(`${form}→${got} (list: ${lemma})`);
      } else misses.push(`${form}→${got ?? '∅'} (list: ${lemma}, not covered)`);
    }
    report(`lemma_accuracy_${lang}`, Math.round((1000 * correct) / Math.max(1, covered)) / 10, '%');
    report(`lemma_coverage_${lang}`, Math.round((1000 * covered) / pairs.length) / 10, '%');
    if (verbose) console.log(`  ${lang} (${pairs.length} pairs) misses: ${misses.slice(0, 200).join(', ')}`);
  }
  report('lemma_lookup_p99_us', Math.round(percentile(lookups, 99) * 10) / 10, 'µs');
}
