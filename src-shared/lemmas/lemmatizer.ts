// Runs in: any process. One language's automatic lemmatizer from a Hunspell table plus optional irregular
// forms (English: WordNet exception lists via wink-lexicon), with per-language ranking settings measured
// in bench/lemmas.bench.ts (see docs/vocabulary.md for the figures).
import { applyClass, candidates, indexTable, rankCandidates, type HunspellIndex, type HunspellTable, type RankOptions } from './analyzer';

export interface LanguageLemmaConfig extends RankOptions {
  /**
   * Suffix classes that are the plural of a derivation (en_US: X = -ions is N = -ion + s): a form read
   * through one of them takes the derived singular as lemma ("abbreviations" → "abbreviation").
   */
  derivedPlurals?: Record<string, string>;
  /** Suffix classes whose forms are new words, not inflections (-ion, -er, -ness, -ly, -able …). */
  derivational?: readonly string[];
  /**
   * Regular endings tried when the dictionary has no reading other than the form itself: [ending, replacement],
   * accepted only when the result is a headword ("longer" → "long", "cameramen" → "cameraman").
   */
  fallback?: readonly (readonly [string, string])[];
  /** Prefixes make new words ("reissuing" → "reissue", not "issue"): the lemma keeps the prefix. */
  keepPrefixes?: boolean;
}

/** Settings per ISO 639-1 code; absent codes use the defaults (derived-first, no prefix penalty). */
export const LANGUAGE_LEMMA_CONFIG: Record<string, LanguageLemmaConfig> = {
  en: {
    ranking: 'derived-first',
    prefixPenalty: 100,
    keepPrefixes: true,
    derivedPlurals: { X: 'N', Z: 'R', J: 'G' },
    derivational: ['N', 'R', 'V', 'P', 'Y', 'L', 'B', 'H'],
    fallback: [
      ['men', 'man'],
      ['ies', 'y'],
      ['ves', 'f'],
      ['ves', 'fe'],
      ['ches', 'ch'],
      ['shes', 'sh'],
      ['sses', 'ss'],
      ['xes', 'x'],
      ['s', ''],
      ['ied', 'y'],
      ['ed', 'e'],
      ['ed', ''],
      ['ing', 'e'],
      ['ing', ''],
      ['ier', 'y'],
      ['iest', 'y'],
      ['er', 'e'],
      ['er', ''],
      ['est', 'e'],
      ['est', ''],
    ],
  },
};

export interface Lemmatizer {
  /** The lemma of a word, or null when the word is unknown. A headword maps to itself. */
  lemma(word: string): string | null;
  /** Headwords known (the table's size) plus irregular forms. */
  forms: number;
}

export function createLemmatizer(table: HunspellTable, iso: string, irregular?: ReadonlyMap<string, string>): Lemmatizer {
  const index: HunspellIndex = indexTable(table);
  const config = LANGUAGE_LEMMA_CONFIG[iso] ?? {};
  const derivational = new Set(config.derivational ?? []);
  const fallback = (form: string): string | null => {
    for (const [ending, replacement] of config.fallback ?? []) {
      if (!form.endsWith(ending) || form.length - ending.length < 2) continue;
      const stem = form.slice(0, form.length - ending.length) + replacement;
      const entry = index.words.get(stem);
      if (entry) return entry[0].word;
      // Doubled final consonant: "stopped" → "stop".
      if (replacement === '' && stem.length > 2 && stem[stem.length - 1] === stem[stem.length - 2]) {
        const single = index.words.get(stem.slice(0, -1));
        if (single) return single[0].word;
      }
    }
    return null;
  };
  const single = (form: string): string | null => {
    const fixed = irregular?.get(form);
    if (fixed) return fixed;
    const list = candidates(index, form);
    let found: string | null = null;
    if (list.length) {
      // A derivation is a word of its own: "adapter" is not "adapt" (but "adapters" is "adapter").
      const usable = derivational.size ? list.filter((c) => !(c.depth === 1 && c.via && derivational.has(c.via))) : list;
      const best = rankCandidates(usable.length ? usable : list, config);
      if (best && usable.length === 0) found = form;
      else if (best) {
        const singularClass = best.via && config.derivedPlurals?.[best.via];
        found = singularClass && best.depth === 1 ? (applyClass(index, best.lemma, singularClass) ?? best.lemma) : best.lemma;
        if (best.prefix && config.keepPrefixes) {
          const { strip, add } = best.prefix;
          const low = found.toLowerCase();
          found = add + (strip && low.startsWith(strip) ? low.slice(strip.length) : low);
        }
      }
    }
    if (found === null || found.toLowerCase() === form) found = fallback(form) ?? found;
    return found;
  };
  const lemma = (word: string): string | null => {
    const form = word.trim().toLowerCase();
    if (!form) return null;
    const found = single(form);
    if ((found === null || found.toLowerCase() === form) && form.includes('-')) {
      // A hyphenated compound inflects at its end: "ant-hills" → "ant-hill".
      const cut = form.lastIndexOf('-');
      const head = form.slice(0, cut + 1);
      const last = single(form.slice(cut + 1));
      if (last && head.length > 1) return head + last.toLowerCase();
    }
    return found;
  };
  return { lemma, forms: index.size + (irregular?.size ?? 0) };
}
