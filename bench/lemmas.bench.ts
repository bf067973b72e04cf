// Automatic lemmas (issues 17 and 30): per language, the time to read its Hunspell dictionary into a table in a
// worker thread (lemma_table_build_{lang}_ms, as the app does it on first use), and its quality on an
// independent form→lemma list (bench/lemma-lists.ts, tests/fixtures/lemmas/README.md):
//   lemma_accuracy_{lang}:   of the list's forms Lectio gives a lemma for, the share where it is the list's, %;
//   lemma_coverage_{lang}:   share of the list's forms Lectio gives a lemma for (the form itself included), %;
//   lemma_wrong_rate_{lang}: share of the list's forms Lectio gives a lemma for that is not the list's, %.
// The same figures, written by scripts/lemma-quality.ts into src-shared/lemmas/quality.json, decide which
// languages fill lemmas on their own. Languages with no list print only their build time (docs/vocabulary.md
// says why) and lemma_list_pairs_{lang} 0 (likewise Japanese), so every shipped language has a line; languages
// written without inflection print accuracy 100 by definition. Lookup latency:
// lemma_lookup_p99_us over every form of every list. LEMMA_BENCH_VERBOSE=1 prints the misses.
// Build times are also given as CPU time of the whole process (main + worker threads), which a loaded machine
// inflates far less than wall-clock time.
import path from 'node:path';
import type { HunspellTable } from '../src-shared/lemmas/analyzer';
import { createLemmatizerAsync, type Lemmatizer } from '../src-shared/lemmas/lemmatizer';
import { scoreLemmas } from '../src-shared/lemmas/quality';
import { runInWorker } from '../src-main/core/worker';
import { englishIrregulars, hunspellPackages, UNINFLECTED } from '../src-main/modules/lemmas/sources';
import type { TableTaskInput } from '../src-main/modules/lemmas/table-task';
import { HUNSPELL_LANGS, lemmaList } from './lemma-lists';
import type { Report } from './run';
import { ms, now, percentile } from './helpers';

async function buildLemmatizer(lang: string): Promise<{ lemmatizer: Lemmatizer; buildMs: number; cpuMs: number }> {
  const pkgs = hunspellPackages(lang);
  if (!pkgs?.length) throw new Error(`no Hunspell package for ${lang}`);
  const input: TableTaskInput = {
    affFile: path.join(pkgs[0].dir, 'index.aff'),
    dicFiles: pkgs.map((p) => path.join(p.dir, 'index.dic')),
    cacheFile: null,
    key: '',
  };
  const t = now();
  const cpu = process.cpuUsage();
  const table = await runInWorker<HunspellTable>('lemmas.hunspell', input, { maxHeapMb: 1024, timeoutMs: 120_000 });
  const lemmatizer = await createLemmatizerAsync(table, lang, lang === 'en' ? englishIrregulars() : undefined);
  const used = process.cpuUsage(cpu);
  return { lemmatizer, buildMs: ms(t), cpuMs: (used.user + used.system) / 1000 };
}

export default async function lemmasBench(report: Report): Promise<void> {
  const verbose = process.env.LEMMA_BENCH_VERBOSE === '1';
  const only = process.env.LEMMA_BENCH_LANGS?.split(',').filter(Boolean);
  const lookups: number[] = [];
  for (const lang of HUNSPELL_LANGS) {
    if (only && !only.includes(lang)) continue;
    const list = lemmaList(lang);
    const { lemmatizer, buildMs, cpuMs } = await buildLemmatizer(lang);
    report(`lemma_table_build_${lang}_ms`, Math.round(buildMs), 'ms');
    report(`lemma_table_build_${lang}_cpu_ms`, Math.round(cpuMs), 'ms');
    report(`lemma_list_pairs_${lang}`, list?.pairs.length ?? 0, 'pairs');
    if (!list) continue;
    const { pairs } = list;
    // Warm-up on other strings (the form + "x", then + "xx", ...), 3,000 lookups for every language, so the
    // timings below are not the JIT's first pass.
    for (let i = 0; i < 3000; i++) lemmatizer.lemma(`${pairs[i % pairs.length].form}${'x'.repeat(1 + Math.floor(i / pairs.length))}`);
    const timed = (form: string) => {
      const t = now();
      const got = lemmatizer.lemma(form);
      lookups.push(ms(t) * 1000);
      return got;
    };
    const s = scoreLemmas(pairs, timed);
    report(`lemma_accuracy_${lang}`, s.accuracy, '%');
    report(`lemma_coverage_${lang}`, s.coverage, '%');
    report(`lemma_wrong_rate_${lang}`, s.wrong_rate, '%');
    // Norwegian ("no") is read with the Bokmål dictionary and the same settings: the same lemmatizer, the same figures.
    if (lang === 'nb' && (!only || only.includes('no'))) {
      report('lemma_list_pairs_no', pairs.length, 'pairs');
      report('lemma_accuracy_no', s.accuracy, '%');
      report('lemma_coverage_no', s.coverage, '%');
      report('lemma_wrong_rate_no', s.wrong_rate, '%');
    }
    if (verbose) console.log(`  ${lang} (${s.pairs} pairs, ${list.source}) misses: ${s.misses.slice(0, 200).join(', ')}`);
  }
  // Japanese (kuromoji's base forms) has no independent list here (docs/vocabulary.md): said, not left out.
  if (!only || only.includes('ja')) report('lemma_list_pairs_ja', 0, 'pairs');
  // A word is its own lemma: nothing can be wrong, there is nothing to measure.
  for (const lang of UNINFLECTED) {
    if (only && !only.includes(lang)) continue;
    report(`lemma_accuracy_${lang}`, 100, '%');
    report(`lemma_coverage_${lang}`, 100, '%');
    report(`lemma_wrong_rate_${lang}`, 0, '%');
  }
  if (lookups.length) report('lemma_lookup_p99_us', Math.round(percentile(lookups, 99) * 10) / 10, 'µs');
}
