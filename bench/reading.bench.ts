// Reading figures: parse + store a 1 MB text (and the same rows by a bare insert), reading items and the
// reader payload of a 20,000-word chapter with 10k known terms (3k multi-word), a multi-word term created
// against 1M stored occurrences, deleting terms and a language through the foreign keys, and database bytes
// per occurrence (the 1 MB text freshly stored, then after every word of it became a term; the library).
import fs from 'node:fs';
import type { Report } from './run';
import { benchCore, ms, now, percentile, sized } from './helpers';
import type { Core } from '../src-main/app/core';
import { databaseFile } from '../src-main/core/data-dir';
import { importTerms } from '../src-main/modules/terms/store-rows';
import { isJsonTextResult } from '../src-shared/contract/endpoint';

/**
 * The big text's size, the chapter's words and the library's occurrences (smaller in a quick run, whose text still
 * has ~60,000 occurrences: a table of one 4 KB page stays under the 0.1 B of a dbstat line below).
 */
const TEXT_BYTES = sized(1024 * 1024, 384 * 1024);
const CHAPTER_WORDS = sized(20_000, 5_000);
const LIBRARY_OCCURRENCES = sized(1_000_000, 100_000);
/** Samples of each reader timing (median). */
const SAMPLES = sized(7, 3);

/** Deterministic PRNG so every run measures the same text. */
function rng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 0x100000000;
  };
}

const SYLLABLES = ['ba', 'ke', 'lin', 'sch', 'or', 'mä', 'ten', 'gu', 'ra', 'ße', 'vo', 'dri', 'an', 'hel', 'ü', 'mo', 'sta', 'ne', 'rik', 'zu'];

/** A vocabulary of pseudo-words; text draws from it with a Zipf distribution like real prose. */
function vocabulary(size: number, random: () => number): string[] {
  const seen = new Set<string>();
  while (seen.size < size) {
    const n = 1 + Math.floor(random() * 4);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    seen.add(w);
  }
  // Frequent words are short in every language (Zipf's law of abbreviation): rank by length.
  return [...seen].sort((a, b) => a.length - b.length);
}

function zipfPicker(vocab: string[], random: () => number) {
  const weights = vocab.map((_, i) => 1 / (i + 1));
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  return () => {
    const r = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return vocab[lo];
  };
}

function prose(pick: () => string, random: () => number, targetWords: number | null, targetBytes: number | null): { text: string; words: number } {
  const parts: string[] = [];
  let words = 0;
  let bytes = 0;
  while ((targetWords === null || words < targetWords) && (targetBytes === null || bytes < targetBytes)) {
    const len = 6 + Math.floor(random() * 14);
    const sentence: string[] = [];
    for (let i = 0; i < len; i++) sentence.push(pick());
    sentence[0] = sentence[0][0].toUpperCase() + sentence[0].slice(1);
    if (len > 10) sentence[5] += ',';
    const s = sentence.join(' ') + (random() < 0.1 ? '?' : '.') + (random() < 0.15 ? '\n\n' : ' ');
    parts.push(s);
    words += len;
    bytes += Buffer.byteLength(s);
  }
  return { text: parts.join('').trim(), words };
}

/** Bytes of the database file after a checkpoint (the WAL folded in and truncated). */
function databaseBytes(core: Core & { dataDir: string }): number {
  core.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const file = databaseFile(core.dataDir);
  return fs.statSync(file).size + (fs.existsSync(file + '-wal') ? fs.statSync(file + '-wal').size : 0);
}

/**
 * db_bytes_per_occurrence: a fresh database holding one language and the 1 MB text of
 * parse_store_1mb_text_ms, just stored (every word unknown: Ti2WoID NULL, the partial index empty): the
 * whole file over its occurrence rows. _all_known: the same database after the text was marked all known
 * (every word a term: the words rows, a Ti2WoID in every row, every row in the partial index).
 */
async function storageFigures(report: Report, text: string) {
  const core = benchCore();
  try {
    const lang = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };
    const emptyBytes = databaseBytes(core);
    const stored = (await core.dispatch('texts.create', { TxLgID: lang.LgID, TxTitle: '1 MB', TxText: text })) as { TxID: number };
    const occurrences = (core.sqlite.prepare('SELECT count(*) n FROM word_occurrences').get() as { n: number }).n;
    report('db_empty_kb', emptyBytes / 1024, 'KB');
    const measure = (suffix: string) => {
      report(`db_bytes_per_occurrence${suffix}`, databaseBytes(core) / occurrences, 'B');
      // Where the bytes go (dbstat): every table and index holding at least 0.1 B per occurrence.
      const parts = core.sqlite.prepare('SELECT name, sum(pgsize) AS b FROM dbstat GROUP BY name ORDER BY b DESC').all() as { name: string; b: number }[];
      for (const r of parts) if (r.b / occurrences >= 0.1) report(`db_bytes_per_occurrence${suffix}_${r.name}`, r.b / occurrences, 'B');
    };
    measure('');
    const marked = (await core.dispatch('reader.markAllKnown', { id: stored.TxID })) as { created: number };
    report('db_all_known_terms_created', marked.created, 'terms');
    measure('_all_known');
  } finally {
    core.cleanup();
  }
}

export default async function (report: Report) {
  const core = benchCore();
  const random = rng(42);
  const vocab = vocabulary(30_000, random);
  const pick = zipfPicker(vocab, random);
  try {
    const ctx = core.context();
    const lang = (await core.dispatch('languages.create', { LgName: 'German' })) as { LgID: number };

    // 1. Parse and store a 1 MB text.
    const mb = prose(pick, random, null, TEXT_BYTES);
    await core.dispatch('texts.create', { TxLgID: lang.LgID, TxTitle: 'warm-up', TxText: 'Ein kurzer Text.' });
    let t = now();
    const big = (await core.dispatch('texts.create', { TxLgID: lang.LgID, TxTitle: '1 MB', TxText: mb.text })) as { TxID: number };
    const parseStoreMs = ms(t);
    report('parse_store_1mb_text_ms', parseStoreMs, 'ms');

    // 2. The same occurrence rows by a bare prepared statement in one transaction.
    const rows = core.sqlite
      .prepare('SELECT Ti2TxID, Ti2Order, Ti2WordCount, Ti2WoID, Ti2TfID FROM word_occurrences WHERE Ti2TxID = ?')
      .raw()
      .all(big.TxID) as unknown[][];
    core.sqlite.prepare('DELETE FROM word_occurrences WHERE Ti2TxID = ?').run(big.TxID);
    const bare = core.sqlite.prepare('INSERT INTO word_occurrences (Ti2TxID, Ti2Order, Ti2WordCount, Ti2WoID, Ti2TfID) VALUES (?, ?, ?, ?, ?)');
    t = now();
    core.sqlite.transaction(() => {
      for (const r of rows) bare.run(...r);
    })();
    const bareMs = ms(t);
    report('parse_store_1mb_occurrences', rows.length, 'rows');
    report('parse_vs_bare_insert_ratio', parseStoreMs / bareMs, 'x');
    report('text_bytes_per_word', Buffer.byteLength(mb.text) / rows.length, 'B');
    await storageFigures(report, mb.text);

    // 3. Reading items of a 20,000-word chapter, 10k known terms of which 3k multi-word.
    const single = vocab.slice(0, 7000).map((w, i) => ({ WoLgID: lang.LgID, WoText: w, WoStatus: [1, 2, 3, 4, 5, 99][i % 6] }));
    const chapter = prose(pick, random, CHAPTER_WORDS, null);
    const chapterWords = chapter.text.split(/[\s,.?]+/).filter(Boolean);
    const phrases = new Set<string>();
    for (let i = 0; phrases.size < 3000 && i < chapterWords.length - 3; i += 3)
      phrases.add(
        chapterWords
          .slice(i, i + 2 + (i % 2))
          .join(' ')
          .toLowerCase(),
      );
    importTerms(ctx, lang.LgID, [...single, ...[...phrases].map((p) => ({ WoLgID: lang.LgID, WoText: p, WoStatus: 2 }))], { duplicates: 'skip' });
    const chapterText = (await core.dispatch('texts.create', { TxLgID: lang.LgID, TxTitle: 'chapter', TxText: chapter.text })) as { TxID: number };
    // GET /words comes as JSON text from a per-text cache that follows term changes: after a change it reads
    // again the forms the change touched and writes their statuses and ids into the text (src-main/modules/reader/words-payload.ts).
    // reader_items_20k_words_ms: each sample follows a status change of the chapter's most frequent word (not
    // timed); _rebuild_ms: each follows a new multi-word term found in the chapter, which moves occurrences, so
    // the payload is built again from the cached parse; _cached_ms: a repeated open. The reader payload
    // (reader_view_*) is still built again after every term change.
    const payloadText = (r: unknown) => (isJsonTextResult(r) ? r.$json : JSON.stringify(r));
    let flip = 1;
    const changeATerm = () => core.dispatch('reader.quickTerm', { WoLgID: lang.LgID, WoText: vocab[0], WoStatus: (flip = 3 - flip) });
    t = now();
    await core.dispatch('reader.words', { id: chapterText.TxID });
    report('reader_items_20k_words_first_open_ms', ms(t), 'ms');
    const samples: number[] = [];
    let json = '';
    for (let i = 0; i < SAMPLES; i++) {
      await changeATerm();
      t = now();
      json = payloadText(await core.dispatch('reader.words', { id: chapterText.TxID }));
      samples.push(ms(t));
    }
    const itemCount = (JSON.parse(json) as { items: unknown[] }).items.length;
    const multiRows = (
      core.sqlite.prepare('SELECT count(*) n FROM word_occurrences WHERE Ti2TxID = ? AND Ti2WordCount > 1').get(chapterText.TxID) as { n: number }
    ).n;
    report('reader_items_20k_words_ms', percentile(samples, 50), 'ms');
    report('reader_items_20k_words_items', itemCount, 'items');
    report('reader_items_20k_words_json_kb', Buffer.byteLength(json) / 1024, 'KB');
    const cached: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      t = now();
      await core.dispatch('reader.words', { id: chapterText.TxID });
      cached.push(ms(t));
    }
    report('reader_items_20k_words_cached_ms', percentile(cached, 50), 'ms');
    const pairs = [...new Set([...chapter.text.matchAll(/(?<!\p{L})\p{L}+ \p{L}+(?!\p{L})/gu)].map((m) => m[0].toLowerCase()))].filter((p) => !phrases.has(p));
    const rebuild: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      await core.dispatch('reader.multiCreate', { WoLgID: lang.LgID, WoText: pairs[i * 50], WoStatus: 3 });
      t = now();
      await core.dispatch('reader.words', { id: chapterText.TxID });
      rebuild.push(ms(t));
    }
    report('reader_items_20k_words_rebuild_ms', percentile(rebuild, 50), 'ms');
    t = now();
    const compact = payloadText(await core.dispatch('reader.words', { id: chapterText.TxID, view: 'compact' }));
    report('reader_items_20k_words_compact_first_ms', ms(t), 'ms');
    report('reader_items_20k_words_compact_kb', Buffer.byteLength(compact) / 1024, 'KB');
    report('reader_items_20k_words_multiword_occurrences', multiRows, 'rows');
    // The reader's own payload (GET /texts/{id}/reader), after a term change each time.
    const viewSamples: number[] = [];
    let viewJson = '';
    for (let i = 0; i < SAMPLES; i++) {
      await changeATerm();
      t = now();
      viewJson = payloadText(await core.dispatch('reader.view', { id: chapterText.TxID }));
      viewSamples.push(ms(t));
    }
    report('reader_view_20k_words_ms', percentile(viewSamples, 50), 'ms');
    report('reader_view_20k_words_json_kb', Buffer.byteLength(viewJson) / 1024, 'KB');

    // 4. Grow the library to 1M word occurrences, then create multi-word terms against it.
    const count = () => (core.sqlite.prepare('SELECT count(*) n FROM word_occurrences').get() as { n: number }).n;
    while (count() < LIBRARY_OCCURRENCES) {
      await core.dispatch('texts.create', { TxLgID: lang.LgID, TxTitle: 'library', TxText: prose(pick, random, null, TEXT_BYTES).text });
    }
    const occurrences = count();
    const createSamples: number[] = [];
    for (let i = 0; i < sized(9, 3); i++) {
      // Common words (rank 20-200) so each phrase has thousands of candidate positions.
      const phrase = `${vocab[20 + i * 17]} ${vocab[40 + i * 13]}`;
      t = now();
      await core.dispatch('reader.multiCreate', { WoLgID: lang.LgID, WoText: phrase, WoStatus: 1 });
      createSamples.push(ms(t));
    }
    report('multiword_create_library_occurrences', occurrences, 'rows');
    report('multiword_create_1m_occurrences_ms', percentile(createSamples, 50), 'ms');
    const quickSamples: number[] = [];
    for (let i = 0; i < sized(9, 3); i++) {
      t = now();
      await core.dispatch('reader.quickTerm', { WoLgID: lang.LgID, WoText: vocab[7000 + i], WoStatus: 2 });
      quickSamples.push(ms(t));
    }
    report('quick_term_1m_occurrences_ms', percentile(quickSamples, 50), 'ms');

    // Deleting a common term: the foreign key sets its occurrences' Ti2WoID to NULL through the partial index.
    const common = core.sqlite
      .prepare('SELECT Ti2WoID AS id, count(*) AS n FROM word_occurrences WHERE Ti2WoID IS NOT NULL GROUP BY Ti2WoID ORDER BY n DESC LIMIT 1 OFFSET 50')
      .get() as { id: number; n: number };
    t = now();
    await core.dispatch('terms.delete', { id: common.id });
    report('term_delete_1m_occurrences_ms', ms(t), 'ms');
    report('term_delete_1m_occurrences_unlinked', common.n, 'rows');

    // The whole library (1.1M occurrences, the 7,000 most frequent words and 3,000 phrases are terms).
    report('db_bytes_per_occurrence_library', databaseBytes(core) / count(), 'B');
    report(
      'db_linked_occurrence_share_library',
      (core.sqlite.prepare('SELECT avg(Ti2WoID IS NOT NULL) AS s FROM word_occurrences').get() as { s: number }).s,
      '',
    );

    // Deleting the language: texts, occurrences, sentences, forms and terms go by cascade.
    t = now();
    await core.dispatch('languages.delete', { id: lang.LgID });
    report('language_delete_1m_occurrences_ms', ms(t), 'ms');
  } finally {
    core.cleanup();
  }
}
