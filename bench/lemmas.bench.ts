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
// Running text (issue 47, bench/lemmas-running.ts): lemma_running_accuracy_{lang}, of a Universal Dependencies dev
// file's content-word tokens (NOUN, VERB, ADJ, ADV, AUX), token-weighted, the share given the annotators' lemma by
// the app's lookup (form table, ending rules, Hunspell); lemma_running_upos_bound_{lang}, the same if the part of
// speech were known (what sentence context could add at most); lemma_running_tokens_{lang}. Measured only where
// the treebanks are fetched (LEMMA_UD_DIR); lemma_running_lookup_p99_us times these lookups. lemma_form_table_load_{lang}_ms:
// reading a shipped table on first use (languages with a list); lemma_form_table_lookup_p99_us: the table's own part;
// lemma_lookup_cpu_p99_us / _p50_us: a first lookup's CPU time (least of three, process.cpuUsage), which the load of
// the shared machine does not inflate as it does the wall-clock p99; lemma_lookup_remembered_p99_us: a word asked
// again (the app remembers answers, rememberLemmas).
// Build times are also given as CPU time of the whole process (main + worker threads), which a loaded machine
// inflates far less than wall-clock time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HunspellTable } from '../src-shared/lemmas/headword-table';
import { createLemmatizerAsync, type Lemmatizer } from '../src-shared/lemmas/lemmatizer';
import { scoreLemmas } from '../src-shared/lemmas/quality';
import { runInWorker } from '../src-main/core/worker';
import { englishIrregulars, hunspellPackages, UNINFLECTED } from '../src-main/modules/lemmas/sources';
import type { TableTaskInput } from '../src-main/modules/lemmas/table-task';
import { HUNSPELL_LANGS, lemmaList } from './lemma-lists';
import { measureRunning } from './lemmas-running';
import { japaneseBaseForm, loadJapaneseAnalyzer } from '../src-main/modules/analysis';
import { UD_LANGUAGES } from './ud-treebanks';
import { loadFormTable } from '../src-main/modules/lemmas/form-tables';
import { rememberLemmas, withFormTable } from '../src-shared/lemmas/form-table';
import type { Report } from './run';
import { benchQuick, ms, now, percentile, sized } from './helpers';

/**
 * A quick run reads every 20th headword of each .dic (copies in a temp folder, the .aff whole): the same worker task
 * and lemmatizer on less work. Returns the files to read and a cleanup.
 */
function dicFilesToRead(dicFiles: string[]): { files: string[]; cleanup(): void } {
  if (!benchQuick()) return { files: dicFiles, cleanup: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectio-bench-dic-'));
  const files = dicFiles.map((file, k) => {
    // Every 20th line after the count line, picked without splitting the whole file (some have 800,000 lines).
    const text = fs.readFileSync(file, 'utf8');
    const kept: string[] = [];
    for (let at = text.indexOf('\n') + 1, i = 0; at > 0 && at < text.length; i++) {
      const end = text.indexOf('\n', at);
      if (i % 20 === 0) kept.push(text.slice(at, end < 0 ? text.length : end));
      at = end + 1;
    }
    const out = path.join(dir, `${k}.dic`);
    fs.writeFileSync(out, [String(kept.length), ...kept].join('\n'));
    return out;
  });
  return { files, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A quick run measures running text with every fifth sentence of a file. */
const RUNNING_SAMPLE = sized(1, 5);

async function buildLemmatizer(lang: string): Promise<{ lemmatizer: Lemmatizer; buildMs: number; cpuMs: number }> {
  const pkgs = hunspellPackages(lang);
  if (!pkgs?.length) throw new Error(`no Hunspell package for ${lang}`);
  const dics = dicFilesToRead(pkgs.map((p) => path.join(p.dir, 'index.dic')));
  const input: TableTaskInput = {
    affFile: path.join(pkgs[0].dir, 'index.aff'),
    dicFiles: dics.files,
    cacheFile: null,
    key: '',
  };
  const t = now();
  const cpu = process.cpuUsage();
  const table = await runInWorker<HunspellTable>('lemmas.hunspell', input, { maxHeapMb: 1024, timeoutMs: 120_000 }).finally(dics.cleanup);
  const lemmatizer = await createLemmatizerAsync(table, lang, lang === 'en' ? englishIrregulars() : undefined);
  const used = process.cpuUsage(cpu);
  return { lemmatizer, buildMs: ms(t), cpuMs: (used.user + used.system) / 1000 };
}

export default async function lemmasBench(report: Report): Promise<void> {
  const verbose = process.env.LEMMA_BENCH_VERBOSE === '1';
  const only = process.env.LEMMA_BENCH_LANGS?.split(',').filter(Boolean);
  const lookups: number[] = [];
  const runningLookups: number[] = [];
  const cpuLookups: number[] = [];
  const rememberedLookups: number[] = [];
  const langs = HUNSPELL_LANGS.filter((lang) => !only || only.includes(lang));
  // A quick run builds the next language's table (in its worker, on the other core) while this one is scored; a
  // full run builds each alone, so its build figures are not shared with other work.
  let nextBuild: ReturnType<typeof buildLemmatizer> | null = null;
  for (const [k, lang] of langs.entries()) {
    const list = lemmaList(lang);
    const { lemmatizer, buildMs, cpuMs } = await (nextBuild ?? buildLemmatizer(lang));
    nextBuild = benchQuick() && k + 1 < langs.length ? buildLemmatizer(langs[k + 1]) : null;
    // Awaited at the next turn of the loop; a failure before then is not an unhandled rejection.
    nextBuild?.catch(() => undefined);
    report(`lemma_table_build_${lang}_ms`, Math.round(buildMs), 'ms');
    report(`lemma_table_build_${lang}_cpu_ms`, Math.round(cpuMs), 'ms');
    report(`lemma_list_pairs_${lang}`, list?.pairs.length ?? 0, 'pairs');
    if (UD_LANGUAGES[lang]) {
      const timedLookup = (lookup: (form: string) => string | null) => (form: string) => {
        const t = now();
        const got = lookup(form);
        runningLookups.push(ms(t) * 1000);
        return got;
      };
      const running = measureRunning(lang, lemmatizer.lemma, timedLookup, RUNNING_SAMPLE, lemmatizer.isHeadword);
      if (running) {
        report(`lemma_running_accuracy_${lang}`, running.accuracy, '%');
        report(`lemma_running_upos_bound_${lang}`, running.uposBound, '%');
        report(`lemma_running_tokens_${lang}`, running.tokens, 'tokens');
        if (verbose) {
          const top = [...running.misses].sort((a, b) => b[1] - a[1]).slice(0, 150);
          console.log(`  ${lang} running-text misses (form→answer (annotators' lemma) ×tokens): ${top.map(([m, n]) => `${m} ×${n}`).join(', ')}`);
        }
      }
    }
    if (!list) continue;
    // A quick run scores the first 1,000 pairs of each list (English has 41,758, the others 2,500).
    const pairs = list.pairs.slice(0, sized(list.pairs.length, 1000));
    // Warm-up on other strings (the form + "x", then + "xx", ...), 3,000 lookups for every language, so the
    // timings below are not the JIT's first pass.
    for (let i = 0; i < sized(3000, 300); i++) lemmatizer.lemma(`${pairs[i % pairs.length].form}${'x'.repeat(1 + Math.floor(i / pairs.length))}`);
    // The app's lookup: the running-text table first, then the analyser (src-main/modules/lemmas/sources.ts).
    const loadStarted = now();
    const formTable = await loadFormTable(lang);
    if (formTable) report(`lemma_form_table_load_${lang}_ms`, Math.round(ms(loadStarted)), 'ms');
    const appLookup = withFormTable(formTable, lemmatizer.lemma, lang, lemmatizer.isHeadword);
    const timed = (form: string) => {
      const t = now();
      const got = appLookup(form);
      lookups.push(ms(t) * 1000);
      return got;
    };
    const s = scoreLemmas(pairs, timed);
    // CPU-side (the machine is shared and loaded: wall-clock p99 is mostly time the thread was not running): each
    // form's CPU time, the least of three first-time lookups (the lookup is pure, nothing is remembered in it).
    const cpuBest = pairs.map(() => Infinity);
    for (let pass = 0; pass < sized(3, 1); pass++)
      pairs.forEach((p, i) => {
        const c = process.cpuUsage();
        appLookup(p.form);
        const used = process.cpuUsage(c);
        cpuBest[i] = Math.min(cpuBest[i], used.user + used.system);
      });
    cpuLookups.push(...cpuBest);
    // The app remembers answers per word (rememberLemmas): a form asked again is a map read.
    const remembering = rememberLemmas(appLookup);
    for (const p of pairs) remembering(p.form);
    for (const p of pairs) {
      const t = now();
      remembering(p.form);
      rememberedLookups.push(ms(t) * 1000);
    }
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
  if (!only || only.includes('ja')) {
    report('lemma_list_pairs_ja', 0, 'pairs');
    await loadJapaneseAnalyzer();
    // The app's lookup: the running-text table, then kuromoji's base form through it (withFormTable).
    const running = measureRunning('ja', japaneseBaseForm, (l) => l, RUNNING_SAMPLE);
    if (running) {
      report('lemma_running_accuracy_ja', running.accuracy, '%');
      report('lemma_running_upos_bound_ja', running.uposBound, '%');
      report('lemma_running_tokens_ja', running.tokens, 'tokens');
      if (verbose) {
        const top = [...running.misses].sort((a, b) => b[1] - a[1]).slice(0, 150);
        console.log(`  ja running-text misses (form→answer (annotators' lemma) ×tokens): ${top.map(([m, n]) => `${m} ×${n}`).join(', ')}`);
      }
    }
  }
  // A word is its own lemma: nothing can be wrong, there is nothing to measure.
  for (const lang of UNINFLECTED) {
    if (only && !only.includes(lang)) continue;
    report(`lemma_accuracy_${lang}`, 100, '%');
    report(`lemma_coverage_${lang}`, 100, '%');
    report(`lemma_wrong_rate_${lang}`, 0, '%');
  }
  if (!only || only.includes('es')) {
    const table = await loadFormTable('es');
    // The table's own share of a lookup (a map hit or miss), over the Spanish list's forms, after a warm-up.
    const forms = lemmaList('es')?.pairs.map((p) => p.form) ?? [];
    if (table && forms.length) {
      for (const f of forms) table.lemma(f);
      const times: number[] = [];
      for (const f of forms) {
        const t0 = now();
        table.lemma(f);
        times.push(ms(t0) * 1000);
      }
      report('lemma_form_table_lookup_p99_us', Math.round(percentile(times, 99) * 10) / 10, 'µs');
    }
  }
  // Running text holds words no source knows, which the Hunspell analyser tries every affix rule on: printed apart.
  if (runningLookups.length) report('lemma_running_lookup_p99_us', Math.round(percentile(runningLookups, 99) * 10) / 10, 'µs');
  if (lookups.length) report('lemma_lookup_p99_us', Math.round(percentile(lookups, 99) * 10) / 10, 'µs');
  if (cpuLookups.length) report('lemma_lookup_cpu_p99_us', Math.round(percentile(cpuLookups, 99) * 10) / 10, 'µs');
  if (cpuLookups.length) report('lemma_lookup_cpu_p50_us', Math.round(percentile(cpuLookups, 50) * 10) / 10, 'µs');
  if (rememberedLookups.length) report('lemma_lookup_remembered_p99_us', Math.round(percentile(rememberedLookups, 99) * 10) / 10, 'µs');
}
