// Vocabulary figures: bulk term import, similar-terms suggestions and word-family pages on a large vocabulary.
import type { Report } from './run';
import { benchCore, ms, now, percentile, sized } from './helpers';

/** Rows of the bulk import, and terms of the language the suggestions and families are asked of. */
const IMPORT_ROWS = sized(100_000, 5_000);
const SIMILAR_TERMS = sized(50_000, 5_000);
import { importFromSource } from '../src-main/modules/terms/import';
import { similarTerms } from '../src-main/modules/terms/similar';
import { listFamilies } from '../src-main/modules/lemmas/service';
import { createLanguage } from '../src-main/modules/languages/service';

/** Deterministic pseudo-words built from syllables, so letter pairs overlap the way real words do. */
function words(count: number, seed: number): string[] {
  const syllables = [
    'ka',
    'ri',
    'mo',
    'ten',
    'ver',
    'sch',
    'lau',
    'fen',
    'ge',
    'hau',
    'ser',
    'ung',
    'ein',
    'an',
    'be',
    'zu',
    'lich',
    'keit',
    'st',
    'or',
    'ba',
    'du',
    'ni',
    'pe',
  ];
  let x = seed >>> 0 || 1;
  // xorshift32: exact in 32-bit integer arithmetic.
  const rnd = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
  const out = new Set<string>();
  while (out.size < count) {
    const n = 2 + Math.floor(rnd() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += syllables[Math.floor(rnd() * syllables.length)];
    out.add(w + (out.size % 7 === 0 ? 'en' : ''));
  }
  return [...out];
}

export default async function (report: Report) {
  const core = benchCore();
  try {
    const ctx = core.context();
    // 100k-row TSV: term, translation, tags, status, lemma (families of about three forms).
    const lgImport = createLanguage(ctx, { LgName: 'Bench Import', LgIsoCode: 'de' }).LgID;
    const list = words(IMPORT_ROWS, 7);
    const tsv = list.map((w, i) => `${w}\ttranslation of ${w}\t${i % 10 === 0 ? 'bench,tag' + (i % 50) : ''}\t${1 + (i % 5)}\t${list[i - (i % 3)]}`).join('\n');
    let t = now();
    const result = await importFromSource(ctx, {
      language_id: lgImport,
      text: tsv,
      delimiter: 'tab',
      columns: ['term', 'translation', 'tags', 'status', 'lemma'],
      has_header: false,
    });
    report('term_import_100k_rows_ms', ms(t), 'ms');
    if (result.created !== IMPORT_ROWS) throw new Error(`expected ${IMPORT_ROWS} created, got ${result.created}`);

    // 50k terms in one language for suggestions and families.
    const lg = createLanguage(ctx, { LgName: 'Bench Similar', LgIsoCode: 'de' }).LgID;
    const fifty = words(SIMILAR_TERMS, 11);
    await importFromSource(ctx, {
      language_id: lg,
      text: fifty.map((w, i) => `${w}\t${fifty[i - (i % 4)]}\t${i % 13 === 0 ? 99 : 1}`).join('\n'),
      delimiter: 'tab',
      columns: ['term', 'lemma', 'status'],
      has_header: false,
    });
    t = now();
    similarTerms(ctx, { language_id: lg, term: 'warmup' });
    report('similar_terms_index_build_ms', ms(t), 'ms');
    const queries = words(sized(300, 50), 99);
    const samples: number[] = [];
    for (const q of queries) {
      t = now();
      similarTerms(ctx, { language_id: lg, term: q });
      samples.push(ms(t));
    }
    report('similar_terms_p50_ms', percentile(samples, 50), 'ms');
    report('similar_terms_p95_ms', percentile(samples, 95), 'ms');

    t = now();
    listFamilies(ctx, lg, { page: 1, perPage: 50 });
    report('word_families_first_page_ms', ms(t), 'ms');
    const pages: number[] = [];
    for (let page = 1; page <= sized(20, 5); page++) {
      t = now();
      listFamilies(ctx, lg, { page, perPage: 50 });
      pages.push(ms(t));
    }
    report('word_families_page_ms', percentile(pages, 50), 'ms');
  } finally {
    core.cleanup();
  }
}
